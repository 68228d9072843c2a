import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, must, renderAdmin } from '../testing/renderAdmin';
import type { Period } from '../types';
import './SemesterPage';

const SLOW = 60_000;

const semester: Period = { id: 2, name: 'Høst 2026', startDate: '2026-07-01', endDate: '2026-12-31', status: 'current' };
const forms = [{ id: 5, name: 'Hovedskjema', isMainForm: true }];

describe('the semester’s deadlines', { timeout: SLOW }, () => {
  it('shows the saved rules and saves the whole set, lines without a deadline left out', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'GET /api/periods/2': { body: semester },
      'GET /api/periods/2/classes': { body: [] },
      'GET /api/subjects': { body: [] },
      'GET /api/forms': { body: forms },
      'GET /api/periods/2/deadline-rules': {
        body: { periodId: 2, rules: [{ item: 'signature', role: 'advisor', isMidSemester: false, anchor: 'endSemester', offsetDays: 7 }] },
      },
      'PUT /api/periods/2/deadline-rules': (call) => ({
        body: { periodId: 2, rules: (call.body as { rules: unknown[] }).rules },
      }),
    });
    renderAdmin({ route: '/admin/semesters/2' });
    const heading = await screen.findByRole('heading', { name: 'Frister' }, { timeout: 10_000 });
    const section = must(heading.closest('section'), 'section');
    // Ten lines: two halves of the main form for three roles, the end section and three signatures.
    expect(within(section).getAllByRole('listitem')).toHaveLength(10);
    expect(within(section).getByLabelText('Signeringsskjema: signatur, Praksisveileder: Antall dager')).toHaveValue(7);

    const line = must(section.querySelector('[data-rule="answers/5/mid/student"]'), 'line');
    await user.click(within(line as HTMLElement).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'Dager fra midtveisdatoen' }));
    const days = within(line as HTMLElement).getByRole('spinbutton');
    await user.clear(days);
    await user.type(days, '-3');
    await user.click(within(section).getByRole('button', { name: 'Lagre frister' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      rules: [
        { item: 'answers', formId: 5, isMidSemester: true, role: 'student', anchor: 'midSemester', offsetDays: -3 },
        { item: 'signature', isMidSemester: false, role: 'advisor', anchor: 'endSemester', offsetDays: 7 },
      ],
    });
  });
});
