import type { IsoDate, Party, SigningForm, SigningFormInput, SigningFormValues } from './types';

/**
 * The signing form's lifecycle as the page shows it (spec §4). The server
 * enforces every rule; the page follows the same rules so that it offers
 * only what the server will accept.
 *
 * none → saved → mid confirmed (mid section locked; the end section opens
 * once the mid date has come) → end completed → signed by teacher,
 * supervisor and student in any order → locked for good.
 */

/** Id of the blank form shown until the teacher creates one. */
export const BLANK_ID = -1;

/** The blank form of a student who has none (spec §3). */
export function blankForm(classId: number, studentUserId: number): SigningForm {
  return {
    id: BLANK_ID,
    studentReferencesId: BLANK_ID,
    classId,
    studentUserId,
    isLocked: false,
    lockedAt: null,
    version: 0,
    midSemesterCompletedDate: null,
    endSemesterCompletedDate: null,
    signedByTeacherDate: null,
    signedByTeacherUserId: null,
    signedByTeacherSignInMethod: null,
    signedByStudentDate: null,
    signedByStudentUserId: null,
    signedByStudentSignInMethod: null,
    signedByAdvisorDate: null,
    signedByAdvisorUserId: null,
    signedByAdvisorSignInMethod: null,
    signWithoutAdvisorConfirmedDate: null,
    attendancePassed: null,
    workRequirementsPassed: null,
    specificCompetenceAreasPassed: null,
    generalCompetenceAreasPassed: null,
    teacherComment: null,
    overallPassed: null,
    midSemesterStudentHasGivenFeedback: null,
    midSemesterSpecificCompetenceAreasBegun: null,
    assessmentResultArchivedAt: null,
    assessmentResultSubmittedAt: null,
    deadlines: {},
  };
}

/** Today's date in Norway, where the placements are (the server decides by the same calendar). */
export function osloToday(now: Date = new Date()): IsoDate {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Oslo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** A party's signature: when, by whom and how they signed in; null fields until signed. */
export interface Signature {
  party: Party;
  at: string | null;
  userId: number | null;
  method: string | null;
}

/** Each party's signature, in the order the form shows them. */
export function signatures(form: SigningForm): Signature[] {
  return [
    {
      party: 'teacher',
      at: form.signedByTeacherDate,
      userId: form.signedByTeacherUserId,
      method: form.signedByTeacherSignInMethod,
    },
    {
      party: 'advisor',
      at: form.signedByAdvisorDate,
      userId: form.signedByAdvisorUserId,
      method: form.signedByAdvisorSignInMethod,
    },
    {
      party: 'student',
      at: form.signedByStudentDate,
      userId: form.signedByStudentUserId,
      method: form.signedByStudentSignInMethod,
    },
  ];
}

/** Whether a party has signed. */
export function hasSigned(form: SigningForm, party: Party): boolean {
  switch (party) {
    case 'teacher':
      return form.signedByTeacherDate !== null;
    case 'advisor':
      return form.signedByAdvisorDate !== null;
    case 'student':
      return form.signedByStudentDate !== null;
  }
}

/** Where a form stands on a given day, and what each part of the page may do. */
export interface SigningState {
  /** The teacher has created the form (id > 0). */
  exists: boolean;
  locked: boolean;
  midConfirmed: boolean;
  /** Mid is confirmed, but its date is still to come: the end section waits. */
  waitingForMidDate: boolean;
  /** The end section may be filled in: mid confirmed and its date has come. */
  endOpen: boolean;
  endCompleted: boolean;
  anySigned: boolean;
  /** The parties who have not signed, in display order. */
  notSigned: Party[];
  /** The teacher may edit the mid section: not locked, not confirmed, nobody signed. */
  midEditable: boolean;
  /** The teacher may edit the end section: open and nobody signed. */
  endEditable: boolean;
}

/** Works out where a form stands on day `today` (YYYY-MM-DD). */
export function signingState(form: SigningForm, today: IsoDate): SigningState {
  const exists = form.id > 0;
  const midConfirmed = form.midSemesterCompletedDate !== null;
  const endOpen = midConfirmed && (form.midSemesterCompletedDate ?? '') <= today;
  const notSigned = signatures(form)
    .filter((s) => s.at === null)
    .map((s) => s.party);
  const anySigned = notSigned.length < 3;
  const locked = form.isLocked;
  return {
    exists,
    locked,
    midConfirmed,
    waitingForMidDate: midConfirmed && !endOpen,
    endOpen,
    endCompleted: form.endSemesterCompletedDate !== null,
    anySigned,
    notSigned,
    midEditable: !locked && !midConfirmed && !anySigned,
    endEditable: !locked && endOpen && !anySigned,
  };
}

/**
 * Whether `party` may sign now: the form is open for signing and the party
 * has not signed. The teacher needs both competence results; the student
 * and the supervisor need the end section completed.
 */
export function canSign(form: SigningForm, party: Party, today: IsoDate): boolean {
  const state = signingState(form, today);
  if (!state.exists || state.locked || !state.endOpen || hasSigned(form, party)) return false;
  if (party === 'teacher') {
    return form.generalCompetenceAreasPassed !== null && form.specificCompetenceAreasPassed !== null;
  }
  return state.endCompleted;
}

/** Who may sign now, in display order: the parties whose turn it is. */
export function partiesToSign(form: SigningForm, today: IsoDate): Party[] {
  return signatures(form)
    .map((s) => s.party)
    .filter((party) => canSign(form, party, today));
}

/** The teacher's values of a form. */
export function valuesOf(form: SigningForm): SigningFormValues {
  return {
    midSemesterCompletedDate: form.midSemesterCompletedDate,
    midSemesterStudentHasGivenFeedback: form.midSemesterStudentHasGivenFeedback,
    midSemesterSpecificCompetenceAreasBegun: form.midSemesterSpecificCompetenceAreasBegun,
    attendancePassed: form.attendancePassed,
    workRequirementsPassed: form.workRequirementsPassed,
    specificCompetenceAreasPassed: form.specificCompetenceAreasPassed,
    generalCompetenceAreasPassed: form.generalCompetenceAreasPassed,
    teacherComment: form.teacherComment,
    overallPassed: form.overallPassed,
  };
}

/** The body of a save: the form's id and version with the values (a blank comment as null). */
export function toInput(form: SigningForm, values: SigningFormValues): SigningFormInput {
  const comment = values.teacherComment?.trim() ? values.teacherComment : null;
  return { id: form.id, version: form.version, ...values, teacherComment: comment };
}
