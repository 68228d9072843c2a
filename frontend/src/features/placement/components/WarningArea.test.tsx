import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInApi } from '@/testing/renderApp';
import { demoUser } from '@/testing/fixtures';
import { demoWarning } from '../testing/fixtures';
import { renderPage } from '../testing/renderPage';
import type { Warning } from '../types';
import { WarningArea } from './WarningArea';

const TEXTS = { comment: 'Læringsutbytte 3 er ikke nådd.', passRequirement: 'Trygg legemiddelhåndtering.', passRequirementSummary: 'Vis trygg legemiddelhåndtering.' };
const SENT = '2026-10-13T15:01:00Z';

function renderArea(warning: Warning, canManage = true) {
  const deleted: string[] = [];
  signedInApi(demoUser(), {
    'GET /api/classes/2/students/7/warning': () => ({ status: 200, body: warning }),
    'GET /api/classes/2/students/7/warning/deadline': () => ({ status: 200, body: { midpoint: '2026-10-09', lastDate: '2026-11-06' } }),
    'DELETE /api/classes/2/students/7/warning': () => {
      deleted.push('warning');
      return { status: 204 };
    },
  });
  renderPage(<WarningArea target={{ classId: 2, studentId: 7 }} studentName="Jonas Berg" canManage={canManage} />, {
    user: demoUser(),
    path: '/teacher/class/2/student/7',
  });
  return { deleted };
}

describe('deleting a warning (spec §4)', () => {
  it('is not offered for a sent warning the student has not confirmed', async () => {
    renderArea(demoWarning({ ...TEXTS, submittedAt: SENT }));
    expect(await screen.findByText('Varselet kan slettes når studenten har bekreftet at hen har lest det.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Slett varselet' })).not.toBeInTheDocument();
  });

  it('is offered, after a confirmation, once the student has confirmed', async () => {
    const { deleted } = renderArea(demoWarning({ ...TEXTS, submittedAt: SENT, studentConfirmedWarningAt: '2026-10-14T08:00:00Z' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Slett varselet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Slette varselet?' });
    expect(deleted).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Slett' }));
    await waitFor(() => expect(deleted).toEqual(['warning']));
  });

  it('is offered for a draft', async () => {
    renderArea(demoWarning({ comment: 'Utkast' }));
    expect(await screen.findByRole('button', { name: 'Slett utkastet' })).toBeVisible();
  });

  it('is never offered to a supervisor', async () => {
    renderArea(demoWarning({ ...TEXTS, submittedAt: SENT, studentConfirmedWarningAt: '2026-10-14T08:00:00Z' }), false);
    expect(await screen.findByText(/Studenten bekreftet/)).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Slett/ })).not.toBeInTheDocument();
  });
});
