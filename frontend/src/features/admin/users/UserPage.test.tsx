import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderAdmin } from '../testing/renderAdmin';
import type { AdminUser, SchoolClass } from '../types';
// Loaded up front, so the lazy route does not wait for the module.
import './UserPage';

// Whole screens with MUI render slowly in jsdom on a busy machine.
const SLOW = 60_000;

const roles = [
  { id: 1, name: 'Admin' },
  { id: 2, name: 'Student' },
  { id: 3, name: 'Teacher' },
  { id: 4, name: 'Advisor' },
];

const schoolClass: SchoolClass = {
  id: 10,
  periodId: 2,
  period: { id: 2, name: 'Høst 2026', startDate: '2026-07-01', endDate: '2026-12-31', status: 'current' },
  subjectId: 1,
  subject: { id: 1, subjectCode: 'MED', name: 'Emne MED' },
  assignments: [],
  midSemesterDate: null,
  endSemesterDate: null,
  currentMainAssignment: null,
  forms: [],
};

const person = (over: Partial<AdminUser>): AdminUser => ({
  id: 60,
  displayName: 'Siri Sykepleier',
  email: 'siri@demo.test',
  phoneNumber: null,
  language: 'nb',
  isActive: true,
  privacyPolicyAcceptedAt: null,
  roles: [{ id: 4, name: 'Advisor' }],
  teacherClasses: [],
  advisorClasses: [],
  studentReferences: [],
  studentUserReferences: [],
  ...over,
});

function serve(user: AdminUser) {
  return fakeApi({
    'GET /api/users/60': { body: user },
    'GET /api/roles': { body: roles },
    'GET /api/classes': { body: [schoolClass] },
    'GET /api/classes/10/users': { body: { teachers: [], students: [], advisors: [] } },
    'PATCH /api/users/60': ({ body }) => ({ body: { ...user, ...(body as object) } }),
  });
}

describe('user page', { timeout: SLOW }, () => {
  it('needs at least one role, and sends nothing without', async () => {
    const user = userEvent.setup();
    const calls = serve(person({}));
    renderAdmin({ route: '/admin/users/60' });
    const advisor = await screen.findByLabelText('Praksisveileder', { selector: 'input' }, { timeout: 10_000 });
    await user.click(advisor);
    await user.click(screen.getByText('Lagre'));
    expect(await screen.findByText('Velg minst én rolle.')).toBeInTheDocument();
    // The focus goes to the roles, the field to fix.
    expect(document.activeElement).toHaveAttribute('type', 'checkbox');
    expect(['Administrator', 'Student', 'Praksislærer', 'Praksisveileder'].map((name) => screen.getByLabelText(name, { selector: 'input' }))).toContain(
      document.activeElement,
    );
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('needs a class for a student', async () => {
    const user = userEvent.setup();
    const calls = serve(person({}));
    renderAdmin({ route: '/admin/users/60' });
    await user.click(await screen.findByLabelText('Student', { selector: 'input' }, { timeout: 10_000 }));
    await user.click(screen.getByText('Lagre'));
    expect(await screen.findByText('En student må være i én klasse.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await user.click(screen.getByLabelText(/^Klasse(?!r)/));
    await user.click(await screen.findByText('MED – Emne MED (Høst 2026)'));
    await user.click(screen.getByText('Lagre'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      roles: [4, 2],
      advisorClasses: [],
      studentReferences: [{ classId: 10, userId: 60, teacherUserId: null, advisorUserId: null }],
    });
  });

  it('shows a deactivated user with a banner and activates after confirming', async () => {
    const user = userEvent.setup();
    const calls = serve(person({ isActive: false }));
    renderAdmin({ route: '/admin/users/60' });
    expect(await screen.findByText('Brukeren er deaktivert', undefined, { timeout: 10_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aktiver bruker' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aktivere brukeren?' });
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Aktiver bruker' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ roles: [4], isActive: true });
  });
});
