import type * as api from '@/api/types';

/** Answer of a yes/no question on the signing form. */
export type YesNo = 'yes' | 'no';

/** Answer of a yes/no question that also allows "not relevant". */
export type YesNoNotRelevant = YesNo | 'notRelevant';

/** The overall result of the placement. */
export type PassedFailed = 'passed' | 'failed';

/** Every value a radio question on the form can hold. */
export type SigningAnswer = YesNoNotRelevant | PassedFailed;

/** How a signer signed in when signing. */
export type SignInMethod = 'feide' | 'vipps' | 'code';

/** The three who sign, in the order the form shows them. */
export const PARTIES = ['teacher', 'advisor', 'student'] as const;

/** One who signs: the class's teacher, the student's own supervisor (advisor) or the student. */
export type Party = (typeof PARTIES)[number];

/** A date as `YYYY-MM-DD`. */
export type IsoDate = string;

/** A moment as RFC 3339 (UTC). */
export type Timestamp = string;

/**
 * A student's signing form (`GET …/signingform`). Until the teacher creates
 * it the page shows a blank one: id -1, every value null, unlocked.
 */
export type SigningForm = api.SigningForm;

/** The teacher's part of the form: what a save sends (the server decides which parts may change). */
export interface SigningFormValues {
  midSemesterCompletedDate: IsoDate | null;
  midSemesterStudentHasGivenFeedback: YesNoNotRelevant | null;
  midSemesterSpecificCompetenceAreasBegun: YesNo | null;
  attendancePassed: YesNo | null;
  workRequirementsPassed: YesNoNotRelevant | null;
  specificCompetenceAreasPassed: YesNo | null;
  generalCompetenceAreasPassed: YesNo | null;
  teacherComment: string | null;
  overallPassed: PassedFailed | null;
}

/** The body of `POST`/`PUT …/signingform`. */
export interface SigningFormInput extends SigningFormValues {
  id: number;
  version: number;
}

/** The teacher's progress on the main form for one half and question type. */
export type TeacherAnswerSummary = api.TeacherAnswerSummary;

/** `GET …/signingform/validation`. */
export type SigningValidation = api.SigningValidation;

/** Where a student's form stands in `GET /api/classes/{id}/signing-status`. */
export type SigningStatusCode = 'noForm' | 'midNotConfirmed' | 'endNotCompleted' | 'awaitingSignatures';

/** One student whose signing form waits for someone (locked forms are left out). */
export type StudentSigningStatus = api.StudentSigningStatus;

/** A person as the class endpoints name them. */
export type PersonRef = api.Person;

/** A supervisor of a student, primary first. */
export interface SupervisorRef extends PersonRef {
  isPrimary?: boolean;
}

/** A class as `GET /api/classes/{id}` shows it (the parts the form needs). */
export interface SigningClass {
  id: number;
  period: { id: number; name: string; startDate: IsoDate; endDate: IsoDate } | null;
  subject: { id: number; subjectCode: string; name: string } | null;
  midSemesterDate: IsoDate | null;
  endSemesterDate: IsoDate | null;
}

/** The people shown at the top of the form and next to each signature. */
export interface SigningPeople {
  student: PersonRef | null;
  teacher: PersonRef | null;
  /** The student's supervisors, primary first. */
  supervisors: SupervisorRef[];
  /** Names by user id of everyone the caller can see (for the signers). */
  names: Record<number, string>;
}
