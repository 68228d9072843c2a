import type { MessageId } from '@/i18n/messages';
import type { Period } from '../types';

/** What is wrong with a class's dates, by field. */
export interface DateProblems {
  mid?: MessageId;
  end?: MessageId;
}

/**
 * Checks a class's mid- and end-semester dates (`YYYY-MM-DD`, or '' when
 * not set): each inside the semester, and mid before end. The same rules
 * the server applies, so the admin hears of a problem at once.
 */
export function checkClassDates(mid: string, end: string, period: Pick<Period, 'startDate' | 'endDate'>): DateProblems {
  const problems: DateProblems = {};
  const outside = (day: string) => day < period.startDate || day > period.endDate;
  if (mid && outside(mid)) problems.mid = 'admin.class.dateOutside';
  if (end && outside(end)) problems.end = 'admin.class.dateOutside';
  if (mid && end && !problems.mid && !problems.end && mid >= end) problems.mid = 'admin.class.midBeforeEnd';
  return problems;
}
