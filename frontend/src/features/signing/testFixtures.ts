import { blankForm } from './lifecycle';
import type { SigningForm } from './types';

/**
 * Signing forms in each state of the lifecycle, for the tests. The mid date
 * of a confirmed form lies long past, or far ahead for "before its date",
 * so the states hold whatever day the tests run.
 */
const mid = {
  id: 11,
  version: 1,
  studentReferencesId: 4,
  midSemesterStudentHasGivenFeedback: 'yes',
  midSemesterSpecificCompetenceAreasBegun: 'no',
} as const;

const end = {
  midSemesterCompletedDate: '2020-10-09',
  attendancePassed: 'yes',
  workRequirementsPassed: 'yes',
  specificCompetenceAreasPassed: 'yes',
  generalCompetenceAreasPassed: 'yes',
  teacherComment: 'God innsats.',
  overallPassed: 'passed',
  endSemesterCompletedDate: '2020-11-20',
} as const;

const advisorSignature = {
  signedByAdvisorDate: '2020-11-20T08:00:00Z',
  signedByAdvisorUserId: 16,
  signedByAdvisorSignInMethod: 'vipps',
} as const;

const STATES = {
  blank: {},
  midSaved: { ...mid },
  midConfirmedBeforeDate: { ...mid, midSemesterCompletedDate: '2999-12-01' },
  midConfirmedAfterDate: { ...mid, midSemesterCompletedDate: '2020-10-09' },
  endCompleted: { ...mid, ...end },
  advisorSigned: { ...mid, ...end, ...advisorSignature },
  teacherSigned: {
    ...mid,
    ...end,
    signedByTeacherDate: '2020-11-20T10:00:00Z',
    signedByTeacherUserId: 2,
    signedByTeacherSignInMethod: 'feide',
    signWithoutAdvisorConfirmedDate: '2020-11-20T10:00:00Z',
  },
  locked: {
    ...mid,
    ...end,
    ...advisorSignature,
    version: 5,
    isLocked: true,
    lockedAt: '2020-11-21T09:00:00Z',
    signedByTeacherDate: '2020-11-20T10:00:00Z',
    signedByTeacherUserId: 2,
    signedByTeacherSignInMethod: 'feide',
    signedByStudentDate: '2020-11-21T09:00:00Z',
    signedByStudentUserId: 6,
    signedByStudentSignInMethod: 'code',
  },
} satisfies Record<string, Partial<SigningForm>>;

/** A state of the lifecycle. */
export type FormState = keyof typeof STATES;

/** The form of student 6 in class 2 in a state of the lifecycle (id -1 when blank). */
export function formIn(state: FormState): SigningForm {
  return { ...blankForm(2, 6), ...STATES[state] };
}
