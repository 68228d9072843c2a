import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { SCHOOL_TIME_ZONE } from './mainForm';

/** Formats the dates and times the placement pages show, in the user's language. */
export interface Formatters {
  /** A day (YYYY-MM-DD), e.g. "6. nov. 2026". */
  day: (isoDate: string) => string;
  /** A day with the weekday, e.g. "fredag 6. november 2026". */
  longDay: (isoDate: string) => string;
  /** A moment (RFC 3339) in Norwegian time, as the school's e-mails and PDFs give it, e.g. "14. okt. 2026, 14:20". */
  moment: (timestamp: string) => string;
}

/** Date formatters for the current language. Days are read as calendar days, never shifted by time zone. */
export function useFormatters(): Formatters {
  const intl = useIntl();
  return useMemo(
    () => ({
      day: (isoDate) => intl.formatDate(`${isoDate}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' }),
      longDay: (isoDate) => intl.formatDate(`${isoDate}T00:00:00Z`, { dateStyle: 'full', timeZone: 'UTC' }),
      moment: (timestamp) =>
        intl.formatDate(timestamp, { dateStyle: 'medium', timeStyle: 'short', timeZone: SCHOOL_TIME_ZONE }),
    }),
    [intl],
  );
}
