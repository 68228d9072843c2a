import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { demoTenant, demoUser } from '@/testing/fixtures';
import { mockApi, renderApp, requestsTo, serveTenant, stubPageNavigation, type FakeResponse } from '@/testing/renderApp';

const wrongCode: FakeResponse = {
  status: 400,
  body: {
    description: 'Koden er feil eller ikke lenger gyldig.',
    statusCode: 400,
    errors: [{ reason: 'code', description: 'Koden er feil eller ikke lenger gyldig.' }],
  },
};

describe('/login: asking for a one-time code', () => {
  it('requires an e-mail address, with the browser’s message as the field error', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi(serveTenant(demoTenant));
    renderApp({ route: '/login' });

    const field = await screen.findByRole('textbox', { name: /E-postadresse/ });
    expect(field).toHaveAttribute('type', 'email');
    expect(field).toBeRequired();

    await user.click(screen.getByRole('button', { name: 'Send kode' }));
    expect(field).toHaveAccessibleDescription((field as HTMLInputElement).validationMessage || 'Skriv inn e-postadressen din.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();

    await user.type(field, 'ikke-en-adresse');
    await user.click(screen.getByRole('button', { name: 'Send kode' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(fetchMock)).not.toContain('POST /api/auth/external/sign-in');
  });

  it('sends the code and goes on to the code page with the address', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi(serveTenant(demoTenant), {
      'POST /api/auth/external/sign-in': () => ({ status: 202 }),
    });
    const { router } = renderApp({ route: '/login' });

    await user.type(await screen.findByRole('textbox', { name: /E-postadresse/ }), ' hilde.bakken@sykehus.test ');
    await user.click(screen.getByRole('button', { name: 'Send kode' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Skriv inn koden' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/otp');
    expect(screen.getByText('hilde.bakken@sykehus.test')).toBeInTheDocument();
    const request = fetchMock.mock.calls.map(([input]) => input as Request).find((r) => r.method === 'POST');
    expect(await request?.json()).toEqual({ email: 'hilde.bakken@sykehus.test' });
  });

  it('uses the simple variant’s endpoint and code page on /login-simple', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi(serveTenant(demoTenant), { 'POST /api/auth/simple/sign-in': () => ({ status: 202 }) });
    const { router } = renderApp({ route: '/login-simple' });

    await user.type(await screen.findByRole('textbox', { name: /E-postadresse/ }), 'ola@example.no');
    await user.click(screen.getByRole('button', { name: 'Send kode' }));
    await screen.findByRole('heading', { level: 1, name: 'Skriv inn koden' });
    expect(router.state.location.pathname).toBe('/otp-simple');
    expect(requestsTo(fetchMock)).toContain('POST /api/auth/simple/sign-in');
  });

  it('says the code could not be sent when the server refuses', async () => {
    const user = userEvent.setup();
    mockApi(serveTenant(demoTenant), {
      'POST /api/auth/external/sign-in': () => ({
        status: 429,
        body: { description: 'Det er bedt om for mange koder.', statusCode: 429, errors: [] },
      }),
    });
    renderApp({ route: '/login' });

    await user.type(await screen.findByRole('textbox', { name: /E-postadresse/ }), 'ola@example.no');
    await user.click(screen.getByRole('button', { name: 'Send kode' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Feil (HTTP 429)');
    expect(alert).toHaveTextContent('Klarte ikke sende eller bekrefte engangskoden.');
    expect(alert).toHaveTextContent('Det er bedt om for mange koder.');
  });
});

describe('/otp: entering the code', () => {
  it('goes back to the matching request page without an address', async () => {
    mockApi(serveTenant(demoTenant));
    const { router } = renderApp({ route: '/otp-simple' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Logg inn med engangskode' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login-simple');
  });

  it('accepts exactly six digits', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi(serveTenant(demoTenant));
    renderApp({ route: '/otp', state: { email: 'ola@example.no' } });

    const field = await screen.findByRole('textbox', { name: /Engangskode/ });
    expect(field).toBeRequired();
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');

    await user.click(screen.getByRole('button', { name: 'Logg inn' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');

    for (const value of ['12345', '12a456']) {
      await user.clear(field);
      await user.type(field, value);
      await user.click(screen.getByRole('button', { name: 'Logg inn' }));
      expect(field).toHaveAccessibleDescription('Koden består av seks sifre.');
    }
    // maxLength keeps a seventh digit out.
    await user.clear(field);
    await user.type(field, '1234567');
    expect(field).toHaveValue('123456');
    expect(requestsTo(fetchMock)).not.toContain('POST /api/auth/external/signed-in');
  });

  it('says when the code is wrong, and stops after five wrong tries until a new code is sent', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi(serveTenant(demoTenant), {
      'POST /api/auth/external/signed-in': () => wrongCode,
      'POST /api/auth/external/sign-in': () => ({ status: 202 }),
    });
    renderApp({ route: '/otp', state: { email: 'ola@example.no' } });

    const field = await screen.findByRole('textbox', { name: /Engangskode/ });
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(/Koden er feil eller ikke lenger gyldig/));

    for (let i = 2; i <= 5; i++) await user.click(screen.getByRole('button', { name: 'Logg inn' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(/prøvd for mange ganger/));
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));
    expect(requestsTo(fetchMock).filter((r) => r === 'POST /api/auth/external/signed-in')).toHaveLength(5);

    await user.click(screen.getByRole('button', { name: 'Send ny kode' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Vi har sendt en ny kode til ola@example.no');
    expect(field).toHaveValue('');
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('signs in, loads the user and loads the app again at the front page', async () => {
    const user = userEvent.setup();
    const navigation = stubPageNavigation();
    const fetchMock = mockApi(serveTenant(demoTenant), {
      'POST /api/auth/external/signed-in': () => ({ status: 200, body: { token: 'new.token' } }),
      'GET /api/users/me': () => ({ status: 200, body: demoUser() }),
    });
    renderApp({ route: '/otp', state: { email: 'per.kristian.dahl@demo.test' } });

    await user.type(await screen.findByRole('textbox', { name: /Engangskode/ }), '642 140');
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));

    // The demo user has one role: the page loads again at its home.
    await waitFor(() => expect(navigation.assign).toHaveBeenCalledWith('/teacher'));
    expect(window.sessionStorage.getItem('token')).toBe('new.token');
    const requests = fetchMock.mock.calls.map(([input]) => input as Request);
    const signIn = requests.find((r) => r.url.endsWith('/api/auth/external/signed-in'));
    expect(await signIn?.json()).toEqual({ email: 'per.kristian.dahl@demo.test', code: '642140' });
    expect(requests.find((r) => r.url.endsWith('/api/users/me'))?.headers.get('Authorization')).toBe('Bearer new.token');
  });

  it('goes on to a pending invitation after signing in', async () => {
    const user = userEvent.setup();
    const navigation = stubPageNavigation();
    window.sessionStorage.setItem('signIn.verificationGuid', '0f8e2d6c-aaaa');
    mockApi(serveTenant(demoTenant), {
      'POST /api/auth/external/signed-in': () => ({ status: 200, body: { token: 'new.token' } }),
      'GET /api/users/me': () => ({ status: 200, body: demoUser() }),
    });
    renderApp({ route: '/otp', state: { email: 'per.kristian.dahl@demo.test' } });

    await user.type(await screen.findByRole('textbox', { name: /Engangskode/ }), '642140');
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));

    await waitFor(() =>
      expect(navigation.assign).toHaveBeenCalledWith('/supervisor/accept-invitation?verificationGuid=0f8e2d6c-aaaa'),
    );
    expect(window.sessionStorage.getItem('signIn.verificationGuid')).toBeNull();
  });

  it('says so when the user cannot be loaded after signing in', async () => {
    const user = userEvent.setup();
    const navigation = stubPageNavigation();
    mockApi(serveTenant(demoTenant), {
      'POST /api/auth/external/signed-in': () => ({ status: 200, body: { token: 'new.token' } }),
      'GET /api/users/me': () => ({ status: 500, body: { description: 'Intern feil', statusCode: 500, errors: [] } }),
    });
    renderApp({ route: '/otp', state: { email: 'per.kristian.dahl@demo.test' } });

    await user.type(await screen.findByRole('textbox', { name: /Engangskode/ }), '642140');
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Obs! Noe gikk galt');
    expect(alert).toHaveTextContent('Klarte ikke hente innlogget bruker');
    expect(alert).toHaveTextContent('Noe gikk galt, vennligst prøv på nytt. Dersom feilen vedvarer, kontakt en administrator.');
    expect(window.sessionStorage.getItem('token')).toBeNull();
    expect(navigation.assign).not.toHaveBeenCalled();
  });
});
