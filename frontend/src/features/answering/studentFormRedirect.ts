import { currentMainAssignment, isMainAssignment, todayIso } from '@/features/placement/mainForm';
import { formPagePath, placementPaths, type FormTarget } from '@/features/placement/paths';
import type { Assignment, PlacementClass } from '@/features/placement/types';

/**
 * The student's class that counts now: the first of a current or future
 * semester (the list comes current first). Older classes stay for their PDFs.
 */
export function selectedClass<C extends PlacementClass>(classes: readonly C[]): C | null {
  return classes.find((cls) => cls.period.status !== 'previous') ?? null;
}

/**
 * Where a student's form page should be instead of `route`, or null when it
 * is right (spec §4: "if the selected class period differs, route is
 * rewritten to that assignment"). A link kept from an earlier semester, or
 * to an assignment the class no longer has, leads to the same form and half
 * in the student's class of this period:
 * - no class of this period: the student's home (spec §2);
 * - the same form and half in the class, else that form's other half, else,
 *   for a main form, the main form the class offers today (spec §9);
 * - nothing matching: the student's form list.
 * The page is always the student's own.
 */
export function studentFormRedirect(
  route: FormTarget,
  userId: number,
  classes: readonly PlacementClass[],
  today: string = todayIso(),
): string | null {
  const cls = selectedClass(classes);
  if (!cls) return placementPaths.studentHome;

  const here = cls.assignments.find((a) => a.id === route.assignmentId && a.formId === route.formId);
  if (here && route.classId === cls.id && route.studentId === userId) return null;

  // What the address pointed at: an assignment of one of the student's classes, if known.
  const routeClass = classes.find((c) => c.id === route.classId);
  const pointed: Assignment | undefined =
    here ?? [routeClass, ...classes].flatMap((c) => c?.assignments ?? []).find((a) => a.id === route.assignmentId);
  const formId = pointed?.formId ?? route.formId;
  const sameForm = cls.assignments.filter((a) => a.formId === formId);
  const wasMain =
    (pointed !== undefined && isMainAssignment(routeClass ?? cls, pointed)) || cls.forms.some((f) => f.id === formId && f.isMainForm);

  const target =
    sameForm.find((a) => a.isMidSemester === pointed?.isMidSemester) ??
    (wasMain ? currentMainAssignment(cls, today) : null) ??
    sameForm[0] ??
    null;
  if (!target) return placementPaths.studentForms;
  return formPagePath('Student', { classId: cls.id, studentId: userId, formId: target.formId, assignmentId: target.id });
}
