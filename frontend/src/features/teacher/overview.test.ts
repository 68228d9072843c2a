import { describe, expect, it } from 'vitest';
import { anders, demoClass } from '@/features/placement/testing/fixtures';
import type { HalfProgress, SigningStatusRow, StudentRow } from '@/features/placement/types';
import { overview } from './overview';

const half = (isMidSemester: boolean, delivered: [boolean, boolean, boolean]): HalfProgress => ({
  assignmentId: isMidSemester ? 3 : 4,
  isMidSemester,
  total: 27,
  student: { answered: delivered[0] ? 27 : 10, delivered: delivered[0] },
  advisor: { answered: delivered[1] ? 27 : 0, delivered: delivered[1] },
  teacher: { answered: delivered[2] ? 27 : 0, delivered: delivered[2] },
});

const row = (overrides: Partial<StudentRow> = {}): StudentRow => ({
  id: 7,
  displayName: 'Jonas Berg',
  email: 'jonas.berg@stud.demo.test',
  isMine: true,
  teacher: { id: 3, displayName: 'Per Kristian Dahl' },
  supervisors: [anders],
  warning: 'none',
  signingForm: { status: 'none', signedByTeacher: false, signedByStudent: false, signedByAdvisor: false },
  forms: [
    {
      formId: 1,
      name: 'Vurdering',
      isMainForm: true,
      halves: [half(true, [true, false, true]), half(false, [false, false, false])],
    },
  ],
  ...overrides,
});

const waiting = (status: SigningStatusRow['status'], waitingFor: SigningStatusRow['waitingFor']): SigningStatusRow => ({
  studentId: 7,
  displayName: 'Jonas Berg',
  signingFormId: null,
  status,
  waitingFor,
  midSemesterCompletedDate: null,
  endSemesterCompletedDate: null,
});

describe('the students at a glance', () => {
  const cls = demoClass({ midSemesterDate: '2026-10-09', endSemesterDate: '2026-11-27' });

  it('marks a role late once the half’s date has passed without delivery', () => {
    const [before] = overview(cls, [row()], [], '2026-10-09');
    expect(before?.behind).toBe(false);
    const [after] = overview(cls, [row()], [], '2026-10-10');
    expect(after?.mid?.roles.map((r) => [r.party, r.behind])).toEqual([
      ['student', false],
      ['advisor', true],
      ['teacher', false],
    ]);
    expect(after?.end?.roles.some((r) => r.behind)).toBe(false);
    expect(after?.needsAttention).toBe(true);
  });

  it('needs follow-up for a warning not yet confirmed, a missing supervisor, or a signing form waiting for the teacher', () => {
    const allDelivered = row({ forms: [{ formId: 1, name: 'V', isMainForm: true, halves: [half(true, [true, true, true])] }] });
    expect(overview(cls, [allDelivered], [], '2026-10-10')[0]?.needsAttention).toBe(false);
    expect(overview(cls, [{ ...allDelivered, warning: 'given' }], [], '2026-10-10')[0]?.needsAttention).toBe(true);
    expect(overview(cls, [{ ...allDelivered, warning: 'confirmed' }], [], '2026-10-10')[0]?.needsAttention).toBe(false);
    expect(overview(cls, [{ ...allDelivered, supervisors: [] }], [], '2026-10-10')[0]?.needsAttention).toBe(true);
    // The signing form is due from mid-placement; signatures as soon as they are asked for.
    expect(overview(cls, [allDelivered], [waiting('noForm', ['teacher'])], '2026-10-01')[0]?.needsAttention).toBe(false);
    expect(overview(cls, [allDelivered], [waiting('noForm', ['teacher'])], '2026-10-10')[0]?.needsAttention).toBe(true);
    expect(
      overview(cls, [allDelivered], [waiting('awaitingSignatures', ['student'])], '2026-10-10')[0]?.needsAttention,
    ).toBe(false);
    expect(overview(cls, [allDelivered], [waiting('awaitingSignatures', ['teacher'])], '2026-10-01')[0]?.signing?.status).toBe(
      'awaitingSignatures',
    );
  });

  it('follows the role’s deadline where the rules set one, and lists the late roles', () => {
    const withDeadlines = row({
      forms: [
        {
          formId: 1,
          name: 'Vurdering',
          isMainForm: true,
          halves: [
            {
              ...half(true, [true, false, false]),
              // The student's deadline passed after a late delivery; the
              // supervisor's has passed; the teacher's is days away, though
              // the half's date has passed.
              student: { answered: 27, delivered: true, deadline: { dueDate: '2026-10-05', state: 'late' } },
              advisor: { answered: 0, delivered: false, deadline: { dueDate: '2026-10-06', state: 'overdue' } },
              teacher: { answered: 0, delivered: false, deadline: { dueDate: '2026-10-20', state: 'open' } },
            },
            half(false, [false, false, false]),
          ],
        },
      ],
    });
    const [student] = overview(cls, [withDeadlines], [], '2026-10-10');
    expect(student?.mid?.roles.map((r) => [r.party, r.behind, r.deadline?.state ?? null])).toEqual([
      ['student', false, 'late'],
      ['advisor', true, 'overdue'],
      ['teacher', false, 'open'],
    ]);
    expect(student?.lateParties).toEqual(['advisor']);
    expect(student?.needsAttention).toBe(true);
    const [onTime] = overview(cls, [row()], [], '2026-10-09');
    expect(onTime?.lateParties).toEqual([]);
  });
});
