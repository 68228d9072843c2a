import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/AppProviders';
import { setupStore } from '@/app/store';
import { demoTenant, demoUser, ROLES } from '@/testing/fixtures';
import { signedInApi, type FakeResponse } from '@/testing/renderApp';
import { formIn } from '../testFixtures';
import type { SigningForm, StudentSigningStatus } from '../types';
import { SigningFormCard } from './SigningFormCard';
import { SigningStatusList } from './SigningStatusList';

const FORM_PATH = '/api/classes/2/students/6/signingform';
const none: FakeResponse = { status: 404, body: { description: 'Ingen', statusCode: 404, errors: [] } };

function renderAt(element: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/', element },
      { path: '/:role/class/:classId/student/:studentUserId/signingform', element: <h1>form page</h1> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <AppProviders store={setupStore()} initialTenant={demoTenant()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('SigningFormCard', () => {
  it('shows who has signed, whose turn it is, and links to the form', async () => {
    signedInApi(demoUser({ roles: [ROLES.Student] }), { [`GET ${FORM_PATH}`]: () => ({ status: 200, body: formIn('advisorSigned') }) });
    const router = renderAt(<SigningFormCard role="Student" classId={2} studentUserId={6} />);
    expect(await screen.findByText('Venter på signaturer')).toBeInTheDocument();
    expect(screen.getByText('Har signert: Praksisveileder')).toBeInTheDocument();
    expect(screen.getByText('Venter på: Praksislærer, Student')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Åpne signeringsskjemaet' }));
    expect(router.state.location.pathname).toBe('/student/class/2/student/6/signingform');
  });

  it('says a locked form is signed by all', async () => {
    signedInApi(demoUser(), { [`GET ${FORM_PATH}`]: () => ({ status: 200, body: formIn('locked') }) });
    renderAt(<SigningFormCard role="Teacher" classId={2} studentUserId={6} />);
    expect(await screen.findByText('Signert av alle og låst')).toBeInTheDocument();
    expect(screen.queryByText(/Venter på/)).not.toBeInTheDocument();
  });

  it('lets the teacher create the form when there is none, then opens it', async () => {
    let created: SigningForm | null = null;
    signedInApi(demoUser(), {
      [`GET ${FORM_PATH}`]: () => (created ? { status: 200, body: created } : none),
      [`POST ${FORM_PATH}`]: () => {
        created = { ...formIn('midSaved'), midSemesterStudentHasGivenFeedback: null, midSemesterSpecificCompetenceAreasBegun: null };
        return { status: 201, body: created };
      },
    });
    const router = renderAt(<SigningFormCard role="Teacher" classId={2} studentUserId={6} />);
    expect(await screen.findByText('Ikke opprettet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Opprett signeringsskjema' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/teacher/class/2/student/6/signingform'));
    expect(created).not.toBeNull();
  });

  it('offers no button to others while there is no form', async () => {
    signedInApi(demoUser({ roles: [ROLES.Advisor] }), { [`GET ${FORM_PATH}`]: () => none });
    renderAt(<SigningFormCard role="Advisor" classId={2} studentUserId={6} />);
    expect(await screen.findByText('Praksislæreren har ikke opprettet signeringsskjemaet ennå.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('SigningStatusList', () => {
  it('lists the forms that wait for someone, and for whom', async () => {
    const rows: StudentSigningStatus[] = [
      { studentId: 6, displayName: 'Emma Johansen', signingFormId: null, status: 'noForm', waitingFor: ['teacher'], midSemesterCompletedDate: null, endSemesterCompletedDate: null },
      {
        studentId: 8,
        displayName: 'Sara Ali',
        signingFormId: 4,
        status: 'awaitingSignatures',
        waitingFor: ['student', 'advisor'],
        midSemesterCompletedDate: '2026-10-09',
        endSemesterCompletedDate: '2026-11-20',
      },
    ];
    signedInApi(demoUser(), { 'GET /api/classes/2/signing-status': () => ({ status: 200, body: rows }) });
    renderAt(<SigningStatusList classId={2} />);
    const sara = await screen.findByRole('link', { name: 'Signeringsskjema for Sara Ali' });
    expect(sara).toHaveAttribute('href', '/teacher/class/2/student/8/signingform');
    expect(sara.closest('li')).toHaveTextContent('Venter på signaturer · Venter på student og praksisveileder');
    expect(screen.getByRole('link', { name: 'Signeringsskjema for Emma Johansen' }).closest('li')).toHaveTextContent(
      'Ikke opprettet · Venter på praksislærer',
    );
  });

  it('says when nothing waits', async () => {
    signedInApi(demoUser(), { 'GET /api/classes/2/signing-status': () => ({ status: 200, body: [] }) });
    renderAt(<SigningStatusList classId={2} />);
    expect(await screen.findByText('Ingen signeringsskjemaer venter på noen.')).toBeInTheDocument();
  });
});
