import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { demoClass } from '@/features/placement/testing/fixtures';
import { renderPage } from '@/features/placement/testing/renderPage';
import type { Period, TeacherClass, TeacherHomeGroup } from '@/features/placement/types';
import { requestsTo, signedInApi } from '@/testing/renderApp';
import { demoUser } from '@/testing/fixtures';
import { TeacherHomePage } from './TeacherHomePage';

const autumn: Period = { id: 2, name: 'Høst 2026', startDate: '2026-07-01', endDate: '2026-12-31', status: 'current' };
const spring: Period = { id: 1, name: 'Vår 2026', startDate: '2026-01-01', endDate: '2026-06-30', status: 'previous' };

const teacherClass = (id: number, code: string, period: Period, isMine: boolean): TeacherClass => ({
  ...demoClass({ id, period, periodId: period.id, subject: { id, subjectCode: code, name: `Praksis ${code}` } }),
  teachers: isMine ? [{ id: 3, displayName: 'Per Kristian Dahl' }] : [],
  studentCount: 4,
  myStudentCount: isMine ? 2 : 0,
  isMine,
});

const home: TeacherHomeGroup[] = [
  { period: autumn, mine: [teacherClass(2, 'SYKP2100', autumn, true)], others: [teacherClass(3, 'SYKP2200', autumn, false)] },
  { period: spring, mine: [], others: [teacherClass(1, 'SYKP1200', spring, false)] },
];

function renderHome() {
  const fetchMock = signedInApi(demoUser(), {
    'GET /api/classes/mine': () => ({ status: 200, body: home }),
    'POST /api/classes/3/teachers/me': () => ({ status: 204 }),
    'DELETE /api/classes/2/teachers/me': () => ({ status: 204 }),
  });
  renderPage(<TeacherHomePage />, { user: demoUser(), path: '/teacher' });
  return { fetchMock };
}

describe("the teacher's home (spec §2)", () => {
  it('shows my subjects and, on request, the other subjects, by semester', async () => {
    renderHome();
    const now = await screen.findByRole('region', { name: 'Høst 2026' });
    expect(within(now).getByText('Nåværende semester')).toBeVisible();
    expect(within(now).getByRole('link', { name: /^SYKP2100/ })).toHaveAttribute('href', '/teacher/class/2');
    expect(within(now).queryByRole('link', { name: /^SYKP2200/ })).not.toBeInTheDocument();
    await userEvent.click(within(now).getByRole('button', { name: 'Vis andre emner (1)' }));
    expect(within(now).getByRole('link', { name: /^SYKP2200/ })).toHaveAttribute('href', '/teacher/class/3');

    const before = screen.getByRole('region', { name: 'Vår 2026' });
    expect(within(before).getByText('Du følger ingen emner dette semesteret.')).toBeVisible();
  });

  it('joins a class at once and leaves one after a confirmation', async () => {
    const { fetchMock } = renderHome();
    const now = await screen.findByRole('region', { name: 'Høst 2026' });
    await userEvent.click(within(now).getByRole('button', { name: 'Vis andre emner (1)' }));
    await userEvent.click(within(now).getByRole('button', { name: 'Bli med i SYKP2200 Høst 2026' }));
    await waitFor(() => expect(requestsTo(fetchMock)).toContain('POST /api/classes/3/teachers/me'));

    await userEvent.click(within(now).getByRole('button', { name: 'Forlat SYKP2100 Høst 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forlate SYKP2100 Høst 2026?' });
    expect(requestsTo(fetchMock)).not.toContain('DELETE /api/classes/2/teachers/me');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Forlat' }));
    await waitFor(() => expect(requestsTo(fetchMock)).toContain('DELETE /api/classes/2/teachers/me'));
  });
});
