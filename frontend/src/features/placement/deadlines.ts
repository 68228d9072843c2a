import type { DeadlineStatus } from './types';

/** Calendar days from `today` to `due` (both YYYY-MM-DD): 0 on the day, negative after it. */
export function daysUntil(due: string, today: string): number {
  const day = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
  return Math.round((day(due) - day(today)) / 86_400_000);
}

/** A due date as a local calendar date, for formatting. */
export function dueDay(due: string): Date {
  return new Date(Number(due.slice(0, 4)), Number(due.slice(5, 7)) - 1, Number(due.slice(8, 10)));
}

/** Not delivered, and the due day has ended. */
export const isOverdue = (deadline: DeadlineStatus | null | undefined): boolean => deadline?.state === 'overdue';
