import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderAdmin } from '../testing/renderAdmin';
import type { AdminUser, ClassUsers, SchoolClass } from '../types';
import { advisorOptions, firstSelection, fitPicks, initialPicks, linkedAdvisorIds, teacherOptions } from './studentPicks';
// Loaded up front, so the lazy route does not wait for the module.
import './UserPage';

// Whole screens with MUI render slowly in jsdom on a busy machine.
const SLOW = 60_000;

const period = (id: number, name: string) => ({
  id,
  name,
  startDate: id === 2 ? '2026-07-01' : '2026-01-01',
  endDate: id === 2 ? '2026-12-31' : '2026-06-30',
  status: id === 2 ? ('current' as const) : ('previous' as const),
});
const schoolClass = (id: number, code: string, periodId: number): SchoolClass => ({
  id,
  periodId,
  period: period(periodId, periodId === 2 ? 'Høst 2026' : 'Vår 2026'),
  subjectId: id,
  subject: { id, subjectCode: code, name: `Emne ${code}` },
  assignments: [],
  midSemesterDate: null,
  endSemesterDate: null,
  currentMainAssignment: null,
  forms: [],
});
// Newest semester first, as GET /api/classes sends them.
const classes = [schoolClass(10, 'MED', 2), schoolClass(11, 'KIR', 2), schoolClass(5, 'KOM', 1)];

const people: Record<number, ClassUsers> = {
  10: {
    teachers: [{ id: 30, displayName: 'Tove Lærer' }],
    students: [{ id: 50, displayName: 'Ola Student' }],
    advisors: [
      { id: 40, displayName: 'Vera Veileder' },
      { id: 41, displayName: 'Vidar Veileder' },
    ],
  },
  11: {
    teachers: [
      { id: 31, displayName: 'Kari Lærer' },
      { id: 32, displayName: 'Knut Lærer' },
    ],
    students: [],
    // Vera supervises here too; Ulla does, but is no supervisor of the student.
    advisors: [
      { id: 40, displayName: 'Vera Veileder' },
      { id: 42, displayName: 'Ulla Ukjent' },
    ],
  },
};

const student: AdminUser = {
  id: 50,
  displayName: 'Ola Student',
  email: 'ola@stud.demo.test',
  phoneNumber: null,
  language: 'nb',
  isActive: true,
  privacyPolicyAcceptedAt: null,
  roles: [{ id: 2, name: 'Student' }],
  teacherClasses: [],
  advisorClasses: [],
  studentReferences: [
    { classId: 5, userId: 50, advisorUserId: 41, teacherUserId: 33, isPrimary: true },
    { classId: 10, userId: 50, advisorUserId: 40, teacherUserId: 30, isPrimary: true },
  ],
  studentUserReferences: [],
};

describe('student picks', () => {
  it('uses the first selected class', () => {
    expect(firstSelection([11, 10])).toBe(11);
    expect(firstSelection([])).toBeNull();
  });

  it("offers only the class's teachers, and only the student's own supervisors who supervise there", () => {
    const linked = linkedAdvisorIds(student.studentReferences);
    expect(linked).toEqual([41, 40]);
    expect(teacherOptions(people[11]).map((t) => t.id)).toEqual([31, 32]);
    expect(advisorOptions(people[11], linked).map((a) => a.id)).toEqual([40]);
    expect(advisorOptions(people[10], linked).map((a) => a.id)).toEqual([40, 41]);
  });

  it('clears a teacher or supervisor that does not fit a new class, and keeps those that do', () => {
    const linked = [40, 41];
    expect(fitPicks({ classId: 11, teacherUserId: 30, advisorUserId: 40 }, people[11], linked)).toEqual({
      classId: 11,
      teacherUserId: null,
      advisorUserId: 40,
    });
    expect(fitPicks({ classId: 11, teacherUserId: 31, advisorUserId: 41 }, people[11], linked)).toEqual({
      classId: 11,
      teacherUserId: 31,
      advisorUserId: null,
    });
    // Until the class's people are known nothing is cleared.
    expect(fitPicks({ classId: 11, teacherUserId: 30, advisorUserId: 41 }, undefined, linked)).toEqual({
      classId: 11,
      teacherUserId: 30,
      advisorUserId: 41,
    });
    expect(fitPicks({ classId: null, teacherUserId: 30, advisorUserId: 41 }, people[10], linked)).toEqual({
      classId: null,
      teacherUserId: null,
      advisorUserId: null,
    });
  });

  it("starts from the student's class of the newest semester", () => {
    expect(initialPicks(student, classes)).toEqual({ classId: 10, teacherUserId: 30, advisorUserId: 40 });
  });
});

