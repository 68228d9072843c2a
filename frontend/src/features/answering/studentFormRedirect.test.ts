import { describe, expect, it } from 'vitest';
import { demoClass } from '@/features/placement/testing/fixtures';
import type { Assignment, PlacementClass } from '@/features/placement/types';
import { selectedClass, studentFormRedirect } from './studentFormRedirect';

const SARA = 8;
// This autumn's class (id 2): main form mid 3, end 4; specific form end 7.
const autumn = demoClass();
const assignment = (id: number, formId: number, isMidSemester: boolean): Assignment => ({
  id,
  classId: 1,
  formId,
  isMidSemester,
  forms: [{ id: formId, name: formId === 1 ? 'Hovedskjema' : 'Spesifikk', isMainForm: formId === 1 }],
});
// Last spring's class (id 1): main form mid 11, end 12; specific form end 17.
const spring: PlacementClass = demoClass({
  id: 1,
  periodId: 1,
  period: { id: 1, name: 'Vår 2026', startDate: '2026-01-01', endDate: '2026-06-30', status: 'previous' },
  assignments: [assignment(11, 1, true), assignment(12, 1, false), assignment(17, 2, false)],
});
const form = (classId: number, formId: number, assignmentId: number, studentId = SARA) =>
  `/student/${studentId}/form/${formId}/class/${classId}/assignment/${assignmentId}`;
const target = (classId: number, formId: number, assignmentId: number, studentId = SARA) => ({
  classId,
  formId,
  assignmentId,
  studentId,
});

describe("the student's form page and the class of this period (spec §4)", () => {
  const classes = [autumn, spring];

  it('stays when the address is of the class of this period', () => {
    expect(studentFormRedirect(target(2, 1, 3), SARA, classes, '2026-09-01')).toBeNull();
    expect(studentFormRedirect(target(2, 2, 7), SARA, classes, '2026-12-01')).toBeNull();
  });

  it('goes to the same form and half in the class of this period', () => {
    expect(studentFormRedirect(target(1, 1, 11), SARA, classes, '2026-12-01')).toBe(form(2, 1, 3));
    expect(studentFormRedirect(target(1, 1, 12), SARA, classes, '2026-09-01')).toBe(form(2, 1, 4));
    expect(studentFormRedirect(target(1, 2, 17), SARA, classes, '2026-09-01')).toBe(form(2, 2, 7));
  });

  it('goes to the main form of the day when the half is unknown', () => {
    // A class the student is not in: only the form is known.
    expect(studentFormRedirect(target(99, 1, 999), SARA, classes, '2026-09-01')).toBe(form(2, 1, 3));
    expect(studentFormRedirect(target(99, 1, 999), SARA, classes, '2026-10-10')).toBe(form(2, 1, 4));
  });

  it('mends an assignment that is not of the form or not of the class', () => {
    expect(studentFormRedirect(target(2, 2, 3), SARA, classes, '2026-09-01')).toBe(form(2, 1, 3));
    expect(studentFormRedirect(target(2, 2, 17), SARA, classes, '2026-09-01')).toBe(form(2, 2, 7));
  });

  it("opens the student's own page, never another student's", () => {
    expect(studentFormRedirect(target(2, 1, 3, 7), SARA, classes, '2026-09-01')).toBe(form(2, 1, 3));
  });

  it('goes to the form list when the class has nothing like it', () => {
    const other = { ...assignment(21, 5, false), classId: 1 };
    const withOther = [autumn, { ...spring, assignments: [...spring.assignments, other] }];
    expect(studentFormRedirect(target(1, 5, 21), SARA, withOther, '2026-09-01')).toBe('/student/forms');
  });

  it('goes to the home page when the student has no class of this period', () => {
    expect(studentFormRedirect(target(1, 1, 11), SARA, [spring], '2026-09-01')).toBe('/student');
    expect(studentFormRedirect(target(2, 1, 3), SARA, [], '2026-09-01')).toBe('/student');
  });

  it('takes the first class of a current or future semester', () => {
    const future = demoClass({ id: 5, period: { ...autumn.period, id: 5, status: 'future' } });
    expect(selectedClass([spring, future])?.id).toBe(5);
    expect(selectedClass([spring])).toBeNull();
  });
});
