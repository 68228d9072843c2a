import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { problem } from '@/features/placement/testing/fixtures';
import { renderPage } from '@/features/placement/testing/renderPage';
import { signedInApi } from '@/testing/renderApp';
import { demoUser, ROLES } from '@/testing/fixtures';
import { ACCEPT_FAILURE_REDIRECT_MS, AcceptInvitationPage } from './AcceptInvitationPage';

const kari = demoUser({ id: 40, displayName: 'Kari Lie', email: 'kari@sykehus.test', roles: [ROLES.Advisor] });

function renderAccept(route: string) {
  const posted: unknown[] = [];
  signedInApi(kari, {
    'POST /api/invitations/advisor/accept': async (request) => {
      posted.push(await request.json());
      return { status: 410, body: problem(410, 'Invitasjonen har gått ut.') };
    },
  });
  const rendered = renderPage(<AcceptInvitationPage />, {
    user: kari,
    path: '/supervisor/accept-invitation',
    route,
    routes: [{ path: '/', element: <p>front page</p> }],
  });
  return { posted, ...rendered };
}

const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

describe('accepting a supervisor invitation (spec §4, §9)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the e-mail with the id, shows a failure and moves on after 7 seconds', async () => {
    vi.useFakeTimers();
    const { posted, router } = renderAccept('/supervisor/accept-invitation?verificationGuid=1b4e28ba-2fa1-11d2-883f-0016d3cca427');
    await advance(0);
    expect(posted).toEqual([{ verificationGuid: '1b4e28ba-2fa1-11d2-883f-0016d3cca427', email: 'kari@sykehus.test' }]);
    expect(screen.getByText(/Invitasjonen har gått ut\./)).toBeInTheDocument();
    await advance(ACCEPT_FAILURE_REDIRECT_MS - 1);
    expect(router.state.location.pathname).toBe('/supervisor/accept-invitation');
    await advance(1);
    expect(router.state.location.pathname).toBe('/');
    expect(ACCEPT_FAILURE_REDIRECT_MS).toBe(7000);
  });

  it('fails at once without an invitation id, and moves on after 7 seconds', async () => {
    vi.useFakeTimers();
    const { posted, router } = renderAccept('/supervisor/accept-invitation');
    await advance(ACCEPT_FAILURE_REDIRECT_MS - 1);
    expect(router.state.location.pathname).toBe('/supervisor/accept-invitation');
    await advance(1);
    expect(router.state.location.pathname).toBe('/');
    expect(posted).toEqual([]);
  });
});
