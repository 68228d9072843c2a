import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/toast/Toaster';
import type { ProcessingRecord, RetentionPolicy } from '@/features/personalData/types';
import { AdminRoutes } from '../AdminRoutes';
import { fakeApi, problem, renderWithProviders } from '../testing/renderAdmin';
// Loaded up front, so the lazy route does not wait for the module.
import './PrivacyPage';

const SLOW = 60_000;

const policy: RetentionPolicy = {
  workingDataMonths: 12,
  inactiveAccountMonths: 24,
  sessionDays: 7,
  oneTimeCodeDays: 1,
  unsentMailDays: 1,
  archivedResultYears: 0,
};

const record = (language: ProcessingRecord['language'], retention: string): ProcessingRecord => ({
  school: 'Demo',
  orgNumber: '917 341 512',
  language,
  generatedAt: '2026-11-25T10:00:00Z',
  intro: language === 'en' ? 'Record of processing for Demo.' : 'Protokoll for Demo.',
  policy,
  categories: [{ id: 'assessments', title: 'Vurderinger', data: 'Svar', purpose: 'Vurdering', access: 'Studenten', retention }],
});

function render(route: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/admin/*" element={<AdminRoutes />} />
      </Routes>
      <Toaster />
    </>,
    { route },
  );
}

describe('the data-protection screen', { timeout: SLOW }, () => {
  it('saves the retention policy, shows the server’s complaint at the field, and shows the record in another language', async () => {
    const user = userEvent.setup();
    let attempt = 0;
    const calls = fakeApi({
      'GET /api/tenant/retention': { body: policy },
      'PUT /api/tenant/retention': (call) => {
        attempt += 1;
        return attempt === 1
          ? problem(400, 'Noen felter er ikke gyldige.', [{ reason: 'sessionDays', description: 'Velg et tall fra 1 til 365.' }])
          : { body: call.body };
      },
      'GET /api/tenant/record-of-processing': (call) =>
        call.query.get('lang') === 'en'
          ? { body: record('en', 'Deleted 12 months after the end of the placement’s semester.') }
          : { body: record('nb', 'Slettes 12 måneder etter at semesteret er slutt.') },
    });
    render('/admin/privacy');
    expect(await screen.findByText('Slettes 12 måneder etter at semesteret er slutt.')).toBeVisible();
    const sessions = await screen.findByRole('spinbutton', { name: /Innlogginger/ });
    await user.clear(sessions);
    await user.type(sessions, '400');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    expect(await screen.findByText('Velg et tall fra 1 til 365.')).toBeVisible();
    await user.clear(sessions);
    await user.type(sessions, '30');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(attempt).toBe(2));
    const saved = calls.filter((c) => c.method === 'PUT').at(-1)?.body as RetentionPolicy;
    expect(saved).toEqual({ ...policy, sessionDays: 30 });

    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByText('Deleted 12 months after the end of the placement’s semester.')).toBeVisible();
  });

  it('erases a person after confirming, and shows why when it is refused', async () => {
    const user = userEvent.setup();
    const person = {
      id: 60,
      displayName: 'Per Veileder',
      email: 'per@example.no',
      isActive: true,
      roles: [{ id: 4, name: 'Advisor' }],
      teacherClasses: [],
      advisorClasses: [],
      studentReferences: [],
      studentUserReferences: [],
    };
    let tries = 0;
    const calls = fakeApi({
      'GET /api/users/60': { body: person },
      'GET /api/roles': { body: [{ id: 4, name: 'Advisor' }] },
      'GET /api/classes': { body: [] },
      'GET /api/users/60/data-copies': { body: [] },
      'POST /api/users/60/erasure': () => {
        tries += 1;
        return tries === 1
          ? problem(409, 'Personen kan ikke slettes mens et signeringsskjema som gjelder dem, er åpent (1).')
          : { body: { userId: 60, accountDeleted: true, removed: { sessions: 1 }, kept: {} } };
      },
    });
    render('/admin/users/60');
    await user.click(await screen.findByRole('button', { name: 'Slett Per Veileder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Slette Per Veileder?' });
    expect(calls.some((c) => c.path.endsWith('/erasure'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Slett for godt' }));
    expect(await within(dialog).findByText(/signeringsskjema som gjelder dem, er åpent/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Slett for godt' }));
    expect(await screen.findByText('Per Veileder er slettet.')).toBeVisible();
  });
});
