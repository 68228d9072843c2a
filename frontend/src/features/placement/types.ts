import type * as api from '@/api/types';

/** A semester and where it stands, as the server sends them. */
export type { Period, PeriodStatus } from '@/api/types';

/** A subject. */
export type Subject = api.Subject;

/** A form as lists name it. */
export type FormRef = api.FormSummary;

/** A form's place in a class for one half of the placement. */
export type Assignment = api.Assignment;

/** A class: a subject in a semester (`GET /api/classes/{id}`). */
export type PlacementClass = api.SchoolClass;

/** A person as lists name them. */
export type PersonRef = api.Person;

/** One of a student's supervisors; the primary one comes first. */
export type Supervisor = api.Supervisor;

/** A class of the signed-in student (`GET /api/classes/me/student`). */
export type StudentClass = api.StudentClass;

/** A class on the teacher's home (`GET /api/classes/mine`). */
export type TeacherClass = api.TeacherClass;

/** The classes of one semester on the teacher's home. */
export type TeacherHomeGroup = api.PeriodClasses;

/** Where a student's warning stands; `draft` is shown to the class's teachers only. */
export type WarningState = 'none' | 'draft' | 'given' | 'confirmed';

/** Where a signing form stands. */
export type SigningFormStatus = 'none' | 'saved' | 'midConfirmed' | 'endCompleted' | 'signing' | 'locked';

/** The three who answer forms and sign. */
export type Party = 'student' | 'advisor' | 'teacher';

/** How far one role has come with one half of a form. */
export type RoleProgress = api.RoleProgress;
/** A role's due date for a half and where it stands: open, overdue, onTime or late. */
export type DeadlineStatus = api.DeadlineStatus;

/** One half (mid or end) of a form, answered per role. */
export type HalfProgress = api.HalfProgress;

/** A form of the class and how far each role has come with it. */
export type FormProgress = api.FormProgress;

/** A student of a class at a glance (`GET /api/classes/{id}/students`, `GET /api/classes/advisor`). */
export type StudentRow = api.StudentOverview;

/** A class on the supervisor's home (`GET /api/classes/advisor`). */
export type AdvisorClass = api.AdvisorClass;

/** The people of a class (`GET /api/classes/{id}/users`). */
export type ClassUsers = api.ClassUsers;

/** Why a signing form waits (`GET /api/classes/{id}/signing-status`). */
export type SigningWait = 'noForm' | 'midNotConfirmed' | 'endNotCompleted' | 'awaitingSignatures';

/** A student whose signing form waits for someone. Locked forms are left out. */
export type SigningStatusRow = api.StudentSigningStatus;

/** One graded question compared across roles: 0 is the first label (Selvstendig) up to levels − 1. */
export type QuestionComparison = api.QuestionComparison;

/** A half with its questions compared; the server leaves questions out when the half has no graded ones. */
export type HalfDetail = api.HalfProgress;

/** A form with its halves compared. */
export type FormDetail = api.FormProgress;

/** The student's progress (`GET …/students/{studentId}/progress`). */
export type StudentProgress = api.StudentProgress;

/** A warning of possible failure (`GET …/warning`). */
export type Warning = api.Warning;

/** The texts of a warning. */
export type WarningTexts = Required<api.WarningDraftInput>;

/** When a warning is due (`GET …/warning/deadline`): the placement's midpoint, at the latest three weeks before its end. */
export type WarningDeadline = api.WarningDeadline;

/** Where a supervisor invitation stands. */
export type InvitationStatus = 'sent' | 'expired' | 'accepted';

/** A supervisor invitation (`GET /api/invitations/advisor/me`). */
export type Invitation = api.Invitation;

/** An accepted invitation, with whom and what it is for. */
export type AcceptedInvitation = api.AcceptedInvitation;

/** One line of a student's audit trail. */
export type AuditEntry = api.AuditEntry;

/** The answer of adding a supervisor to a class. */
export type AddedAdvisor = api.AddedAdvisor;

/** A student's signing form, the parts these pages use (`GET …/signingform`). */
export type SigningFormSummary = Pick<
  api.SigningForm,
  | 'id'
  | 'isLocked'
  | 'midSemesterCompletedDate'
  | 'endSemesterCompletedDate'
  | 'signedByTeacherDate'
  | 'signedByStudentDate'
  | 'signedByAdvisorDate'
>;