describe('student on the user page', { timeout: SLOW }, () => {
  it('picks teacher and supervisor only from the chosen class and clears what no longer fits', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'GET /api/users/50': { body: student },
      'GET /api/roles': {
        body: [
          { id: 1, name: 'Admin' },
          { id: 2, name: 'Student' },
          { id: 3, name: 'Teacher' },
          { id: 4, name: 'Advisor' },
        ],
      },
      'GET /api/classes': { body: classes },
      'GET /api/classes/10/users': { body: people[10] },
      'GET /api/classes/11/users': { body: people[11] },
      'PATCH /api/users/50': ({ body }) => ({ body: { ...student, ...(body as object) } }),
    });
    renderAdmin({ route: '/admin/users/50' });

    expect(await screen.findByText('Tove Lærer', undefined, { timeout: 10_000 })).toBeInTheDocument();
    // Label queries: role queries over the whole page are slow in jsdom.
    const teacher = () => screen.getByLabelText('Praksislærer', { selector: '[role="combobox"]' });
    const advisor = () => screen.getByLabelText('Hovedveileder', { selector: '[role="combobox"]' });
    expect(advisor()).toHaveTextContent('Vera Veileder');

    // Another class: Tove does not teach there and is cleared; Vera supervises there and stays.
    await user.click(screen.getByLabelText(/^Klasse/));
    await user.click(await screen.findByText('KIR – Emne KIR (Høst 2026)'));
    await waitFor(() => expect(teacher()).toHaveTextContent('Ingen'));
    expect(advisor()).toHaveTextContent('Vera Veileder');

    await user.click(teacher());
    const teacherList = await screen.findByRole('listbox');
    expect(within(teacherList).getAllByRole('option').map((o) => o.textContent)).toEqual(['Ingen', 'Kari Lærer', 'Knut Lærer']);
    await user.click(within(teacherList).getByText('Knut Lærer'));
    await waitFor(() => expect(teacher()).toHaveTextContent('Knut Lærer'));

    await user.click(advisor());
    const advisorList = await screen.findByRole('listbox');
    // Ulla supervises in the class but not this student.
    expect(within(advisorList).getAllByRole('option').map((o) => o.textContent)).toEqual(['Ingen', 'Vera Veileder']);
    await user.keyboard('{Escape}');

    // The student's other classes are named before saving.
    expect(screen.getByText(/tas studenten ut av: KOM – Emne KOM \(Vår 2026\), MED – Emne MED \(Høst 2026\)/)).toBeInTheDocument();

    await user.click(screen.getByText('Lagre'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      roles: [2],
      studentReferences: [{ classId: 11, userId: 50, teacherUserId: 32, advisorUserId: 40 }],
    });
  });

  it('leaves the class alone when only the roles change', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'GET /api/users/50': { body: student },
      'GET /api/roles': { body: [{ id: 2, name: 'Student' }, { id: 3, name: 'Teacher' }] },
      'GET /api/classes': { body: classes },
      'GET /api/classes/10/users': { body: people[10] },
      'PATCH /api/users/50': ({ body }) => ({ body: { ...student, ...(body as object) } }),
    });
    renderAdmin({ route: '/admin/users/50' });
    await user.click(await screen.findByLabelText('Praksislærer', { selector: 'input[type="checkbox"]' }, { timeout: 10_000 }));
    await user.click(screen.getByText('Lagre'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ roles: [2, 3], teacherClasses: [] });
  });
  it("shows the student's log in each of the student's classes, newest first, with who did what", async () => {
    const signed = (id: number, label: string, actorName: string, actorRole: string) => ({
      id,
      occurredAt: `2026-11-20T0${id}:00:00Z`,
      action: 'signingForm.signed',
      label,
      entity: 'signingForm',
      entityId: 9,
      actorId: id,
      actorName,
      actorRole,
    });
    fakeApi({
      'GET /api/users/50': { body: student },
      'GET /api/roles': { body: [{ id: 2, name: 'Student' }] },
      'GET /api/classes': { body: classes },
      'GET /api/classes/10/users': { body: people[10] },
      'GET /api/classes/10/students/50/audit': {
        body: [
          signed(3, 'Signert av student (innlogget med Feide)', 'Ola Student', 'S'),
          signed(2, 'Signert av praksisveileder (innlogget med Vipps)', 'Vera Veileder', 'PV'),
          signed(1, 'Signert av praksislærer (innlogget med Feide)', 'Tove Lærer', 'PL'),
        ],
      },
      'GET /api/classes/5/students/50/audit': { body: [] },
    });
    renderAdmin({ route: '/admin/users/50' });

    const med = await screen.findByRole('region', { name: 'Logg for MED – Emne MED (Høst 2026)' }, { timeout: 10_000 });
    await waitFor(() => expect(within(med).getAllByRole('listitem')).toHaveLength(3));
    const items = within(med).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Signert av student (innlogget med Feide)');
    expect(items[0]).toHaveTextContent('Ola Student (S)');
    expect(items[1]).toHaveTextContent('Vera Veileder (PV)');
    expect(items[2]).toHaveTextContent('Tove Lærer (PL)');
    const kom = screen.getByRole('region', { name: 'Logg for KOM – Emne KOM (Vår 2026)' });
    expect(await within(kom).findByText('Ingenting er logget for studenten ennå.')).toBeInTheDocument();
  });
});
