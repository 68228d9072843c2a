import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SemesterReport } from '@/api/types';
import { fakeApi, renderAdmin } from '../testing/renderAdmin';
// Loaded up front, so the lazy routes do not wait for the modules.
import './ReportPage';
import './ReportStudentsPage';

// Whole screens with MUI render slowly in jsdom on a busy machine.
const SLOW = 60_000;

const period = { id: 2, name: 'Høst 2026', startDate: '2026-07-01', endDate: '2026-12-31', status: 'current' };
const subject = (id: number, subjectCode: string, name: string) => ({ id, subjectCode, name });
const classes = [
  { id: 5, subjectId: 7, subject: subject(7, 'SYKP2100', 'Medisinsk praksis'), forms: [], periodId: 2 },
  { id: 6, subjectId: 8, subject: subject(8, 'SYKP3000', 'Psykisk helse'), forms: [], periodId: 2 },
];
const counts = (delivered: number, missing: number, late: number | null) => ({ delivered, missing, late });
const report: SemesterReport = {
  periodId: 2,
  periodName: 'Høst 2026',
  classes: [
    {
      classId: 5,
      subjectId: 7,
      subjectCode: 'SYKP2100',
      subjectName: 'Medisinsk praksis',
      students: 3,
      assessments: [
        {
          formId: 1,
          formName: 'Hovedskjema',
          isMainForm: true,
          isMidSemester: true,
          student: counts(1, 2, 2),
          advisor: counts(3, 0, null),
          teacher: counts(0, 3, 0),
        },
      ],
      warnings: { given: 1, confirmed: 0 },
      signing: { none: 1, saved: 0, midConfirmed: 2, endCompleted: 0, signing: 0, locked: 0 },
      results: { passed: 0, failed: 0, pending: 3 },
      areas: [
        { formId: 1, groupId: 4, name: 'Kommunikasjon', levels: [0, 2, 1, 0, 0], notRelevant: 0, belowExpected: 1, meetsExpected: 2, noExpectation: 0 },
      ],
    },
  ],
};

describe('live report', { timeout: SLOW }, () => {
  it('shows late counts where deadlines are set, keeps the filter in the address and for the CSV, and leads from a number to its students', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'GET /api/periods/2': { body: period },
      'GET /api/periods/2/classes': { body: classes },
      'GET /api/periods/2/report': { body: report },
      'GET /api/periods/2/report/csv': { body: 'csv', headers: { 'Content-Type': 'text/csv' } },
      'GET /api/periods/2/report/students': {
        body: [{ classId: 5, subjectCode: 'SYKP2100', studentUserId: 41, displayName: 'Åse Ødegård' }],
      },
    });
    renderAdmin({ route: '/admin/semesters/2/report' });
    const section = await screen.findByRole('region', { name: 'SYKP2100 – Medisinsk praksis' }, { timeout: 10_000 });
    // The students' late count is a link; the supervisors have no deadline, which is said, not shown as 0.
    expect(within(section).getByRole('link', { name: '2 – Hovedskjema, midtveis, Student: For sent: vis studentene' })).toBeInTheDocument();
    expect(within(section).getByText('Ingen frist')).toBeInTheDocument();
    // The heat map's cells carry their number and a name, not only a shade.
    expect(within(section).getByRole('link', { name: '2 – Kommunikasjon: Delvis selvstendig: vis studentene' })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Emne' }));
    await user.click(await screen.findByRole('option', { name: 'SYKP2100 – Medisinsk praksis' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/periods/2/report' && c.query.get('subjectId') === '7')).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Last ned det som vises (CSV)' }));
    await waitFor(() => {
      const csv = calls.find((c) => c.path === '/api/periods/2/report/csv');
      expect(csv?.query.get('subjectId')).toBe('7');
      expect(csv?.query.get('lang')).toBe('nb');
    });

    await user.click(within(section).getByRole('link', { name: '2 – Hovedskjema, midtveis, Student: For sent: vis studentene' }));
    expect(await screen.findByRole('link', { name: /Åse Ødegård/ })).toHaveAttribute('href', '/admin/users/41');
    const drill = calls.find((c) => c.path === '/api/periods/2/report/students');
    expect(Object.fromEntries(drill?.query ?? [])).toEqual({ classId: '5', metric: 'late', formId: '1', half: 'mid', role: 'student' });
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/semesters/2/report/students');
  });
});
