import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { demoUser, ROLES } from '@/testing/fixtures';
import { renderApp, requestsTo, signedInApi, stubPageNavigation } from '@/testing/renderApp';

const mathias = demoUser({ id: 9, displayName: 'Mathias Hansen', roles: [ROLES.Student], privacyPolicyAcceptedAt: null });

describe('the privacy policy modal', () => {
  it('blocks until accepted, and records the acceptance on the server and in this browser', async () => {
    const user = userEvent.setup();
    const fetchMock = signedInApi(mathias, {
      'POST /api/users/me/privacy-policy': () => ({
        status: 200,
        body: { privacyPolicyAcceptedAt: '2026-11-21T10:00:00Z' },
      }),
    });
    renderApp({ route: '/student' });

    const dialog = await screen.findByRole('dialog', { name: 'Personvernerklæring' });
    expect(within(dialog).getByText(/må du lese og godta personvernerklæringen/)).toBeInTheDocument();
    // The Markdown renderer loads on demand; slow under a full parallel test run.
    expect(await within(dialog).findByRole('heading', { name: 'Personvern' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(dialog.querySelector('script')).toBeNull();

    // Neither Escape nor a click outside gets past it.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Jeg godtar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo(fetchMock)).toContain('POST /api/users/me/privacy-policy');
    expect(window.localStorage.getItem('privacyPolicyAccepted.9')).toBe('2026-11-21T10:00:00Z');
    // The page is usable again.
    expect(screen.getByRole('button', { name: 'Meny' })).toBeInTheDocument();
  });

  it('signs out when cancelled', async () => {
    const user = userEvent.setup();
    const navigation = stubPageNavigation();
    window.localStorage.setItem('activeRole', 'Student');
    const fetchMock = signedInApi(mathias);
    renderApp({ route: '/student' });

    const dialog = await screen.findByRole('dialog', { name: 'Personvernerklæring' });
    await user.click(within(dialog).getByRole('button', { name: 'Avbryt og logg ut' }));

    await waitFor(() => expect(navigation.assign).toHaveBeenCalledWith('/'));
    expect(requestsTo(fetchMock)).toContain('POST /api/auth/sign-out');
    expect(window.sessionStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('activeRole')).toBeNull();
    expect(window.localStorage.getItem('privacyPolicyAccepted.9')).toBeNull();
  });

  it('is not shown when the server already has the acceptance', async () => {
    signedInApi(demoUser());
    renderApp({ route: '/teacher/privacy-policy' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Personvernerklæring' })).toBeInTheDocument();
    expect(screen.getByText(/Du godtok personvernerklæringen/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('privacyPolicyAccepted.3')).toBe('2026-01-06T09:02:00Z');
  });

  it('says so, and stays, when the acceptance cannot be saved', async () => {
    const user = userEvent.setup();
    signedInApi(mathias, {
      'POST /api/users/me/privacy-policy': () => ({
        status: 500,
        body: { description: 'Intern feil', statusCode: 500, errors: [] },
      }),
    });
    renderApp({ route: '/student' });

    const dialog = await screen.findByRole('dialog', { name: 'Personvernerklæring' });
    await user.click(within(dialog).getByRole('button', { name: 'Jeg godtar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Klarte ikke lagre at du godtok');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(window.localStorage.getItem('privacyPolicyAccepted.9')).toBeNull();
  });
});
