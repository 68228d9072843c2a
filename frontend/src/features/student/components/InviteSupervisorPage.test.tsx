import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { demoStudent, demoStudentClass, problem } from '@/features/placement/testing/fixtures';
import { renderPage } from '@/features/placement/testing/renderPage';
import type { Invitation } from '@/features/placement/types';
import { signedInApi } from '@/testing/renderApp';
import { InviteSupervisorPage } from './InviteSupervisorPage';

const invitation = (overrides: Partial<Invitation> = {}): Invitation => ({
  classId: 2,
  studentUserId: 8,
  email: 'kari@sykehus.test',
  createdAt: '2026-10-01T08:00:00Z',
  expiresAtUtc: '2026-10-04T08:00:00Z',
  accepted: false,
  acceptedAt: null,
  expired: false,
  status: 'sent',
  ...overrides,
});

function renderInvite(current: Invitation | null) {
  const posted: unknown[] = [];
  signedInApi(demoStudent(), {
    'GET /api/classes/me/student': () => ({ status: 200, body: [demoStudentClass({ supervisors: [] })] }),
    'GET /api/invitations/advisor/me': () =>
      current ? { status: 200, body: current } : { status: 404, body: problem(404, 'Ingen invitasjon') },
    'POST /api/invitations/advisor': async (request) => {
      const body = (await request.json()) as { email: string };
      posted.push(body);
      return { status: 201, body: invitation({ email: body.email, createdAt: '2026-10-10T08:00:00Z', expiresAtUtc: '2026-10-13T08:00:00Z' }) };
    },
  });
  const rendered = renderPage(<InviteSupervisorPage />, {
    user: demoStudent(),
    path: '/student/supervisor/invite',
    routes: [{ path: '/student/forms', element: <p>forms page</p> }],
  });
  return { posted, ...rendered };
}

describe('inviting a supervisor (spec §2, §4)', () => {
  it('labels a sent invitation as sent, and says a new one replaces it', async () => {
    renderInvite(invitation());
    expect(await screen.findByText('Sendt')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(/Invitasjonen til kari@sykehus\.test er sendt og gjelder til/);
    expect(screen.getByText(/En ny invitasjon erstatter en som ikke er tatt i bruk\./)).toBeVisible();
  });

  it('labels an invitation past its three days as expired', async () => {
    renderInvite(invitation({ expired: true, status: 'expired' }));
    expect(await screen.findByText('Utløpt')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(/Invitasjonen til kari@sykehus\.test gikk ut .+\. Send en ny\./);
    expect(screen.queryByText('Sendt')).not.toBeInTheDocument();
  });

  it('sends a new invitation and goes back to the forms with a success toast', async () => {
    const { posted, router } = renderInvite(invitation({ expired: true, status: 'expired' }));
    await userEvent.type(await screen.findByRole('textbox', { name: /Veilederens e-postadresse/ }), 'ny@sykehus.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitasjonen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/student/forms'));
    expect(posted).toEqual([{ email: 'ny@sykehus.test' }]);
    expect(await screen.findByText('Invitasjonen er sendt til ny@sykehus.test.')).toBeVisible();
  });

  it('refuses an address that is not an e-mail address without sending', async () => {
    const { posted } = renderInvite(null);
    const field = await screen.findByRole('textbox', { name: /Veilederens e-postadresse/ });
    await userEvent.type(field, 'ikke-en-adresse');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitasjonen' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(posted).toEqual([]);
  });
});
