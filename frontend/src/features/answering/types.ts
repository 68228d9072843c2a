import type * as api from '@/api/types';

/** How the questions of a group are answered (spec §3). */
export const GroupType = {
  Unused: 0,
  TextInput: 1,
  Grading: 2,
} as const;
export type GroupType = (typeof GroupType)[keyof typeof GroupType];

/** One grading label and the value an answer stores for it. */
export type GradingOption = api.GradingOption;

/** A question of a group; the help text guides the supervisor. */
export type FormQuestion = api.FormQuestion;

/** A question group: one page of the form page. */
export type FormGroup = api.FormGroup;

/** A form as `GET /api/forms/{id}` sends it. */
export type AnsweringForm = api.Form;

/** The part an answer-set author plays: student (S), supervisor (PV), teacher (PL). */
export type AuthorRole = api.AuthorRole;

/** One answer in a set: a grading value ("0".."4", "5" not relevant) or free text, and the author's comment. */
export type Answer = api.Answer;

/** A comment on a question, with its author as the comment badge shows them. */
export type AnswerComment = api.AnswerComment;

/** One author's answers to one assignment about one student (`GET /api/answers/{id}`). */
export type AnswerSet = api.AnswerSet;

/** A save's answer: the set's new version and the questions sent, as now stored. */
export type SavedAnswerSet = api.SavedAnswerSet;

/** The answer sets of one assignment, by place. */
export type FormHalf = api.AnswerHalf;

/** Everything answered about a student for one form in a class (`…/forms/{formId}/full`). */
export type StudentFormFull = api.StudentFormFull;

/** `POST /api/answers`. */
export type SaveAnswersInput = Required<
  Pick<api.AnswersInput, 'assignmentId' | 'studentUserId' | 'version' | 'deliver'>
> & { answers: Answer[] };

/** A student in the supervisor's class list (`GET /api/classes/advisor`). */
export type ClassStudent = api.Person;
