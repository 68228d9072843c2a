import type * as api from '@/api/types';

/** Answer of a yes/no question on the signing form. */
export type YesNo = NonNullable<api.SigningForm['attendancePassed']>;

/** Answer of a yes/no question that also allows "not relevant". */
export type YesNoNotRelevant = NonNullable<api.SigningForm['workRequirementsPassed']>;

/** The overall result of the placement. */
export type PassedFailed = NonNullable<api.SigningForm['overallPassed']>;

/** Every value a radio question on the form can hold. */
export type SigningAnswer = YesNoNotRelevant | PassedFailed;

/** How a signer signed in when signing. */
export type SignInMethod = NonNullable<api.SigningForm['signedByTeacherSignInMethod']>;

/** The three who sign, in the order the form shows them. */
export const PARTIES = ['teacher', 'advisor', 'student'] as const;

/** One who signs: the class's teacher, the student's own supervisor (advisor) or the student. */
export type Party = (typeof PARTIES)[number];

/** A date as `YYYY-MM-DD`. */
export type IsoDate = api.DateString;

/** A moment as RFC 3339 (UTC). */
export type Timestamp = string;

/**
 * A student's signing form (`GET …/signingform`). Until the teacher creates
 * it the page shows a blank one: id -1, every value null, unlocked.
 */
export type SigningForm = api.SigningForm;

/** The answers the teacher gives on the form. */
type TeacherField =
  | 'midSemesterCompletedDate'
  | 'midSemesterStudentHasGivenFeedback'
  | 'midSemesterSpecificCompetenceAreasBegun'
  | 'attendancePassed'
  | 'workRequirementsPassed'
  | 'specificCompetenceAreasPassed'
  | 'generalCompetenceAreasPassed'
  | 'teacherComment'
  | 'overallPassed';

/**
 * The teacher's part of the form: what a save sends (the server decides
 * which parts may change). The body's schema leaves every field optional; a
 * save always sends all of them, null when unanswered.
 */
export type SigningFormValues = Required<Pick<api.SigningInput, TeacherField>>;

/** The body of `POST`/`PUT …/signingform`: the values with the form's id and the version last seen. */
export type SigningFormInput = Required<Pick<api.SigningInput, TeacherField | 'id' | 'version'>>;

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
export type SupervisorRef = api.Supervisor;

/** A class as `GET /api/classes/{id}` shows it (the parts the form needs). */
export type SigningClass = Pick<api.SchoolClass, 'id' | 'period' | 'subject' | 'midSemesterDate' | 'endSemesterDate'>;

/**
 * The people shown at the top of the form and next to each signature. Not a
 * wire shape: built from whichever class lists the caller's role may read.
 */
/** The people shown at the top of the form and next to each signature. */
export interface SigningPeople {
  student: PersonRef | null;
  teacher: PersonRef | null;
  /** The student's supervisors, primary first. */
  supervisors: SupervisorRef[];
  /** Names by user id of everyone the caller can see (for the signers). */
  names: Record<number, string>;
}
