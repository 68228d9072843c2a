import { screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { demo2Tenant, demoTenant } from '@/testing/fixtures';
import { mockApi, renderApp, serveTenant } from '@/testing/renderApp';

describe('LoginPage', () => {
  it('shows the school name as the heading and its organisation number', async () => {
    mockApi(serveTenant(demoTenant));
    renderApp();

    expect(await screen.findByRole('heading', { level: 1, name: 'Praksis Demo' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('Org.nr. 999 888 777')).toBeVisible();
    expect(document.title).toBe('Praksis Demo');
  });

  it('renders at once from the injected school, before the API answers', () => {
    mockApi(() => ({ status: 200, body: demo2Tenant('nb') }));
    renderApp({ initialTenant: demo2Tenant('nb') });

    expect(screen.getByRole('heading', { level: 1, name: 'Praksisportalen Nord' })).toBeInTheDocument();
    expect(screen.getByText('Org.nr. 911 222 333')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('offers Feide, Vipps and the one-time code, pointing at the sign-in starts', async () => {
    mockApi(serveTenant(demoTenant));
    renderApp();

    const feide = await screen.findByRole('link', { name: 'Logg inn med Feide' });
    expect(feide).toHaveAttribute('href', '/api/auth/feide/start');
    expect(screen.getByRole('link', { name: 'Logg inn med Vipps' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/api\/auth\/vipps\/start\?state=[\w-]{32}$/),
    );
    expect(screen.getByRole('link', { name: 'Logg inn med engangskode på e-post' })).toHaveAttribute('href', '/login');
  });

  it('starts Vipps with a fresh state and keeps it to compare on return', async () => {
    mockApi(serveTenant(demoTenant));
    renderApp();

    const vipps = await screen.findByRole('link', { name: 'Logg inn med Vipps' });
    const state = new URL(vipps.getAttribute('href') ?? '', window.location.href).searchParams.get('state');
    expect(state).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(window.sessionStorage.getItem('signIn.vippsState')).toBeNull();
    // jsdom does not navigate; the click handler runs all the same.
    vipps.addEventListener('click', (event) => event.preventDefault());
    await userEvent.setup().click(vipps);
    expect(window.sessionStorage.getItem('signIn.vippsState')).toBe(state);
  });

  it('passes verificationGuid on to every sign-in', async () => {
    mockApi(serveTenant(demoTenant));
    renderApp({ route: '/supervisor?verificationGuid=3f2a-77&x=1' });

    const feide = await screen.findByRole('link', { name: 'Logg inn med Feide' });
    expect(feide).toHaveAttribute('href', '/api/auth/feide/start?verificationGuid=3f2a-77');
    expect(screen.getByRole('link', { name: 'Logg inn med Vipps' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/api\/auth\/vipps\/start\?state=[\w-]{32}&verificationGuid=3f2a-77$/),
    );
    expect(screen.getByRole('link', { name: 'Logg inn med engangskode på e-post' })).toHaveAttribute(
      'href',
      '/login?verificationGuid=3f2a-77',
    );
    expect(screen.getByText(/invitert som praksisveileder/)).toBeInTheDocument();
    // Kept for the way back from Feide or Vipps, or through the code pages.
    expect(window.sessionStorage.getItem('signIn.verificationGuid')).toBe('3f2a-77');
  });

  it('passes a local redirect_uri on, and drops one that leads elsewhere', async () => {
    mockApi(serveTenant(demoTenant));
    const { unmount } = renderApp({ route: '/?redirect_uri=%2Fstudent%2Fforms' });
    expect(await screen.findByRole('link', { name: 'Logg inn med Feide' })).toHaveAttribute(
      'href',
      '/api/auth/feide/start?redirect_uri=%2Fstudent%2Fforms',
    );
    unmount();
    window.sessionStorage.clear();

    renderApp({ route: '/?redirect_uri=https%3A%2F%2Fevil.example' });
    expect(await screen.findByRole('link', { name: 'Logg inn med Feide' })).toHaveAttribute('href', '/api/auth/feide/start');
    expect(window.sessionStorage.getItem('signIn.redirectUri')).toBeNull();
  });

  it('switches to English, remembers it and asks the API for English texts', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi(serveTenant(demoTenant));
    renderApp();

    await user.click(await screen.findByRole('button', { name: 'Språk: Bokmål' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'English' }));

    expect(await screen.findByRole('link', { name: 'Log in with Feide' })).toBeInTheDocument();
    expect(screen.getByText('Org. no. 999 888 777')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Language: English' })).toBeInTheDocument();
    expect(window.localStorage.getItem('language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');

    const requests = fetchMock.mock.calls.map(([input]) => input as Request);
    const english = requests.find((request) => request.url.endsWith('/api/tenant?lang=en'));
    expect(english?.headers.get('Accept-Language')).toBe('en');
  });

  it('sends the bearer token when one is stored', async () => {
    window.sessionStorage.setItem('token', 'tok');
    const fetchMock = mockApi(serveTenant(demoTenant));
    renderApp();

    await screen.findByRole('heading', { level: 1 });
    const request = fetchMock.mock.calls[0]?.[0] as Request;
    expect(request.headers.get('Authorization')).toBe('Bearer tok');
  });

  it('opens the privacy policy without rendering raw HTML from it', async () => {
    const user = userEvent.setup();
    mockApi(serveTenant(demoTenant));
    renderApp();

    await user.click(await screen.findByRole('button', { name: 'Personvernerklæring' }));
    const dialog = await screen.findByRole('dialog', { name: 'Personvernerklæring' });
    // The Markdown renderer loads on demand.
    expect(await within(dialog).findByRole('heading', { name: 'Personvern' })).toBeInTheDocument();
    expect(within(dialog).getByText('personopplysninger').tagName).toBe('STRONG');
    expect(within(dialog).getByRole('link', { name: 'Datatilsynet' })).toHaveAttribute('target', '_blank');
    expect(dialog.querySelector('script')).toBeNull();
    expect(dialog.textContent).not.toContain('alert(1)');

    await user.click(within(dialog).getByRole('button', { name: 'Lukk' }));
    await waitForElementToBeRemoved(dialog);
  });

  it('links the about page, accessibility statement and contact address', async () => {
    mockApi(serveTenant(demoTenant));
    renderApp();

    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: /Om tjenesten/ })).toHaveAttribute(
      'href',
      'https://demo.example.no/om',
    );
    expect(within(footer).getByRole('link', { name: /Tilgjengelighetserklæring/ })).toHaveAttribute(
      'href',
      'https://uustatus.no/nb/erklaringer/publisert/demo',
    );
    expect(within(footer).getByRole('link', { name: 'Kontakt: praksis@demo.example.no' })).toHaveAttribute(
      'href',
      'mailto:praksis@demo.example.no',
    );
  });

  it('leaves out an about link that is not http(s)', async () => {
    mockApi(serveTenant((lang) => demoTenant(lang, { aboutUrl: 'javascript:alert(1)' })));
    renderApp();

    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).queryByRole('link', { name: /Om tjenesten/ })).not.toBeInTheDocument();
  });
});
