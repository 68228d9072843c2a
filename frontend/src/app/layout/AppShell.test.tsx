import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { demoUser, ROLES } from '@/testing/fixtures';
import { renderApp, requestsTo, signedInApi, stubPageNavigation } from '@/testing/renderApp';

const marte = demoUser({ id: 2, displayName: 'Marte Solberg', email: 'marte.solberg@demo.test', roles: [ROLES.Admin, ROLES.Teacher] });

describe('the signed-in shell', () => {
  it("shows the school's name and a menu with the user's roles, privacy policy, about, settings and sign-out", async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('activeRole', 'Teacher');
    signedInApi(marte);
    const { router } = renderApp({ route: '/teacher' });

    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Praksis Demo' })).toHaveAttribute('href', '/');
    const menuButton = within(banner).getByRole('button', { name: 'Meny' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await user.click(menuButton);
    const nav = await screen.findByRole('navigation', { name: 'Hovedmeny' });
    expect(within(nav).getByText('marte.solberg@demo.test')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: /Praksislærer/ })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: /Personvernerklæring/ })).toHaveAttribute('href', '/teacher/privacy-policy');
    expect(within(nav).getByRole('link', { name: /Om tjenesten/ })).toHaveAttribute('href', 'https://demo.example.no/om');

    // Switching role goes to the role's home and remembers it.
    await user.click(within(nav).getByRole('link', { name: /Administrator/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    await waitFor(() => expect(window.localStorage.getItem('activeRole')).toBe('Admin'));
    await waitFor(() => expect(menuButton).toHaveFocus());
  });

  it('closes the menu with Escape', async () => {
    const user = userEvent.setup();
    signedInApi(demoUser());
    renderApp({ route: '/teacher' });

    await user.click(await screen.findByRole('button', { name: 'Meny' }));
    expect(await screen.findByRole('navigation', { name: 'Hovedmeny' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Hovedmeny' })).not.toBeInTheDocument());
  });

  it('switches to English in the settings and remembers it', async () => {
    const user = userEvent.setup();
    signedInApi(demoUser());
    renderApp({ route: '/teacher' });

    await user.click(await screen.findByRole('button', { name: 'Meny' }));
    await user.click(await screen.findByRole('button', { name: 'Innstillinger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Innstillinger' });
    await user.click(within(dialog).getByRole('radio', { name: 'English' }));

    expect(await screen.findByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
    expect(window.localStorage.getItem('language')).toBe('en');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    const menuButton = await screen.findByRole('button', { name: 'Menu' });
    await waitFor(() => expect(menuButton).toHaveFocus());
    expect(document.documentElement.lang).toBe('en');

    await user.click(menuButton);
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: /^Practice teacher/ })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('switches to Nynorsk and stores the choice as the user\'s, for their e-mails', async () => {
    const user = userEvent.setup();
    const fetchMock = signedInApi(demoUser({ language: 'nb' }), {
      'PUT /api/users/me/language': () => ({ status: 204 }),
    });
    renderApp({ route: '/teacher' });

    await user.click(await screen.findByRole('button', { name: 'Meny' }));
    await user.click(await screen.findByRole('button', { name: 'Innstillinger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Innstillinger' });
    await user.click(within(dialog).getByRole('radio', { name: 'Norsk (nynorsk)' }));

    expect(await screen.findByRole('dialog', { name: 'Innstillingar' })).toBeInTheDocument();
    expect(window.localStorage.getItem('language')).toBe('nn');
    await waitFor(() => expect(requestsTo(fetchMock)).toContain('PUT /api/users/me/language'));
    const put = fetchMock.mock.calls.map(([input]) => input as Request).find((r) => r.method === 'PUT');
    expect(await put?.json()).toEqual({ language: 'nn' });
    await user.click(screen.getByRole('button', { name: 'Lukk' }));
    expect(document.documentElement.lang).toBe('nn');
    expect(await screen.findByRole('button', { name: 'Meny' })).toBeInTheDocument();
  });

  it('signs out: ends the session, forgets token and role, and loads the front page', async () => {
    const user = userEvent.setup();
    const navigation = stubPageNavigation();
    const fetchMock = signedInApi(demoUser());
    renderApp({ route: '/teacher' });

    await user.click(await screen.findByRole('button', { name: 'Meny' }));
    await user.click(await screen.findByRole('button', { name: 'Logg ut' }));

    await waitFor(() => expect(navigation.assign).toHaveBeenCalledWith('/'));
    expect(requestsTo(fetchMock)).toContain('POST /api/auth/sign-out');
    expect(window.sessionStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('activeRole')).toBeNull();
    expect(navigation.reload).not.toHaveBeenCalled();
  });

  it('renews the token on every change of path', async () => {
    const fetchMock = signedInApi(demoUser());
    const { router } = renderApp({ route: '/teacher' });
    await screen.findByRole('button', { name: 'Meny' });
    await waitFor(() => expect(window.sessionStorage.getItem('token')).toBe('tok.refreshed'));

    await router.navigate('/teacher/privacy-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Personvernerklæring' })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(fetchMock).filter((r) => r === 'GET /api/auth/refresh')).toHaveLength(2));
  });

  it("says 'Klarte ikke hente innlogget bruker' when the user cannot be loaded", async () => {
    signedInApi(demoUser(), {
      'GET /api/users/me': () => ({ status: 503, body: { description: 'Vedlikehold', statusCode: 503, errors: [] } }),
    });
    renderApp({ route: '/teacher' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Klarte ikke hente innlogget bruker' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Obs! Noe gikk galt');
    expect(screen.getByRole('button', { name: 'Prøv igjen' })).toBeInTheDocument();
  });

  it('loads the page again without the token on 401', async () => {
    const navigation = stubPageNavigation();
    signedInApi(demoUser(), {
      'GET /api/users/me': () => ({ status: 401, body: { description: 'Token has expired', statusCode: 401, errors: [] } }),
    });
    renderApp({ route: '/teacher' });

    await waitFor(() => expect(navigation.reload).toHaveBeenCalled());
    expect(window.sessionStorage.getItem('token')).toBeNull();
  });
});
