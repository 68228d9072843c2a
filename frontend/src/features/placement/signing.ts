import type { MessageId } from '@/i18n/messages';
import type { Party, SigningFormStatus, SigningFormSummary, SigningWait, StudentRow } from './types';

/** A signing form's state as lists show it. */
export interface SigningState {
  status: SigningFormStatus;
  signed: Record<Party, boolean>;
}

/** The state of a signing form read from the form itself (null: none yet). */
export function signingStateOf(form: SigningFormSummary | null): SigningState {
  const signed = {
    teacher: (form?.signedByTeacherDate ?? null) !== null,
    student: (form?.signedByStudentDate ?? null) !== null,
    advisor: (form?.signedByAdvisorDate ?? null) !== null,
  };
  let status: SigningFormStatus = 'none';
  if (form) {
    if (form.isLocked) status = 'locked';
    else if (signed.teacher || signed.student || signed.advisor) status = 'signing';
    else if (form.endSemesterCompletedDate) status = 'endCompleted';
    else if (form.midSemesterCompletedDate) status = 'midConfirmed';
    else status = 'saved';
  }
  return { status, signed };
}

/** The state of a signing form as a class list row gives it. */
export function signingStateOfRow(row: StudentRow): SigningState {
  return {
    status: row.signingForm.status,
    signed: {
      teacher: row.signingForm.signedByTeacher,
      student: row.signingForm.signedByStudent,
      advisor: row.signingForm.signedByAdvisor,
    },
  };
}

/** What a signing form's state is called. */
export const SIGNING_STATUS_TEXT: Record<SigningFormStatus, MessageId> = {
  none: 'placement.signing.status.none',
  saved: 'placement.signing.status.saved',
  midConfirmed: 'placement.signing.status.midConfirmed',
  endCompleted: 'placement.signing.status.endCompleted',
  signing: 'placement.signing.status.signing',
  locked: 'placement.signing.status.locked',
};

/** What a waiting signing form waits on. */
export const SIGNING_WAIT_TEXT: Record<SigningWait, MessageId> = {
  noForm: 'placement.signing.wait.noForm',
  midNotConfirmed: 'placement.signing.wait.midNotConfirmed',
  endNotCompleted: 'placement.signing.wait.endNotCompleted',
  awaitingSignatures: 'placement.signing.wait.awaitingSignatures',
};
