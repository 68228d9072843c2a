import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { demoTenant } from '@/testing/fixtures';
import { mockApi, renderApp, serveTenant } from '@/testing/renderApp';

const unknownHost = {
  status: 404,
  body: { description: 'No school at this address', statusCode: 404, errors: [] },
};

describe('TenantGate', () => {
  it('shows a labelled progress indicator while the school loads', () => {
    mockApi(serveTenant(demoTenant));
    renderApp();
    expect(screen.getByRole('progressbar', { name: 'Laster inn' })).toBeInTheDocument();
  });

  it('shows the school-not-found page for an unknown host', async () => {
    mockApi(() => unknownHost);
    renderApp();

    expect(await screen.findByRole('heading', { level: 1, name: 'Fant ikke skolen' })).toBeInTheDocument();
    expect(screen.getByText('localhost')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Praksis');
    expect(screen.queryByRole('link', { name: /Feide/ })).not.toBeInTheDocument();
    expect(document.title).toBe('Fant ikke skolen');
  });

  it('shows the school-not-found page in English when English is chosen', async () => {
    window.localStorage.setItem('language', 'en');
    mockApi(() => unknownHost);
    renderApp({ language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'School not found' })).toBeInTheDocument();
  });

  it("shows the server's reason when the school is unavailable", async () => {
    mockApi(() => ({
      status: 503,
      body: { description: 'Skolen oppgraderes. Prøv igjen om ti minutter.', statusCode: 503, errors: [] },
    }));
    renderApp();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tjenesten er midlertidig utilgjengelig' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Skolen oppgraderes. Prøv igjen om ti minutter.')).toBeInTheDocument();
  });

  it('offers a retry after a network failure, and recovers', async () => {
    const user = userEvent.setup();
    mockApi('network-error');
    renderApp();

    const retry = await screen.findByRole('button', { name: 'Prøv igjen' });
    expect(screen.getByRole('heading', { level: 1, name: 'Får ikke kontakt med tjenesten' })).toBeInTheDocument();

    mockApi(serveTenant(demoTenant));
    await user.click(retry);
    expect(await screen.findByRole('heading', { level: 1, name: 'Praksis Demo' })).toBeInTheDocument();
  });

  it('treats an answer without a school like a failed request', async () => {
    mockApi(() => ({ status: 200, body: {} }));
    renderApp();
    expect(await screen.findByRole('button', { name: 'Prøv igjen' })).toBeInTheDocument();
  });

  it('routes /404 to the not-found page inside the school frame', async () => {
    mockApi(serveTenant(demoTenant));
    renderApp({ route: '/404' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Fant ikke siden' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gå til forsiden' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('banner')).toHaveTextContent('Praksis Demo');
  });

  it("uses the school's default language when the user has not chosen one", async () => {
    mockApi(serveTenant((lang) => demoTenant(lang, { defaultLanguage: 'en' })));
    renderApp();
    expect(await screen.findByRole('link', { name: 'Log in with Feide' })).toBeInTheDocument();
  });
});
