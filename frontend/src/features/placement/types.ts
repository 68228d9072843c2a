import type { Period } from '@/api/types';

/** A semester and where it stands, as the server sends them. */
export type { Period, PeriodStatus } from '@/api/types';

/** A subject. */
export interface Subject {
  id: number;
  subjectCode: string;
  name: string;
}

/** A form as lists name it. */
export interface FormRef {
  id: number;
  name: string;
  isMainForm: boolean;
}

/** A form's place in a class for one half of the placement. */
export interface Assignment {
  id: number;
  classId: number;
  formId: number;
  isMidSemester: boolean;
  forms: FormRef[];
}

/** A class: a subject in a semester (`GET /api/classes/{id}`). */
export interface PlacementClass {
  id: number;
  periodId: number;
  period: Period;
  subjectId: number;
  subject: Subject;
  assignments: Assignment[];
  /** YYYY-MM-DD or null */
  midSemesterDate: string | null;
  /** YYYY-MM-DD or null */
  endSemesterDate: string | null;
  forms: FormRef[];
  /** The main-form assignment offered today (mid up to and including the mid date, else end). */
  currentMainAssignment?: Assignment | null;
}

/** A person as lists name them. */
export interface PersonRef {
  id: number;
  displayName: string;
}

/** One of a student's supervisors; the primary one comes first. */
export interface Supervisor {
  id: number;
  displayName: string;
  email: string;
  phoneNumber: string | null;
  isPrimary: boolean;
}

/** A class of the signed-in student (`GET /api/classes/me/student`). */
export interface StudentClass extends PlacementClass {
  teacher: (PersonRef & { email: string }) | null;
  supervisors: Supervisor[];
}

/** A class on the teacher's home (`GET /api/classes/mine`). */
export interface TeacherClass extends PlacementClass {
  teachers: PersonRef[];
  studentCount: number;
  myStudentCount: number;
  isMine: boolean;
}

/** The classes of one semester on the teacher's home. */
export interface TeacherHomeGroup {
  period: Period;
  mine: TeacherClass[];
  others: TeacherClass[];
}

/** Where a student's warning stands; `draft` is shown to the class's teachers only. */
export type WarningState = 'none' | 'draft' | 'given' | 'confirmed';

/** Where a signing form stands. */
export type SigningFormStatus = 'none' | 'saved' | 'midConfirmed' | 'endCompleted' | 'signing' | 'locked';

/** The three who answer forms and sign. */
export type Party = 'student' | 'advisor' | 'teacher';

/** How far one role has come with one half of a form. */
export interface RoleProgress {
  answered: number;
  delivered: boolean;
}

/** One half (mid or end) of a form, answered per role. */
export interface HalfProgress {
  assignmentId: number;
  isMidSemester: boolean;
  total: number;
  student: RoleProgress;
  advisor: RoleProgress;
  teacher: RoleProgress;
}

/** A form of the class and how far each role has come with it. */
export interface FormProgress {
  formId: number;
  name: string;
  isMainForm: boolean;
  halves: HalfProgress[];
}

/** A student of a class at a glance (`GET /api/classes/{id}/students`, `GET /api/classes/advisor`). */
export interface StudentRow {
  id: number;
  displayName: string;
  email: string;
  isMine: boolean;
  teacher: PersonRef | null;
  supervisors: Supervisor[];
  warning: WarningState;
  signingForm: {
    status: SigningFormStatus;
    signedByTeacher: boolean;
    signedByStudent: boolean;
    signedByAdvisor: boolean;
  };
  forms: FormProgress[];
}

/** A class on the supervisor's home (`GET /api/classes/advisor`). */
export interface AdvisorClass extends PlacementClass {
  /** The supervisor's own students. */
  students: StudentRow[];
  /** Students of the class the supervisor may take on. */
  otherStudents: PersonRef[];
}

