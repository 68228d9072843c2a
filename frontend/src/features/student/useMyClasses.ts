import { useGetMyStudentClassesQuery } from '@/features/placement/api/placementApi';
import { selectedClass } from '@/features/answering/studentFormRedirect';
import type { StudentClass } from '@/features/placement/types';

/**
 * The signed-in student's classes (current first) and the one that counts
 * now: the first of a current or future semester. A student has at most one
 * such class; older ones stay for their PDFs.
 */
export function useMyClasses() {
  const query = useGetMyStudentClassesQuery();
  const classes: StudentClass[] = query.data ?? [];
  const current = selectedClass(classes);
  return { ...query, classes, current };
}
