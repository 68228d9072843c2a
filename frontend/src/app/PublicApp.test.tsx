import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storeLanguage } from '@/i18n/language';
import { setCurrentLanguage } from '@/i18n/languageStore';
import { demoTenant } from '@/testing/fixtures';
import { mockApi, requestsTo, serveTenant, stubPageNavigation } from '@/testing/renderApp';
import { PUBLIC_PAGE_PATHS } from './paths';
import { PublicApp } from './PublicApp';
import { publicRoutes } from './publicRoutes';

describe('the app before sign-in', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('draws the login page from the injected school without asking the API', () => {
    const api = mockApi(serveTenant(demoTenant));
    render(<PublicApp initialTenant={demoTenant('nb')} />);

    expect(screen.getByRole('heading', { level: 1, name: 'Praksis Demo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Logg inn med Feide' })).toHaveAttribute('href', '/api/auth/feide/start');
    expect(requestsTo(api)).toEqual([]);
  });

  it('asks the API for the school in another language when the user switches', async () => {
    const api = mockApi(serveTenant(demoTenant));
    render(<PublicApp initialTenant={demoTenant('nb')} />);
    // As the language menu does: the choice is stored, then shown.
    act(() => {
      storeLanguage('en');
      setCurrentLanguage('en');
    });

    expect(await screen.findByRole('link', { name: 'Log in with Feide' })).toBeInTheDocument();
    expect(requestsTo(api)).toEqual(['GET /api/tenant']);
  });

  it('opens the code page without loading the page again, and goes back to the login page', async () => {
    mockApi(serveTenant(demoTenant));
    const navigation = stubPageNavigation();
    const user = userEvent.setup();
    render(<PublicApp initialTenant={demoTenant('nb')} />);

    await user.click(screen.getByRole('link', { name: 'Logg inn med engangskode på e-post' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Logg inn med engangskode' }, { timeout: 5000 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(navigation.assign).not.toHaveBeenCalled();

    window.history.back();
    expect(await screen.findByRole('link', { name: 'Logg inn med Feide' }, { timeout: 5000 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  });

  it('opens a sign-in page given as the address', async () => {
    mockApi(serveTenant(demoTenant));
    window.history.replaceState(null, '', '/login');
    render(<PublicApp initialTenant={demoTenant('nb')} />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Logg inn med engangskode' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('says so when the host is no school', async () => {
    mockApi(() => ({ status: 404, body: { description: 'Unknown school', statusCode: 404, errors: [] } }));
    render(<PublicApp initialTenant={null} />);

    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Fant ikke skolen');
  });

  it('knows every path the route table has a page for', () => {
    const routed = (publicRoutes[0]?.children ?? []).map((r) => r.path).filter((p) => p && p !== '*');
    expect([...routed].sort()).toEqual([...PUBLIC_PAGE_PATHS].sort());
  });
});
