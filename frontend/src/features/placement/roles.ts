import type { MessageId } from '@/i18n/messages';
import type { Party } from './types';

/** The roles in the order pages list them. */
export const PARTIES: readonly Party[] = ['student', 'advisor', 'teacher'];

/** A role's name, e.g. "Praksisveileder". */
export const PARTY_NAME: Record<Party, MessageId> = {
  student: 'placement.party.student',
  advisor: 'placement.party.advisor',
  teacher: 'placement.party.teacher',
};

/** A role's short tag, e.g. "PV" (spec §6). */
export const PARTY_TAG: Record<Party, MessageId> = {
  student: 'placement.partyTag.student',
  advisor: 'placement.partyTag.advisor',
  teacher: 'placement.partyTag.teacher',
};

/** The name of a half of the placement: "Midtveis" or "Slutt". */
export const halfName = (isMidSemester: boolean): MessageId =>
  isMidSemester ? 'placement.half.mid' : 'placement.half.end';
