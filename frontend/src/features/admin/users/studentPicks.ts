import type { AdminUser, ClassUsers, Person, SchoolClass, StudentReference } from '../types';

/** A student's class with the teacher and primary supervisor picked for them there. */
export interface StudentPicks {
  classId: number | null;
  teacherUserId: number | null;
  advisorUserId: number | null;
}

/** The class that counts when several are chosen: the first one (spec §5). */
export function firstSelection(classIds: readonly number[]): number | null {
  return classIds[0] ?? null;
}

/** Teachers a student may get: only the teachers of the student's class. */
export function teacherOptions(classUsers: ClassUsers | undefined): Person[] {
  return classUsers?.teachers ?? [];
}

/** Supervisors already linked to the student, by any of their references. */
export function linkedAdvisorIds(references: readonly StudentReference[]): number[] {
  const ids: number[] = [];
  for (const reference of references) {
    if (reference.advisorUserId !== null && !ids.includes(reference.advisorUserId)) ids.push(reference.advisorUserId);
  }
  return ids;
}

/** Supervisors a student may get: the student's own supervisors who supervise in the class. */
export function advisorOptions(classUsers: ClassUsers | undefined, linked: readonly number[]): Person[] {
  return (classUsers?.advisors ?? []).filter((advisor) => linked.includes(advisor.id));
}

/**
 * Clears a teacher or supervisor that does not fit the class (spec §5:
 * changing to a class without them clears them). While the class's people
 * are unknown the picks stay as they are.
 */
export function fitPicks(picks: StudentPicks, classUsers: ClassUsers | undefined, linked: readonly number[]): StudentPicks {
  if (picks.classId === null) return { classId: null, teacherUserId: null, advisorUserId: null };
  if (!classUsers) return picks;
  const teacherFits = teacherOptions(classUsers).some((teacher) => teacher.id === picks.teacherUserId);
  const advisorFits = advisorOptions(classUsers, linked).some((advisor) => advisor.id === picks.advisorUserId);
  return {
    classId: picks.classId,
    teacherUserId: teacherFits ? picks.teacherUserId : null,
    advisorUserId: advisorFits ? picks.advisorUserId : null,
  };
}

/**
 * The student's class as the page starts: of the classes they are in, the
 * one of the newest semester (classes come newest first), with its teacher
 * and primary supervisor.
 */
export function initialPicks(user: AdminUser, classes: readonly SchoolClass[]): StudentPicks {
  const references = user.studentReferences;
  const newest = classes.find((c) => references.some((reference) => reference.classId === c.id));
  const classId = newest?.id ?? references[0]?.classId ?? null;
  if (classId === null) return { classId: null, teacherUserId: null, advisorUserId: null };
  const inClass = references.filter((reference) => reference.classId === classId);
  const primary = inClass.find((reference) => reference.isPrimary) ?? inClass[0];
  return {
    classId,
    teacherUserId: inClass.find((reference) => reference.teacherUserId !== null)?.teacherUserId ?? null,
    advisorUserId: primary?.advisorUserId ?? null,
  };
}

/** Reports whether two sets of picks are the same. */
export function samePicks(a: StudentPicks, b: StudentPicks): boolean {
  return a.classId === b.classId && a.teacherUserId === b.teacherUserId && a.advisorUserId === b.advisorUserId;
}
