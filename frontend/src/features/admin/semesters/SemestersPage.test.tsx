import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, must, problem, renderAdmin } from '../testing/renderAdmin';
import type { Period } from '../types';
// Loaded up front, so the lazy routes do not wait for the modules.
import './SemesterPage';
import './SemestersPage';

// Whole screens with MUI render slowly in jsdom on a busy machine.
const SLOW = 60_000;

const periods: Period[] = [
  { id: 2, name: 'Høst 2026', startDate: '2026-07-01', endDate: '2026-12-31', status: 'current' },
  { id: 1, name: 'Vår 2026', startDate: '2026-01-01', endDate: '2026-06-30', status: 'previous' },
];
const proposal = { id: 0, name: 'Vår 2027', startDate: '2027-01-01', endDate: '2027-06-30', status: 'future' };
const created: Period = { ...proposal, id: 3, status: 'future' };

describe('semesters', { timeout: SLOW }, () => {
  it('shows the proposed semester and creates it only when confirmed', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'GET /api/periods': { body: periods },
      'GET /api/periods/next': { body: proposal },
      'POST /api/periods': { status: 201, body: created },
      'GET /api/periods/3': { body: created },
      'GET /api/periods/3/classes': { body: [] },
      'GET /api/subjects': { body: [] },
    });
    renderAdmin({ route: '/admin/semesters' });
    expect(await screen.findByText('Høst 2026', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Vår 2026')).toBeInTheDocument();

    const create = must(screen.getByText('Opprett neste semester').closest('button'), 'button');
    await waitFor(() => expect(create).toBeEnabled());
    await user.click(create);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Vår 2027')).toBeInTheDocument();
    expect(within(dialog).getByText('1. januar 2027')).toBeInTheDocument();
    expect(within(dialog).getByText('30. juni 2027')).toBeInTheDocument();

    // Cancelling creates nothing.
    await user.click(within(dialog).getByText('Avbryt'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(create).toHaveFocus();

    await user.click(create);
    await user.click(within(await screen.findByRole('dialog')).getByText('Opprett Vår 2027'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/semesters/3'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Vår 2027',
      startDate: '2027-01-01',
      endDate: '2027-06-30',
    });
  });

  it('disables creating with the reason when a future semester exists', async () => {
    fakeApi({
      'GET /api/periods': { body: [created, ...periods] },
      'GET /api/periods/next': problem(409, 'Det finnes allerede et semester fram i tid.'),
    });
    renderAdmin({ route: '/admin/semesters' });
    const reason = await screen.findByText(/Neste semester er allerede opprettet/, undefined, { timeout: 10_000 });
    const create = must(screen.getByText('Opprett neste semester').closest('button'), 'button');
    expect(create).toBeDisabled();
    expect(create).toHaveAttribute('aria-describedby', reason.closest('[id]')?.id);
    expect(screen.getByText('Vår 2027')).toBeInTheDocument();
  });

  it('shows a failed proposal as an error, not as a reason', async () => {
    fakeApi({
      'GET /api/periods': { body: periods },
      'GET /api/periods/next': problem(500, 'Intern feil'),
    });
    renderAdmin({ route: '/admin/semesters' });
    expect(
      await screen.findByText('Klarte ikke finne ut hvilket semester som kommer neste.', undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Neste semester er allerede opprettet/)).not.toBeInTheDocument();
  });
});
