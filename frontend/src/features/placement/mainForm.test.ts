import { describe, expect, it } from 'vitest';
import { currentMainAssignment, mainAssignmentFor, todayIso, visibleAssignments } from './mainForm';
import { demoClass } from './testing/fixtures';

describe('the main form on offer (spec §9)', () => {
  const cls = demoClass({ midSemesterDate: '2026-10-09' });

  it('is the mid-semester one up to and including the mid-semester date', () => {
    expect(mainAssignmentFor(cls, '2026-09-01')?.id).toBe(3);
    expect(mainAssignmentFor(cls, '2026-10-09')?.id).toBe(3);
  });

  it('is the end-semester one after the mid-semester date', () => {
    expect(mainAssignmentFor(cls, '2026-10-10')?.id).toBe(4);
  });

  it('is the end-semester one when the class has no mid-semester date', () => {
    expect(mainAssignmentFor(demoClass({ midSemesterDate: null }), '2026-09-01')?.id).toBe(4);
  });

  it('falls back to the half the class has', () => {
    const onlyMid = demoClass({ assignments: demoClass().assignments.filter((a) => a.id !== 4) });
    expect(mainAssignmentFor(onlyMid, '2026-11-01')?.id).toBe(3);
  });

  it("takes the server's choice when it sent one", () => {
    const end = cls.assignments.find((a) => a.id === 4) ?? null;
    expect(currentMainAssignment({ ...cls, currentMainAssignment: end }, '2026-09-01')?.id).toBe(4);
  });

  it('lists the main form once, then the other forms', () => {
    expect(visibleAssignments(cls, '2026-09-01').map((a) => a.id)).toEqual([3, 7]);
    expect(visibleAssignments(cls, '2026-11-01').map((a) => a.id)).toEqual([4, 7]);
  });

  it("counts days in Norway's time zone", () => {
    // 23:30 UTC on 9 October is already 10 October in Oslo.
    expect(todayIso(new Date('2026-10-09T23:30:00Z'))).toBe('2026-10-10');
  });
});
