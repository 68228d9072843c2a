import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/toast/Toaster';
import { AdminRoutes } from '../AdminRoutes';
import { fakeApi, must, problem, renderWithProviders } from '../testing/renderAdmin';
import type { ArchiveOverview, ArchiveSettings, ArchivedResult, Delivery } from './types';
// Loaded up front, so the lazy routes do not wait for the modules.
import './ArchivePage';
import '../texts/SchoolTextsPage';

const SLOW = 60_000;

const result = (id: number, name: string, delivery: ArchivedResult['delivery']): ArchivedResult => ({
  signingFormId: id,
  classId: 3,
  studentUserId: 10 + id,
  studentName: name,
  subjectCode: 'SYKP2100',
  subjectName: 'Klinisk praksis',
  periodName: 'Vår 2026',
  archivedAt: '2026-06-14T14:15:01Z',
  delivery,
});

const failedDelivery: Delivery = {
  signingFormId: 41,
  round: 1,
  messageId: 'm-1',
  conversationId: 'c-1',
  status: 'failed',
  lastStatus: 'FEIL',
  reason: 'FEIL: mottakers arkiv avviste meldingen',
  attempts: 0,
  sentAt: '2026-06-14T14:16:00Z',
  deliveredAt: null,
  failedAt: '2026-06-14T14:20:00Z',
  updatedAt: '2026-06-14T14:20:00Z',
};
const failed = result(41, 'Åse Ærlighet Øvrebø', failedDelivery);
const sending = result(42, 'Ola Nordmann', { ...failedDelivery, signingFormId: 42, status: 'sent', lastStatus: 'SENDT', reason: null });

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

describe('the school archive screens', { timeout: SLOW }, () => {
  it('lists undelivered results with their reason, and retries a failed one after confirming', async () => {
    const user = userEvent.setup();
    const overview: ArchiveOverview = { enabled: true, results: [failed, sending] };
    const calls = fakeApi({
      'GET /api/archive-deliveries': { body: overview },
      'POST /api/archive-deliveries/41/retry': { body: { ...failedDelivery, round: 2, status: 'pending', reason: null } },
    });
    render('/admin/archive');
    const link = await screen.findByRole('link', { name: 'Åse Ærlighet Øvrebø' });
    const list = link.closest('ul') as HTMLElement;
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = [must(items[0], 'first result'), must(items[1], 'second result')];
    expect(within(first).getByText('Ikke levert')).toBeVisible();
    expect(within(first).getByText(/mottakers arkiv avviste meldingen/)).toBeVisible();
    expect(within(second).getByText('Sendt, venter på levering')).toBeVisible();
    // Only the failed one can be sent again.
    expect(within(second).queryByRole('button')).toBeNull();

    await user.click(within(first).getByRole('button', { name: 'Send på nytt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sende resultatet til arkivet?' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Send på nytt' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/archive-deliveries/41/retry')).toBe(true));
    expect(await screen.findByText('Sendingen til arkivet er startet.')).toBeVisible();
  });

  it('says when everything is delivered and when the archive is not set up', async () => {
    fakeApi({ 'GET /api/archive-deliveries': { body: { enabled: false, results: [] } } });
    render('/admin/archive');
    expect(await screen.findByText('Alle arkiverte resultater er levert i skolens arkiv.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sett det opp i skolens innstillinger.' })).toBeVisible();
  });

  it('shows the server’s refusal of a retry in the dialog', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /api/archive-deliveries': { body: { enabled: true, results: [failed] } },
      'POST /api/archive-deliveries/41/retry': problem(409, 'Arkivering via eFormidling er ikke slått på for skolen.'),
    });
    render('/admin/archive');
    await user.click(await screen.findByRole('button', { name: 'Send på nytt' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send på nytt' }));
    expect(await within(dialog).findByText(/ikke slått på for skolen/)).toBeVisible();
  });

  it('saves the archive settings and shows the server’s complaint at the field', async () => {
    const user = userEvent.setup();
    const stored: ArchiveSettings = {
      enabled: false,
      url: '',
      senderOrgNumber: '',
      receiverOrgNumber: '',
      process: '',
      administrativeUnit: '',
      caseSystemId: '',
      classificationSystem: '',
      classId: '',
    };
    let attempt = 0;
    const calls = fakeApi({
      'GET /api/tenant/texts': {
        body: { languages: ['nb', 'en'], texts: [], theme: { primaryColor: '#00509e', secondaryColor: '#f5a623' }, themeDefault: { primaryColor: '#00509e', secondaryColor: '#f5a623' } },
      },
      'GET /api/tenant/eformidling': { body: stored },
      'PUT /api/tenant/eformidling': (call) => {
        attempt += 1;
        return attempt === 1
          ? problem(400, 'Noen felter er ikke gyldige.', [{ reason: 'receiverOrgNumber', description: 'Organisasjonsnummeret må ha ni sifre.' }])
          : { body: call.body };
      },
    });
    render('/admin/texts');
    await user.click(await screen.findByRole('switch', { name: 'Send signerte resultater til skolens arkiv' }));
    await user.type(screen.getByLabelText(/Adressen til integrasjonspunktet/), 'https://ip.skole.no');
    await user.type(screen.getByLabelText(/Skolens organisasjonsnummer/), '917341512');
    const archive = screen.getByLabelText(/Arkivets organisasjonsnummer/);
    await user.type(archive, '9173');
    await user.click(screen.getByRole('button', { name: 'Lagre arkivinnstillinger' }));
    expect(await screen.findByText('Organisasjonsnummeret må ha ni sifre.')).toBeVisible();
    await user.clear(archive);
    await user.type(archive, '917341512');
    await user.click(screen.getByRole('button', { name: 'Lagre arkivinnstillinger' }));
    await waitFor(() => expect(attempt).toBe(2));
    const put = calls.filter((c) => c.method === 'PUT').at(-1);
    expect(put?.body).toMatchObject({ enabled: true, url: 'https://ip.skole.no', senderOrgNumber: '917341512', receiverOrgNumber: '917341512' });
  });
});
