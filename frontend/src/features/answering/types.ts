/** How the questions of a group are answered (spec §3). */
export const GroupType = {
  Unused: 0,
  TextInput: 1,
  Grading: 2,
} as const;
export type GroupType = (typeof GroupType)[keyof typeof GroupType];

/** One grading label and the value an answer stores for it. */
export interface GradingOption {
  label: string;
  value: number;
}

/** A question of a group; the help text guides the supervisor. */
export interface FormQuestion {
  id: number;
  formQuestionGroupId: number;
  text: string;
  order: number;
  helpText: string | null;
}

/** A question group: one page of the form page. */
export interface FormGroup {
  id: number;
  formId: number;
  name: string;
  type: number;
  options: GradingOption[];
  order: number;
  questions: FormQuestion[];
}

/** A form as `GET /api/forms/{id}` sends it. */
export interface AnsweringForm {
  id: number;
  name: string;
  isMainForm: boolean;
  groups: FormGroup[];
  hasGuidancePdf: boolean;
  guidancePdfName: string | null;
}

/** The part an answer-set author plays: student (S), supervisor (PV), teacher (PL). */
export type AuthorRole = 'student' | 'advisor' | 'teacher';

/** One answer in a set: a grading value ("0".."4", "5" not relevant) or free text, and the author's comment. */
export interface Answer {
  formQuestionId: number;
  value: string | null;
  comment: string | null;
}

/** A comment on a question, with its author as the comment badge shows them. */
export interface AnswerComment {
  id: number;
  formQuestionId: number;
  userId: number;
  userName: string;
  role: AuthorRole;
  roleTag: string;
  comment: string;
  createdAt: string;
  commentedAt: string;
  updatedAt: string;
}

/** One author's answers to one assignment about one student (`GET /api/answers/{id}`). */
export interface AnswerSet {
  id: number;
  assignmentId: number;
  formId: number;
  classId: number;
  subjectId: number;
  studentUserId: number;
  userId: number;
  userName: string;
  role: AuthorRole;
  roleTag: string;
  isMidSemester: boolean;
  version: number;
  deliveredAt: string | null;
  createdAt: string;
  updatedAt: string;
  answers: Answer[];
  comments: AnswerComment[];
}

/** The answer sets of one assignment, by place. */
export interface FormHalf {
  assignmentId: number;
  isMidSemester: boolean;
  student: AnswerSet | null;
  advisor: AnswerSet | null;
  teacher: AnswerSet | null;
  others: AnswerSet[];
}

/** Everything answered about a student for one form in a class (`…/forms/{formId}/full`). */
export interface StudentFormFull {
  classId: number;
  studentUserId: number;
  formId: number;
  /** The role the caller answers in; null when the caller only reads. */
  answerAs: AuthorRole | null;
  midSemester: FormHalf | null;
  endSemester: FormHalf | null;
}

/** `POST /api/answers`. */
export interface SaveAnswersInput {
  assignmentId: number;
  studentUserId: number;
  version: number;
  answers: Answer[];
  deliver: boolean;
}

/** A student in the supervisor's class list (`GET /api/classes/advisor`). */
export interface ClassStudent {
  id: number;
  displayName: string;
}
