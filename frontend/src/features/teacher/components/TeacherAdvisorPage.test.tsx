import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anders, demoClass, hilde } from '@/features/placement/testing/fixtures';
import { renderPage } from '@/features/placement/testing/renderPage';
import type { StudentRow } from '@/features/placement/types';
import { signedInApi } from '@/testing/renderApp';
import { demoUser } from '@/testing/fixtures';
import { TeacherAdvisorPage } from './TeacherAdvisorPage';

const row = (id: number, displayName: string, supervisors: StudentRow['supervisors']): StudentRow => ({
  id,
  displayName,
  email: `${id}@stud.demo.test`,
  isMine: true,
  teacher: { id: 3, displayName: 'Per Kristian Dahl' },
  supervisors,
  warning: 'none',
  signingForm: { status: 'none', signedByTeacher: false, signedByStudent: false, signedByAdvisor: false },
  forms: [],
});

function renderAdvisor(userId: number, followed: { id: number; displayName: string }[]) {
  signedInApi(demoUser(), {
    'GET /api/classes/2': () => ({ status: 200, body: demoClass() }),
    'GET /api/classes/2/users': () => ({
      status: 200,
      body: {
        teachers: [{ id: 3, displayName: 'Per Kristian Dahl' }],
        students: [
          { id: 21, displayName: 'Jonas Berg' },
          { id: 22, displayName: 'Ola Nordmann' },
        ],
        advisors: [
          { id: hilde.id, displayName: hilde.displayName },
          { id: anders.id, displayName: anders.displayName },
        ],
      },
    }),
    [`GET /api/classes/2/advisor/${userId}/students`]: () => ({ status: 200, body: followed }),
    'GET /api/classes/2/students': () => ({
      status: 200,
      body: [row(21, 'Jonas Berg', [anders, hilde]), row(22, 'Ola Nordmann', [anders])],
    }),
    'GET /api/classes/2/signing-status': () => ({ status: 200, body: [] }),
  });
  renderPage(<TeacherAdvisorPage />, {
    user: demoUser(),
    path: '/teacher/class/:classId/advisor/:userId',
    route: `/teacher/class/2/advisor/${userId}`,
  });
}

describe("the teacher's page of a supervisor (spec §2)", () => {
  it('shows how to reach the supervisor and only the students they follow', async () => {
    renderAdvisor(hilde.id, [{ id: 21, displayName: 'Jonas Berg' }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hilde Bakken' })).toBeInTheDocument();
    const contact = await screen.findByRole('region', { name: 'Kontakt' });
    expect(within(contact).getByRole('link', { name: hilde.email })).toHaveAttribute('href', `mailto:${hilde.email}`);
    expect(within(contact).getByRole('link', { name: '+4791234567' })).toHaveAttribute('href', 'tel:+4791234567');
    const students = screen.getByRole('region', { name: 'Studentene veilederen følger' });
    expect(within(students).getByRole('link', { name: 'Jonas Berg' })).toBeInTheDocument();
    expect(within(students).queryByRole('link', { name: 'Ola Nordmann' })).not.toBeInTheDocument();
  });

  it('says so when the supervisor follows nobody yet', async () => {
    renderAdvisor(hilde.id, []);
    expect(await screen.findByText('Veilederen følger ingen studenter i klassen ennå.')).toBeInTheDocument();
  });

  it('does not show someone who is no supervisor of the class', async () => {
    renderAdvisor(99, []);
    expect(await screen.findByText('Fant ikke veilederen i denne klassen.')).toBeInTheDocument();
  });
});
