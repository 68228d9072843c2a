import type { Assignment, PlacementClass } from './types';

/** The school's time zone: placement dates are days in Norway. */
export const SCHOOL_TIME_ZONE = 'Europe/Oslo';

/** Today as YYYY-MM-DD in the school's time zone. */
export function todayIso(now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: SCHOOL_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** Reports whether an assignment is of one of the class's main forms. */
export function isMainAssignment(cls: Pick<PlacementClass, 'forms'>, assignment: Assignment): boolean {
  const form = cls.forms.find((f) => f.id === assignment.formId) ?? assignment.forms.find((f) => f.id === assignment.formId);
  return form?.isMainForm ?? assignment.forms.some((f) => f.isMainForm);
}

/**
 * The main-form assignment to offer (spec §9): up to and including the
 * mid-semester date only the mid-semester one, after it only the
 * end-semester one; without a mid-semester date the end-semester one.
 * Falls back to the other half when the class has only one.
 */
export function mainAssignmentFor(
  cls: Pick<PlacementClass, 'assignments' | 'forms' | 'midSemesterDate'>,
  today: string,
): Assignment | null {
  const main = cls.assignments.filter((assignment) => isMainAssignment(cls, assignment));
  const mid = main.find((assignment) => assignment.isMidSemester) ?? null;
  const end = main.find((assignment) => !assignment.isMidSemester) ?? null;
  const beforeMid = cls.midSemesterDate !== null && today <= cls.midSemesterDate;
  return beforeMid ? (mid ?? end) : (end ?? mid);
}

/**
 * The main-form assignment the class offers today: the server's choice when
 * it sent one (it knows the school's calendar), else the rule above.
 */
export function currentMainAssignment(cls: PlacementClass, today: string = todayIso()): Assignment | null {
  return cls.currentMainAssignment ?? mainAssignmentFor(cls, today);
}

/**
 * The assignments a student sees in the form list: the main form's current
 * half, then every other form's assignments.
 */
export function visibleAssignments(cls: PlacementClass, today: string = todayIso()): Assignment[] {
  const main = currentMainAssignment(cls, today);
  const others = cls.assignments.filter((assignment) => !isMainAssignment(cls, assignment));
  return main ? [main, ...others] : others;
}

/** The name of an assignment's form. */
export function assignmentFormName(cls: Pick<PlacementClass, 'forms'>, assignment: Assignment): string {
  return (
    cls.forms.find((f) => f.id === assignment.formId)?.name ??
    assignment.forms.find((f) => f.id === assignment.formId)?.name ??
    assignment.forms[0]?.name ??
    ''
  );
}
