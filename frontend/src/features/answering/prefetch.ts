import type { Params } from 'react-router';
import { prime } from '@/api/routeData';
import type { RoleName } from '@/features/auth/roles';
import { placementApi } from '@/features/placement/api/placementApi';
import { answeringApi, answeringFormPath, studentFormFullPath, type StudentFormArgs } from './answeringApi';
import type { AnsweringForm, StudentFormFull } from './types';

/** A positive whole number from the address, else null. */
export function idParam(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** The path of a student's own classes, as placementApi asks for it. */
const STUDENT_CLASSES_PATH = 'classes/me/student';

/**
 * Starts the form page's reads as soon as its route is known, while its code
 * loads: the form, every set of answers of the student, and for a student
 * the classes the page checks the address against (see StudentFormGuard).
 * An address without valid ids starts nothing (the page says it is not found).
 */
export function prefetchAnswerForm(role: RoleName, params: Params): void {
  const formId = idParam(params.formId);
  const classId = idParam(params.classId);
  const studentUserId = idParam(params.studentUserId);
  if (formId === null || classId === null || studentUserId === null || idParam(params.assignmentId) === null) return;
  const form = answeringApi.endpoints.getAnsweringForm;
  prime({
    path: answeringFormPath(formId),
    status: (state) => form.select(formId)(state).status,
    upsert: (data) => answeringApi.util.upsertQueryData('getAnsweringForm', formId, data as AnsweringForm),
    refresh: () => form.initiate(formId, { subscribe: false, forceRefetch: true }),
  });
  const args: StudentFormArgs = { classId, studentUserId, formId };
  const full = answeringApi.endpoints.getStudentFormFull;
  prime({
    path: studentFormFullPath(args),
    status: (state) => full.select(args)(state).status,
    upsert: (data) => answeringApi.util.upsertQueryData('getStudentFormFull', args, data as StudentFormFull),
    refresh: () => full.initiate(args, { subscribe: false, forceRefetch: true }),
  });
  if (role !== 'Student') return;
  const classes = placementApi.endpoints.getMyStudentClasses;
  prime({
    path: STUDENT_CLASSES_PATH,
    status: (state) => classes.select()(state).status,
    upsert: (data) => placementApi.util.upsertQueryData('getMyStudentClasses', undefined, data as never),
    refresh: () => classes.initiate(undefined, { subscribe: false, forceRefetch: true }),
  });
}
