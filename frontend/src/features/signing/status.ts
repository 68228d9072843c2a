import type { MessageId } from '@/i18n/messages';
import { signingState } from './lifecycle';
import { PARTIES, type IsoDate, type Party, type SigningForm } from './types';

/** Where a student's form stands, as a card shows it. */
export type CardStatus = 'none' | 'saved' | 'midConfirmed' | 'endCompleted' | 'locked';

/** Message ids of each status. */
export const CARD_STATUS_TEXT: Record<CardStatus, MessageId> = {
  none: 'signing.card.status.none',
  saved: 'signing.card.status.saved',
  midConfirmed: 'signing.card.status.midConfirmed',
  endCompleted: 'signing.card.status.endCompleted',
  locked: 'signing.card.status.locked',
};

/** A form's status, who has signed and whose turn it is (the teacher's until the end section is completed). */
export interface FormSummary {
  status: CardStatus;
  signed: Party[];
  waitingFor: Party[];
}

/** Sums up a form (null when the teacher has not created one) on day `today`. */
export function summarize(form: SigningForm | null, today: IsoDate): FormSummary {
  if (!form) return { status: 'none', signed: [], waitingFor: ['teacher'] };
  const state = signingState(form, today);
  const signed = PARTIES.filter((p) => !state.notSigned.includes(p));
  if (state.locked) return { status: 'locked', signed, waitingFor: [] };
  if (!state.midConfirmed) return { status: 'saved', signed, waitingFor: ['teacher'] };
  if (!state.endCompleted) return { status: 'midConfirmed', signed, waitingFor: ['teacher'] };
  return { status: 'endCompleted', signed, waitingFor: state.notSigned };
}
