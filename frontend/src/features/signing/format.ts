import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '@/i18n/messages';
import type { Party, SigningAnswer } from './types';

/** Message ids of each party's name, as a label and inside a sentence. */
export const PARTY_LABEL: Record<Party, MessageId> = {
  teacher: 'signing.party.teacher',
  advisor: 'signing.party.advisor',
  student: 'signing.party.student',
};

const PARTY_IN_SENTENCE: Record<Party, MessageId> = {
  teacher: 'signing.partyLower.teacher',
  advisor: 'signing.partyLower.advisor',
  student: 'signing.partyLower.student',
};

const ANSWER_LABEL: Record<SigningAnswer, MessageId> = {
  yes: 'signing.value.yes',
  no: 'signing.value.no',
  notRelevant: 'signing.value.notRelevant',
  passed: 'signing.value.passed',
  failed: 'signing.value.failed',
};

const METHOD_LABEL: Record<string, MessageId> = {
  feide: 'signing.method.feide',
  vipps: 'signing.method.vipps',
  code: 'signing.method.code',
};

/** Formatting for the signing screens, in the language shown. */
export interface SigningFormat {
  /** A calendar date (`YYYY-MM-DD`) as "9. oktober 2026". */
  date: (isoDate: string) => string;
  /** A moment as date and time in Norway, where the placements are. */
  dateTime: (timestamp: string) => string;
  /** A party's name as a label ("Praksislærer"). */
  party: (party: Party) => string;
  /** Parties inside a sentence, joined ("praksislærer og student"). */
  parties: (parties: readonly Party[]) => string;
  /** Parties as labels, joined ("Praksislærer, Student"). */
  partyLabels: (parties: readonly Party[]) => string;
  /** An answer's text, or "Ikke besvart". */
  answer: (value: SigningAnswer | null) => string;
  /** How a signer signed in ("innlogget med Feide"), or null when unknown. */
  method: (method: string | null) => string | null;
}

/** The signing screens' formatting for dates, parties and answers. */
export function useSigningFormat(): SigningFormat {
  const intl = useIntl();
  return useMemo(() => {
    const party = (p: Party) => intl.formatMessage({ id: PARTY_LABEL[p] });
    return {
      date: (isoDate) => {
        const at = new Date(`${isoDate}T00:00:00Z`);
        if (Number.isNaN(at.getTime())) return isoDate;
        return intl.formatDate(at, { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });
      },
      dateTime: (timestamp) =>
        intl.formatDate(timestamp, {
          timeZone: 'Europe/Oslo',
          day: 'numeric',
          month: 'long',
          year: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
        }),
      party,
      parties: (parties) =>
        intl.formatList(
          parties.map((p) => intl.formatMessage({ id: PARTY_IN_SENTENCE[p] })),
          { type: 'conjunction' },
        ),
      partyLabels: (parties) => intl.formatList(parties.map(party), { type: 'unit', style: 'short' }),
      answer: (value) => intl.formatMessage({ id: value ? ANSWER_LABEL[value] : 'signing.value.none' }),
      method: (method) => {
        const id = method ? METHOD_LABEL[method] : undefined;
        return id ? intl.formatMessage({ id: 'signing.signature.method' }, { method: intl.formatMessage({ id }) }) : null;
      },
    };
  }, [intl]);
}
