import type { Period } from '@/api/types';

/** Group type: free text answers. */
export const GROUP_TYPE_TEXT = 1;
/** Group type: graded on the independence scale (the default for new groups). */
export const GROUP_TYPE_GRADING = 2;

/** How the questions of a group are answered. */
export type GroupType = typeof GROUP_TYPE_TEXT | typeof GROUP_TYPE_GRADING;

/** A value of the grading scale: 0 (Selvstendig) to 4 (Uselvstendig). */
export const GRADING_LEVELS = [0, 1, 2, 3, 4] as const;

/** The value one past the last grading label: not relevant. */
export const NOT_RELEVANT = GRADING_LEVELS.length;

/** A form as the list shows it (`GET /api/forms`). */
export interface FormSummary {
  id: number;
  name: string;
  isMainForm: boolean;
}

/** A question of a form. */
export interface FormQuestion {
  id: number;
  formQuestionGroupId: number;
  text: string;
  order: number;
  /** Help for the supervisor; null when none. */
  helpText: string | null;
}

/** A label of a grading group. */
export interface GradingOption {
  label: string;
  value: number;
}

/** A question group of a form. */
export interface FormGroup {
  id: number;
  formId: number;
  name: string;
  type: GroupType;
  order: number;
  options: GradingOption[];
  questions: FormQuestion[];
}

/** A whole form (`GET /api/forms/{id}`). */
export interface Form extends FormSummary {
  hasGuidancePdf: boolean;
  guidancePdfName: string | null;
  groups: FormGroup[];
}

/** A question as the editor sends it: with id when it exists already. */
export interface FormQuestionInput {
  id?: number;
  text: string;
  helpText: string | null;
}

/** A group as the editor sends it. */
export interface FormGroupInput {
  id?: number;
  name: string;
  type: GroupType;
  questions: FormQuestionInput[];
}

/** The body of `POST /api/forms` (and, with ids, `PUT /api/forms`). */
export interface FormInput {
  id?: number;
  name: string;
  isMainForm: boolean;
  groups: FormGroupInput[];
}

/** A subject (`GET /api/subjects`). */
export interface Subject {
  id: number;
  subjectCode: string;
  name: string;
}

/** A semester and where it stands, as the server sends them. */
export type { Period, PeriodStatus } from '@/api/types';

/** A form's place in a class for one half of the semester. */
export interface Assignment {
  id: number;
  classId: number;
  formId: number;
  isMidSemester: boolean;
  forms: FormSummary[];
}

/** A class: a subject in a semester (`GET /api/classes/{id}`). */
export interface SchoolClass {
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
  forms: FormSummary[];
}

/** A person as lists show them. */
export interface Person {
  id: number;
  displayName: string;
}

/** The people of a class (`GET /api/classes/{id}/users`). */
export interface ClassUsers {
  teachers: Person[];
  students: Person[];
  advisors: Person[];
}

/** An expected level for one question; value "0"–"4", "5" not relevant, null none. */
export interface ExpectationAnswer {
  formQuestionId: number;
  value: string | null;
}

/** The expectations of a class for a form and half. */
export interface ExpectationSet {
  classId: number;
  formId: number;
  isMidSemester: boolean;
  answers: ExpectationAnswer[];
}

/** A role as the server names it. */
export interface Role {
  id: number;
  name: string;
}

/** A user in the list (`GET /api/users`). */
export interface UserListItem {
  id: number;
  displayName: string;
  email: string;
  isActive: boolean;
  roles: Role[];
}

/** A student's class, teacher and supervisor. */
export interface StudentReference {
  classId: number;
  userId: number;
  advisorUserId: number | null;
  teacherUserId: number | null;
  isPrimary?: boolean;
}

/** A user with roles and class relations (`GET /api/users/{id}`). */
export interface AdminUser extends UserListItem {
  teacherClasses: number[];
  advisorClasses: number[];
  studentReferences: StudentReference[];
  studentUserReferences: { userId: number }[];
}

/** The body of `PATCH /api/users/{id}`; fields left out stay as they are. */
export interface UserPatch {
  roles: number[];
  teacherClasses?: number[];
  advisorClasses?: number[];
  studentReferences?: {
    classId: number;
    userId: number;
    advisorUserId: number | null;
    teacherUserId: number | null;
  }[];
  isActive?: boolean;
}

/** The body of `POST /api/users`. */
export interface NewUser {
  displayName: string;
  email: string;
  roles: number[];
}

/** How a school text is edited and checked. */
export type SchoolTextKind = 'text' | 'markdown' | 'url' | 'email';

/** One school text in every language: the school's own value and the default. */
export interface SchoolText {
  key: string;
  kind: SchoolTextKind;
  maxLength: number;
  values: Record<string, { value: string; default: string }>;
}

/** A school's colours and images. */
export interface SchoolTheme {
  primaryColor: string;
  secondaryColor: string;
  logoUrl?: string;
  faviconUrl?: string;
}

/** The texts editor's data (`GET /api/tenant/texts`). */
export interface SchoolTexts {
  languages: string[];
  texts: SchoolText[];
  theme: SchoolTheme;
  themeDefault: SchoolTheme;
}
