import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ProgressRecord } from '@/api/types';
import { demoStudent } from '@/features/placement/testing/fixtures';
import { renderPage } from '@/features/placement/testing/renderPage';
import { signedInApi } from '@/testing/renderApp';
import { ProgressPage } from './ProgressPage';

const cell = (classId: number, isMidSemester: boolean, student: number | null, teacher: number | null) => ({
  classId,
  formId: 1,
  questionId: 10,
  isMidSemester,
  levels: 5,
  student,
  advisor: null,
  teacher,
  expected: classId === 2 && !isMidSemester ? 1 : null,
  notRelevant: [],
});

function record(sharedAt: string | null): ProgressRecord {
  return {
    studentUserId: 8,
    studentName: 'Sara Ali',
    sharedAt,
    placements: [
      { classId: 1, periodId: 1, periodName: 'Høst 2025', startDate: '2025-07-01', endDate: '2025-12-31', subjectCode: 'SYKP1100', subjectName: 'Grunnleggende', forms: [], result: 'passed', view: 'full' },
      { classId: 2, periodId: 2, periodName: 'Vår 2026', startDate: '2026-01-01', endDate: '2026-06-30', subjectCode: 'SYKP1200', subjectName: 'Eldreomsorg', forms: [], result: null, view: 'full' },
    ],
    areas: [
      {
        name: 'Kommunikasjon',
        questions: [{ text: 'Kommuniserer med pasienten', cells: [cell(1, false, 3, 2), cell(2, true, 2, null), cell(2, false, 1, 1)] }],
        means: [],
      },
    ],
    unmatched: [
      { name: 'Kommunikasjon', questions: [{ text: 'Bruker tolk ved behov', cells: [{ ...cell(1, false, 4, null), questionId: 11 }] }], means: [] },
    ],
  };
}

describe('my progress across placements', () => {
  it('shows every placement and half as a table, the unmatched question apart', async () => {
    signedInApi(demoStudent(), { 'GET /api/students/8/progress': () => ({ status: 200, body: record(null) }) });
    renderPage(<ProgressPage />, { user: demoStudent(), path: '/student/progress' });
    const table = await screen.findByRole('table', { name: 'Kommuniserer med pasienten' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    const [, first, , last] = rows as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByRole('rowheader')).toHaveTextContent('SYKP1100 Høst 2025, slutt');
    expect(within(first).getByText('Assistert')).toBeVisible();
    expect(within(last).getAllByText('Delvis selvstendig')).toHaveLength(3);
    expect(screen.getByRole('table', { name: 'Bruker tolk ved behov' })).toBeVisible();
    expect(screen.getByText(/finnes bare i skjemaet til én praksisperiode/)).toBeVisible();
  });

  it('asks before sharing, then shares', async () => {
    let shared: string | null = null;
    signedInApi(demoStudent(), {
      'GET /api/students/8/progress': () => ({ status: 200, body: record(shared) }),
      'PUT /api/progress/sharing': () => {
        shared = '2026-09-15T10:00:00Z';
        return { status: 200, body: { shared: true, sharedAt: shared } };
      },
    });
    renderPage(<ProgressPage />, { user: demoStudent(), path: '/student/progress' });
    const toggle = await screen.findByRole('switch', { name: /Del sluttresultatene/ });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: 'Dele tidligere praksisperioder?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Del' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 5000 });
    await waitFor(() => expect(screen.getByRole('switch', { name: /Del sluttresultatene/ })).toBeChecked(), { timeout: 5000 });
    expect(screen.getByText(/Delt siden/)).toBeVisible();
  });
});
