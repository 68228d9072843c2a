import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoTenant, demoUser, ROLES } from '@/testing/fixtures';
import { mockApi, renderApp, requestsTo, serveTenant, stubPageNavigation } from '@/testing/renderApp';

const hilde = demoUser({ id: 16, displayName: 'Hilde Bakken', roles: [ROLES.Advisor] });
const STATE = 'Zq3x8YpR0aB_kLmN-2vW4tUe6iOo9sDf';

describe('/vipps-success: the return from Vipps', () => {
  it.each([
    [
      'an error with its description',
      `?error=access_denied&error_description=The+user+cancelled+the+sign-in&state=${STATE}`,
      ['Innloggingen med Vipps ble avbrutt.', 'The user cancelled the sign-in'],
    ],
    ['no code', `?state=${STATE}`, ['Svaret fra Vipps manglet innloggingskoden.']],
    ['no state', '?code=abc', ['Svaret fra Vipps manglet sikkerhetsverdien (state).']],
    [
      'a state other than the stored one',
      '?code=abc&state=SomeoneElsesState123',
      ['Svaret fra Vipps hørte ikke til innloggingen som ble startet her.'],
    ],
  ])('stops with a clear message on %s', async (_case, query, texts) => {
    window.sessionStorage.setItem('signIn.vippsState', STATE);
    const fetchMock = mockApi(serveTenant(demoTenant));
    renderApp({ route: `/vipps-success${query}` });

    expect(await screen.findByRole('heading', { level: 1, name: 'Innloggingen fullførte ikke' })).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    for (const text of texts) expect(alert).toHaveTextContent(text);
    expect(screen.getByRole('link', { name: 'Tilbake til innlogging' })).toHaveAttribute('href', '/');
    expect(requestsTo(fetchMock)).not.toContain('POST /api/auth/vipps/signed-in');
    // A state is used once.
    expect(window.sessionStorage.getItem('signIn.vippsState')).toBeNull();
  });

  it('refuses a return when this tab started no Vipps sign-in', async () => {
    mockApi(serveTenant(demoTenant));
    renderApp({ route: `/vipps-success?code=abc&state=${STATE}` });
    expect(await screen.findByRole('alert')).toHaveTextContent('hørte ikke til innloggingen');
  });

  it('trades the code for a token and goes on, keeping a pending invitation', async () => {
    const navigation = stubPageNavigation();
    window.sessionStorage.setItem('signIn.vippsState', STATE);
    window.sessionStorage.setItem('signIn.verificationGuid', '0f8e2d6c-1111-2222-3333-444455556666');
    const fetchMock = mockApi(serveTenant(demoTenant), {
      'POST /api/auth/vipps/signed-in': () => ({ status: 200, body: { token: 'vipps.token' } }),
      'GET /api/users/me': () => ({ status: 200, body: hilde }),
    });
    renderApp({ route: `/vipps-success?code=abc&state=${STATE}` });

    expect(await screen.findByRole('heading', { level: 1, name: 'Logger inn med Vipps' })).toBeInTheDocument();
    await waitFor(() =>
      expect(navigation.assign).toHaveBeenCalledWith(
        '/supervisor/accept-invitation?verificationGuid=0f8e2d6c-1111-2222-3333-444455556666',
      ),
    );
    expect(window.sessionStorage.getItem('token')).toBe('vipps.token');
    const request = fetchMock.mock.calls.map(([input]) => input as Request).find((r) => r.method === 'POST');
    expect(await request?.json()).toEqual({ code: 'abc', redirectUri: 'http://localhost:3000/vipps-success', state: STATE });
  });

  it("shows the server's reason when it refuses the sign-in", async () => {
    window.sessionStorage.setItem('signIn.vippsState', STATE);
    mockApi(serveTenant(demoTenant), {
      'POST /api/auth/vipps/signed-in': () => ({
        status: 403,
        body: {
          description: 'Det finnes ingen veilederkonto for denne Vipps-brukeren.',
          statusCode: 403,
          errors: [],
        },
      }),
    });
    renderApp({ route: `/vipps-success?code=abc&state=${STATE}` });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Feil (HTTP 403)');
    expect(alert).toHaveTextContent('Klarte ikke logge inn med Vipps. Kontakt en administrator hvis du ikke kommer videre.');
    expect(alert).toHaveTextContent('Det finnes ingen veilederkonto for denne Vipps-brukeren.');
  });
});

describe('/feide-success: the return from Feide', () => {
  it('trades the code and state for a token and loads the app again', async () => {
    const navigation = stubPageNavigation();
    const fetchMock = mockApi(serveTenant(demoTenant), {
      'POST /api/auth/signed-in': () => ({ status: 200, body: { token: 'feide.token' } }),
      'GET /api/users/me': () => ({ status: 200, body: demoUser() }),
    });
    renderApp({ route: '/feide-success?code=c0de&state=st4te' });

    // The demo user has one role: the page loads again at its home.
    await waitFor(() => expect(navigation.assign).toHaveBeenCalledWith('/teacher'));
    const request = fetchMock.mock.calls.map(([input]) => input as Request).find((r) => r.method === 'POST');
    expect(await request?.json()).toEqual({ code: 'c0de', state: 'st4te', redirectToLocal: false });
  });

  it('says so when the user cancelled at Feide', async () => {
    mockApi(serveTenant(demoTenant));
    renderApp({ route: '/feide-success?error=access_denied&error_description=Avbrutt' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Innloggingen med Feide ble avbrutt.');
    expect(alert).toHaveTextContent('Avbrutt');
  });
});