/** The people of a class (`GET /api/classes/{id}/users`). */
export interface ClassUsers {
  teachers: PersonRef[];
  students: PersonRef[];
  advisors: PersonRef[];
}

/** Why a signing form waits (`GET /api/classes/{id}/signing-status`). */
export type SigningWait = 'noForm' | 'midNotConfirmed' | 'endNotCompleted' | 'awaitingSignatures';

/** A student whose signing form waits for someone. Locked forms are left out. */
export interface SigningStatusRow {
  studentId: number;
  displayName: string;
  signingFormId: number | null;
  status: SigningWait;
  waitingFor: Party[];
  midSemesterCompletedDate: string | null;
  endSemesterCompletedDate: string | null;
}

/** One graded question compared across roles: 0 is the first label (Selvstendig) up to levels − 1. */
export interface QuestionComparison {
  formQuestionId: number;
  text: string;
  group: string;
  levels: number;
  student: number | null;
  advisor: number | null;
  teacher: number | null;
  expected: number | null;
  /** The roles that marked the question not relevant. */
  notRelevant: Party[];
}

/** A half with its questions compared. */
export interface HalfDetail extends HalfProgress {
  questions: QuestionComparison[];
}

/** A form with its halves compared. */
export interface FormDetail {
  formId: number;
  name: string;
  isMainForm: boolean;
  halves: HalfDetail[];
}

/** The student's progress (`GET …/students/{studentId}/progress`). */
export interface StudentProgress {
  classId: number;
  studentUserId: number;
  forms: FormDetail[];
}

/** A warning of possible failure (`GET …/warning`). */
export interface Warning {
  id: number;
  classId: number;
  studentUserId: number;
  teacherUserId: number;
  comment: string;
  passRequirement: string;
  passRequirementSummary: string;
  createdAt: string;
  /** Set when the teacher sent it; a draft has none. */
  submittedAt: string | null;
  updatedAt: string;
  studentConfirmedWarningAt: string | null;
}

/** The texts of a warning. */
export interface WarningTexts {
  comment: string;
  passRequirement: string;
  passRequirementSummary: string;
}

/** When a warning is due (`GET …/warning/deadline`): the placement's midpoint, at the latest three weeks before its end. */
export interface WarningDeadline {
  midpoint: string;
  lastDate: string;
}

/** Where a supervisor invitation stands. */
export type InvitationStatus = 'sent' | 'expired' | 'accepted';

/** A supervisor invitation (`GET /api/invitations/advisor/me`). */
export interface Invitation {
  classId: number;
  studentUserId: number;
  email: string;
  createdAt: string;
  expiresAtUtc: string;
  accepted: boolean;
  acceptedAt: string | null;
  expired: boolean;
  status: InvitationStatus;
}

/** An accepted invitation, with whom and what it is for. */
export interface AcceptedInvitation extends Invitation {
  studentName?: string;
  subjectCode?: string;
  subjectName?: string;
  periodName?: string;
}

/** One line of a student's audit trail. */
export interface AuditEntry {
  id: number;
  occurredAt: string;
  action: string;
  /** What happened, in the caller's language. */
  label: string;
  entity: string;
  entityId: number | null;
  actorId: number | null;
  actorName: string | null;
  /** S, PL, PV, Admin, or system. */
  actorRole: string;
  party?: string;
  signInMethod?: string;
}

/** The answer of adding a supervisor to a class. */
export interface AddedAdvisor {
  id: number;
  displayName: string;
  email: string;
  accountCreated: boolean;
  /** False when the person was a supervisor of the class already. */
  linked: boolean;
}

/** A student's signing form, the parts these pages use (`GET …/signingform`). */
export interface SigningFormSummary {
  id: number;
  isLocked: boolean;
  midSemesterCompletedDate: string | null;
  endSemesterCompletedDate: string | null;
  signedByTeacherDate: string | null;
  signedByStudentDate: string | null;
  signedByAdvisorDate: string | null;
}
