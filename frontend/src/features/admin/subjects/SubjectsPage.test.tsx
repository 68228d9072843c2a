import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, problem, renderAdmin } from '../testing/renderAdmin';
// Loaded up front, so the lazy route does not wait for the module.
import './SubjectsPage';

// Whole screens with MUI render slowly in jsdom on a busy machine.
const SLOW = 60_000;

describe('subjects', { timeout: SLOW }, () => {
  it('requires code and name, and shows a duplicate code at the field', async () => {
    const user = userEvent.setup();
    const message = 'Det finnes allerede et emne med denne emnekoden.';
    const calls = fakeApi({
      'GET /api/subjects': { body: [{ id: 1, subjectCode: 'SYKP1200', name: 'Kommune' }] },
      'POST /api/subjects': problem(409, message, [{ reason: 'subjectCode', description: message }]),
    });
    renderAdmin({ route: '/admin/subjects' });
    expect(await screen.findByText('SYKP1200', undefined, { timeout: 10_000 })).toBeInTheDocument();

    await user.click(screen.getByText('Nytt emne'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByText('Lagre'));
    expect(within(dialog).getAllByText('Må fylles ut.')).toHaveLength(2);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText(/Emnekode/), 'SYKP1200');
    await user.type(within(dialog).getByLabelText(/Emnenavn/), 'Igjen');
    await user.click(within(dialog).getByText('Lagre'));
    const code = within(dialog).getByLabelText(/Emnekode/);
    await waitFor(() => expect(code).toHaveAccessibleDescription(message));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveFocus();
  });

  it('edits a subject in the same modal, filled in, and shows a bad field from the server there', async () => {
    const user = userEvent.setup();
    const message = 'Emnenavnet er for langt.';
    let attempt = 0;
    const calls = fakeApi({
      'GET /api/subjects': { body: [{ id: 1, subjectCode: 'SYKP1200', name: 'Kommune' }] },
      'PUT /api/subjects': ({ body }) =>
        ++attempt === 1 ? problem(400, message, [{ reason: 'name', description: message }]) : { body },
    });
    renderAdmin({ route: '/admin/subjects' });
    await user.click(await screen.findByRole('button', { name: 'Rediger SYKP1200' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Rediger emne' });
    expect(within(dialog).getByLabelText(/Emnekode/)).toHaveValue('SYKP1200');
    const name = within(dialog).getByLabelText(/Emnenavn/);
    expect(name).toHaveValue('Kommune');
    await user.clear(name);
    await user.type(name, 'Kommunehelsetjeneste');
    await user.click(within(dialog).getByText('Lagre'));
    await waitFor(() => expect(name).toHaveAccessibleDescription(message));
    expect(name).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(dialog).getByText('Lagre'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ id: 1, subjectCode: 'SYKP1200', name: 'Kommunehelsetjeneste' });
  });
});
