import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/toast/Toaster';
import { AdminRoutes } from '../AdminRoutes';
import { fakeApi, must, problem, renderWithProviders } from '../testing/renderAdmin';
import type { SchoolText, SchoolTexts } from '../types';
// Loaded up front, so the lazy route does not wait for the module.
import './SchoolTextsPage';

// Whole screens with MUI render slowly in jsdom on a busy machine.
const SLOW = 60_000;

const text = (key: string, kind: SchoolText['kind'], nb = '', en = '', maxLength = 2000): SchoolText => ({
  key,
  kind,
  maxLength,
  values: { nb: { value: nb, default: `${key} (standard)` }, en: { value: en, default: `${key} (default)` } },
});

const data: SchoolTexts = {
  languages: ['nb', 'en'],
  texts: [
    text('appName', 'text', 'Praksis Demo', '', 100),
    text('orgNumber', 'text'),
    text('contactEmail', 'email'),
    text('aboutUrl', 'url'),
    text('accessibilityStatement', 'url'),
    text('privacyPolicy', 'markdown', '', '', 50000),
    text('signingForm.intro', 'markdown', '', '', 5000),
    text('signingForm.teacherDeclaration', 'text'),
    text('signingForm.studentDeclaration', 'text'),
    text('signingForm.advisorDeclaration', 'text'),
    text('supervisorInvitation.subtitle', 'text'),
  ],
  theme: { primaryColor: '#00509e', secondaryColor: '#f5a623', logoUrl: '', faviconUrl: '' },
  themeDefault: { primaryColor: '#00509e', secondaryColor: '#f5a623' },
};

/** The texts page with the toasts the app shows. */
function renderTexts() {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/admin/*" element={<AdminRoutes />} />
      </Routes>
      <Toaster />
    </>,
    { route: '/admin/texts' },
  );
}

describe('texts and theme editor', { timeout: SLOW }, () => {
  it('edits every text per language, previews the privacy policy safely and says Lagret!', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'GET /api/tenant/texts': { body: data },
      'PUT /api/tenant/texts': { body: data },
    });
    renderTexts();
    await screen.findByRole('textbox', { name: 'Personvernerklæring' }, { timeout: 10_000 });

    // Every text of the school has a labelled field, in its section.
    for (const label of [
      'Navn på tjenesten',
      'Organisasjonsnummer',
      'E-post for kontakt',
      'Adresse til «Om tjenesten»',
      'Tilgjengelighetserklæring',
      'Personvernerklæring',
      'Innledning',
      'Erklæring for praksislærer',
      'Erklæring for student',
      'Erklæring for praksisveileder',
      'Undertittel i invitasjonen',
    ]) {
      expect(screen.getByRole('textbox', { name: label })).toBeInTheDocument();
    }

    // The privacy policy in Markdown; raw HTML is not rendered in the preview.
    const policy = screen.getByRole('textbox', { name: 'Personvernerklæring' });
    await user.click(policy);
    await user.paste('## Personvern\n\nVi lagrer **lite**.\n\n<img src="x" onerror="alert(1)"><script>alert(1)</script>');
    await user.click(must(screen.getAllByRole('button', { name: 'Vis forhåndsvisning' })[0], 'preview button'));
    const preview = screen.getByRole('region', { name: 'Forhåndsvisning av Personvernerklæring' });
    expect(within(preview).getByRole('heading', { name: 'Personvern' })).toBeInTheDocument();
    expect(within(preview).getByText('lite').tagName).toBe('STRONG');
    expect(preview.querySelector('img, script')).toBeNull();

    // The English texts on their own tab.
    await user.click(screen.getByRole('tab', { name: 'English' }));
    const subtitle = await screen.findByRole('textbox', { name: 'Undertittel i invitasjonen' });
    await user.type(subtitle, 'Welcome, supervisor');

    await user.click(screen.getByRole('button', { name: 'Lagre tekster' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const sent = calls.find((c) => c.method === 'PUT')?.body as Record<string, Record<string, string>>;
    expect(sent.nb?.privacyPolicy).toContain('## Personvern');
    expect(sent.nb?.appName).toBe('Praksis Demo');
    expect(sent.en?.['supervisorInvitation.subtitle']).toBe('Welcome, supervisor');
    expect(await screen.findByText('Lagret!')).toBeInTheDocument();
  });

  it('checks colours and logo address before saving the theme, then says Lagret!', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'GET /api/tenant/texts': { body: data },
      'PUT /api/tenant/theme': ({ body }) => ({ body: { ...data, theme: body } }),
    });
    renderTexts();
    const primary = await screen.findByRole('textbox', { name: 'Hovedfarge' }, { timeout: 10_000 });
    await user.clear(primary);
    await user.type(primary, 'blå');
    const logo = screen.getByRole('textbox', { name: 'Adresse til logo' });
    await user.type(logo, 'http://example.test/logo.png');
    await user.click(screen.getByRole('button', { name: 'Lagre farger og logo' }));
    expect(await screen.findByText(/Skriv fargen som # og seks sifre/)).toBeInTheDocument();
    expect(screen.getByText('Adressen må starte med https:// eller /.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.clear(primary);
    await user.type(primary, '#1a5a8a');
    await user.clear(logo);
    await user.type(logo, 'https://example.test/logo.png');
    await user.click(screen.getByRole('button', { name: 'Lagre farger og logo' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      primaryColor: '#1a5a8a',
      logoUrl: 'https://example.test/logo.png',
    });
    expect(await screen.findByText('Lagret!')).toBeInTheDocument();
  });

  it('shows the server’s reason at the field it names', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /api/tenant/texts': { body: data },
      'PUT /api/tenant/texts': problem(400, 'Ugyldig adresse', [{ reason: 'nb.aboutUrl', description: 'Adressen må starte med https://.' }]),
    });
    renderTexts();
    const about = await screen.findByRole('textbox', { name: 'Adresse til «Om tjenesten»' }, { timeout: 10_000 });
    await user.type(about, 'ftp://x');
    await user.click(screen.getByRole('button', { name: 'Lagre tekster' }));
    await waitFor(() => expect(about).toHaveAccessibleDescription(/Adressen må starte med https:\/\/\./));
    expect(about).toHaveAttribute('aria-invalid', 'true');
  });

  it('makes Nynorsk the school\'s default language', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'GET /api/tenant/texts': { body: { ...data, languages: ['nb', 'nn', 'en'] } },
      'PUT /api/tenant/default-language': { body: { defaultLanguage: 'nn' } },
    });
    renderTexts();
    const group = await screen.findByRole('radiogroup', { name: 'Standardspråk' }, { timeout: 10_000 });
    expect(within(group).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Norsk (bokmål)',
      'Norsk (nynorsk)',
      'English',
    ]);
    expect(within(group).getByRole('radio', { name: 'Norsk (bokmål)' })).toBeChecked();
    expect(screen.getByRole('tab', { name: 'Norsk (nynorsk)' })).toBeInTheDocument();

    await user.click(within(group).getByRole('radio', { name: 'Norsk (nynorsk)' }));
    await user.click(screen.getByRole('button', { name: 'Lagre standardspråk' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/tenant/default-language')).toBe(true));
    expect(calls.find((c) => c.path === '/api/tenant/default-language')?.body).toEqual({ language: 'nn' });
    expect(await screen.findByText('Lagret!')).toBeInTheDocument();
  });
});
