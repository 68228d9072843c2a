import type { CurrentUser } from '@/features/auth/types';
import { demoUser, ROLES } from '@/testing/fixtures';
import type { Assignment, PlacementClass, StudentClass, Supervisor, Warning } from '../types';

const MAIN = { id: 1, name: 'Vurdering av praksisstudier i sykepleie', isMainForm: true };
const SPECIFIC = { id: 2, name: 'Spesifikk kompetanse: medisinsk avdeling', isMainForm: false };

const assignment = (id: number, formId: number, isMidSemester: boolean): Assignment => ({
  id,
  classId: 2,
  formId,
  isMidSemester,
  forms: [formId === MAIN.id ? MAIN : SPECIFIC],
});

/** SYKP2100 in autumn 2026: the main form mid (3) and end (4), a specific form at the end (7). */
export function demoClass(overrides: Partial<PlacementClass> = {}): PlacementClass {
  return {
    id: 2,
    periodId: 2,
    period: { id: 2, name: 'Høst 2026', startDate: '2026-07-01', endDate: '2026-12-31', status: 'current' },
    subjectId: 2,
    subject: { id: 2, subjectCode: 'SYKP2100', name: 'Praksisstudier i spesialisthelsetjenesten – medisinsk avdeling' },
    assignments: [assignment(3, 1, true), assignment(4, 1, false), assignment(7, 2, false)],
    midSemesterDate: '2026-10-09',
    endSemesterDate: '2026-11-27',
    forms: [MAIN, SPECIFIC],
    currentMainAssignment: null,
    ...overrides,
  };
}

export const hilde: Supervisor = {
  id: 16,
  displayName: 'Hilde Bakken',
  email: 'hilde.bakken@sykehus.test',
  phoneNumber: '+4791234567',
  isPrimary: false,
};

export const anders: Supervisor = {
  id: 17,
  displayName: 'Anders Moen',
  email: 'anders.moen@sykehus.test',
  phoneNumber: '+4793456789',
  isPrimary: true,
};

/** The class as the student sees it, with teacher and supervisors. */
export function demoStudentClass(overrides: Partial<StudentClass> = {}): StudentClass {
  return {
    ...demoClass(),
    teacher: { id: 3, displayName: 'Per Kristian Dahl', email: 'per.kristian.dahl@demo.test' },
    supervisors: [anders, hilde],
    ...overrides,
  };
}

/** Sara Ali, a student of the class. */
export function demoStudent(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return demoUser({
    id: 8,
    displayName: 'Sara Ali',
    email: 'sara.ali@stud.demo.test',
    roles: [ROLES.Student],
    teacherClasses: [],
    studentReferences: [{ classId: 2, userId: 8, advisorUserId: 17, teacherUserId: 3, isPrimary: true }],
    ...overrides,
  });
}

/** A warning as the server sends it. */
export function demoWarning(overrides: Partial<Warning> = {}): Warning {
  return {
    id: 1,
    classId: 2,
    studentUserId: 7,
    teacherUserId: 3,
    comment: '',
    passRequirement: '',
    passRequirementSummary: '',
    createdAt: '2026-10-13T14:05:00Z',
    submittedAt: null,
    updatedAt: '2026-10-13T14:05:00Z',
    studentConfirmedWarningAt: null,
    ...overrides,
  };
}

/** The body of the API's error shape. */
export const problem = (statusCode: number, description: string) => ({ description, statusCode, errors: [] });
