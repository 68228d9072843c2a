import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, must, renderAdmin } from '../testing/renderAdmin';
import './ClassPage';

const SLOW = 150_000;

const form = { id: 5, name: 'Hovedskjema', isMainForm: true };
const period = { id: 2, name: 'Høst 2026', startDate: '2026-07-01', endDate: '2026-12-31', status: 'current' };
const schoolClass = {
  id: 7,
  periodId: 2,
  period,
  subjectId: 3,
  subject: { id: 3, subjectCode: 'SYKP1', name: 'Praksis' },
  midSemesterDate: '2026-10-01',
  endSemesterDate: '2026-12-10',
  forms: [form],
  assignments: [
    { id: 11, classId: 7, formId: 5, isMidSemester: true, forms: [form] },
    { id: 12, classId: 7, formId: 5, isMidSemester: false, forms: [form] },
  ],
  currentMainAssignment: null,
};
const role = (deadline?: { dueDate: string; state: string }) => ({ answered: 0, delivered: false, ...(deadline ? { deadline } : {}) });
const student = (id: number, displayName: string, late: boolean) => ({
  id,
  displayName,
  email: `${id}@a.test`,
  isMine: false,
  teacher: null,
  supervisors: [],
  warning: 'none',
  signingForm: { status: 'none', signedByTeacher: false, signedByStudent: false, signedByAdvisor: false },
  forms: [
    {
      formId: 5,
      name: 'Hovedskjema',
      isMainForm: true,
      halves: [
        {
          assignmentId: 11,
          isMidSemester: true,
          total: 10,
          student: role({ dueDate: '2026-09-28', state: late ? 'overdue' : 'onTime' }),
          advisor: role(),
          teacher: role(),
        },
      ],
    },
  ],
});

function routes(onPut: (body: unknown) => void) {
  return {
    'GET /api/classes/7': { body: schoolClass },
    'GET /api/classes/7/users': { body: { teachers: [], students: [], advisors: [] } },
    'GET /api/forms': { body: [form] },
    'GET /api/classes/7/students': { body: [student(21, 'Siri Student', true), student(22, 'Ola Student', false)] },
    'GET /api/classes/7/deadline-rules': {
      body: {
        classId: 7,
        periodId: 2,
        semester: [{ item: 'answers', formId: 5, isMidSemester: true, role: 'student', anchor: 'midSemester', offsetDays: -3 }],
        class: [{ item: 'signature', isMidSemester: false, role: 'advisor', anchor: 'endSemester', offsetDays: 7 }],
        deadlines: [
          { item: 'answers', formId: 5, isMidSemester: true, role: 'student', dueDate: '2026-09-28', own: false },
          { item: 'signature', isMidSemester: false, role: 'advisor', dueDate: '2026-12-17', own: true },
        ],
      },
    },
    'PUT /api/classes/7/deadline-rules': (call: { body: unknown }) => {
      onPut(call.body);
      return { body: { classId: 7, periodId: 2, semester: [], class: [], deadlines: [] } };
    },
  };
}

describe('the class’s deadlines', { timeout: SLOW }, () => {
  it('shows the semester’s rules as inherited, overrides one, resets another and saves the class’s own', async () => {
    const user = userEvent.setup();
    let saved: unknown;
    fakeApi(routes((body) => (saved = body)));
    renderAdmin({ route: '/admin/class/7' });
    const heading = await screen.findByRole('heading', { name: 'Frister' }, { timeout: 10_000 });
    const section = must(heading.closest('section'), 'section');
    const mid = await waitFor(() => must(section.querySelector<HTMLElement>('[data-rule="answers/5/mid/student"]'), 'mid line'));
    expect(mid.dataset.own).toBe('false');
    expect(mid).toHaveTextContent('Semesterets: Dager fra midtveisdatoen: -3');
    expect(mid).toHaveTextContent('frist 28. sep. 2026');

    // Override the student's mid-placement deadline, starting from the semester's, and move it.
    await user.click(within(mid).getByRole('button', { name: /^Overstyr/ }));
    const days = within(mid).getByRole('spinbutton');
    expect(days).toHaveValue(-3);
    await user.clear(days);
    await user.type(days, '-5');

    // Reset the supervisor's own signature deadline, undo, and reset it again.
    const signature = must(section.querySelector<HTMLElement>('[data-rule="signature/0/end/advisor"]'), 'signature line');
    expect(signature.dataset.own).toBe('true');
    await user.click(within(signature).getByRole('button', { name: /^Bruk semesterets/ }));
    await user.click(within(signature).getByRole('button', { name: /^Angre/ }));
    expect(within(signature).getByRole('spinbutton')).toHaveValue(7);
    await user.click(within(signature).getByRole('button', { name: /^Bruk semesterets/ }));
    expect(signature.dataset.own).toBe('false');
    expect(section).toHaveTextContent('Du har endringer som ikke er lagret.');

    await user.click(within(section).getByRole('button', { name: 'Lagre klassens frister' }));
    await waitFor(() => expect(saved).toBeDefined());
    expect(saved).toEqual({
      rules: [{ item: 'answers', formId: 5, isMidSemester: true, role: 'student', anchor: 'midSemester', offsetDays: -5 }],
    });
  });

  it('lists what is late per role, the students linked to their pages', async () => {
    fakeApi(routes(() => undefined));
    renderAdmin({ route: '/admin/class/7' });
    const heading = await screen.findByRole('heading', { name: 'Forsinket' }, { timeout: 10_000 });
    const section = must(heading.closest('section'), 'section');
    const students = await waitFor(() => must(section.querySelector<HTMLElement>('[data-late-role="student"]'), 'student group'));
    expect(within(students).getByRole('heading', { name: 'Student (1)' })).toBeInTheDocument();
    expect(within(students).getByRole('link', { name: 'Siri Student' })).toHaveAttribute('href', '/admin/users/21');
    expect(students).toHaveTextContent('Hovedskjema, Midtveis:');
    expect(within(students).queryByRole('link', { name: 'Ola Student' })).toBeNull();
    const advisors = must(section.querySelector<HTMLElement>('[data-late-role="advisor"]'), 'advisor group');
    expect(within(advisors).getByRole('heading', { name: 'Praksisveileder (0)' })).toBeInTheDocument();
  });
});
