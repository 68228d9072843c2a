import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import { useGetMeQuery } from '@/features/auth/authApi';
import type { SigningRole } from './paths';
import {
  useGetSigningClassStudentsQuery,
  useGetSigningClassUsersQuery,
  useGetSigningMyAdvisorClassesQuery,
  useGetSigningMyStudentClassesQuery,
} from './signingApi';
import type { PersonRef, SigningPeople, SupervisorRef } from './types';

/** Where the people of a form stand: loaded, still loading, or failed. */
export interface PeopleResult {
  people: SigningPeople | null;
  isLoading: boolean;
  error: unknown;
  refetch: () => void;
}

function namesOf(...groups: (readonly PersonRef[] | PersonRef | null | undefined)[]): Record<number, string> {
  const names: Record<number, string> = {};
  const add = (person: PersonRef) => {
    names[person.id] = person.displayName;
  };
  for (const group of groups) {
    if (!group) continue;
    if ('id' in group) add(group);
    else group.forEach(add);
  }
  return names;
}

const primaryFirst = (supervisors: readonly SupervisorRef[]) =>
  [...supervisors].sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary));

/**
 * The student, teacher and supervisors of a signing form, from what the
 * caller's role may read: a teacher the class's student list and people, a
 * student their own classes, a supervisor their students.
 */
export function useSigningPeople(role: SigningRole, classId: number, studentId: number): PeopleResult {
  const me = useGetMeQuery();
  const asTeacher = role === 'Teacher';
  const students = useGetSigningClassStudentsQuery(asTeacher ? classId : skipToken);
  const users = useGetSigningClassUsersQuery(asTeacher ? classId : skipToken);
  const studentClasses = useGetSigningMyStudentClassesQuery(role === 'Student' ? undefined : skipToken);
  const advisorClasses = useGetSigningMyAdvisorClassesQuery(role === 'Advisor' ? undefined : skipToken);

  const people = useMemo((): SigningPeople | null => {
    switch (role) {
      case 'Teacher': {
        if (!students.data || !users.data) return null;
        const row = students.data.find((s) => s.id === studentId);
        return {
          student: row ? { id: row.id, displayName: row.displayName } : null,
          teacher: row?.teacher ?? null,
          supervisors: primaryFirst(row?.supervisors ?? []),
          names: namesOf(users.data.teachers, users.data.advisors, users.data.students),
        };
      }
      case 'Student': {
        if (!studentClasses.data || !me.data) return null;
        const mine = studentClasses.data.find((c) => c.id === classId);
        const self = { id: me.data.id, displayName: me.data.displayName };
        return {
          student: self,
          teacher: mine?.teacher ?? null,
          supervisors: primaryFirst(mine?.supervisors ?? []),
          names: namesOf(self, mine?.teacher, mine?.supervisors),
        };
      }
      case 'Advisor': {
        if (!advisorClasses.data || !me.data) return null;
        const row = advisorClasses.data.find((c) => c.id === classId)?.students.find((s) => s.id === studentId);
        const self = { id: me.data.id, displayName: me.data.displayName };
        return {
          student: row ? { id: row.id, displayName: row.displayName } : null,
          teacher: row?.teacher ?? null,
          supervisors: primaryFirst(row?.supervisors ?? []),
          names: namesOf(row, row?.teacher, row?.supervisors, self),
        };
      }
    }
  }, [role, classId, studentId, students.data, users.data, studentClasses.data, advisorClasses.data, me.data]);

  const used = asTeacher ? [students, users] : role === 'Student' ? [studentClasses, me] : [advisorClasses, me];
  const failed = used.find((q) => q.error !== undefined);
  return {
    people,
    isLoading: people === null && !failed,
    error: failed?.error,
    refetch: () => {
      for (const q of used) if (q.error !== undefined) void q.refetch();
    },
  };
}
