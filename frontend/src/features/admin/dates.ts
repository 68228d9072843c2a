import type { IntlShape } from 'react-intl';

/** A calendar day `YYYY-MM-DD` as a local date (not UTC midnight, which may be the day before). */
export function parseDay(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** A calendar day in the user's language, e.g. "1. juli 2026". */
export function formatDay(intl: IntlShape, day: string | null | undefined): string {
  const date = day ? parseDay(day) : null;
  return date ? intl.formatDate(date, { day: 'numeric', month: 'long', year: 'numeric' }) : '';
}
