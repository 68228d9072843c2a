import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/features/answering/testing';
import type { Language } from '@/i18n/language';
import { IndependenceScalePage } from './IndependenceScalePage';
import { SCALE } from './statements';

/** Pretends the screen is a phone (≤ 600 px wide) or not. */
function screenWidth(phone: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: phone && query.includes('max-width:600px'),
      media: query,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
}

function renderScale(language: Language = 'nb') {
  return renderPage({
    path: '/independence-scale',
    routes: [
      { path: '/independence-scale', element: <IndependenceScalePage /> },
      { path: '/advisor', element: <p>advisor home</p> },
    ],
    language,
  });
}

describe('the independence scale page', () => {
  it('shows a table of the five levels and ten statements on a wide screen', async () => {
    screenWidth(false);
    renderScale();
    expect(await screen.findByRole('heading', { level: 1, name: 'Selvstendighetsskalaen' })).toBeVisible();
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Hva beskrives',
      'Selvstendig',
      'Delvis selvstendig',
      'Veiledet',
      'Assistert',
      'Uselvstendig',
    ]);
    // One row per statement, grouped under the three axes.
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getAllByRole('rowheader').map((th) => th.textContent)).toEqual([
      'Sikkerhet og nøyaktighet',
      'Kvalitet i utførelsen',
      'Behov for veiledning',
    ]);
    for (const level of SCALE) {
      for (const statement of level.nb.statements) expect(within(table).getByText(statement)).toBeInTheDocument();
    }
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('shows a level list next to the chosen level on a phone', async () => {
    screenWidth(true);
    renderScale();
    const levels = await screen.findByRole('tablist', { name: 'Nivåer' });
    expect(within(levels).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(SCALE.map((level) => level.nb.name));
    expect(within(levels).getByRole('tab', { name: 'Selvstendig' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getAllByRole('listitem')).toHaveLength(10);
    expect(within(panel).getByText(SCALE[0]?.nb.statements[0] ?? '')).toBeVisible();

    await userEvent.click(within(levels).getByRole('tab', { name: 'Veiledet' }));
    expect(within(levels).getByRole('tab', { name: 'Veiledet' })).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('tabpanel')).getByText(SCALE[2]?.nb.statements[7] ?? '')).toBeVisible();
    // The table is there for paper only.
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('speaks the user’s language', async () => {
    screenWidth(false);
    renderScale('en');
    expect(await screen.findByRole('heading', { level: 1, name: 'The independence scale' })).toBeVisible();
    expect(screen.getByRole('columnheader', { name: 'Partially independent' })).toBeVisible();
    expect(screen.getByText(SCALE[4]?.en.statements[9] ?? '')).toBeInTheDocument();
  });

  it('prints, and closes the tab (or goes back when it cannot)', async () => {
    screenWidth(false);
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    const { router } = renderScale();
    await userEvent.click(await screen.findByRole('button', { name: 'Skriv ut' }));
    expect(print).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Lukk' }));
    expect(close).toHaveBeenCalled();
    // The window stayed open: the active role's home instead.
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/advisor'));
  });
});
