import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoClass, demoStudent, demoStudentClass, demoWarning, problem } from '@/features/placement/testing/fixtures';
import { renderPage } from '@/features/placement/testing/renderPage';
import type { StudentClass } from '@/features/placement/types';
import { signedInApi } from '@/testing/renderApp';
import { StudentHomePage } from './StudentHomePage';

const spring: StudentClass = {
  ...demoStudentClass(),
  ...demoClass({
    id: 1,
    periodId: 1,
    period: { id: 1, name: 'Vår 2026', startDate: '2026-01-01', endDate: '2026-06-30', status: 'previous' },
    subject: { id: 1, subjectCode: 'SYKP1200', name: 'Praksisstudier i kommunehelsetjenesten' },
  }),
};
const answered = {
  classId: 2,
  studentUserId: 8,
  forms: [
    {
      formId: 1,
      name: 'Vurdering av praksisstudier i sykepleie',
      isMainForm: true,
      halves: [
        {
          assignmentId: 3,
          isMidSemester: true,
          total: 10,
          student: { answered: 4, delivered: false },
          advisor: { answered: 0, delivered: false },
          teacher: { answered: 0, delivered: false },
        },
      ],
    },
  ],
};

function renderHome() {
  signedInApi(demoStudent(), {
    'GET /api/classes/me/student': () => ({ status: 200, body: [demoStudentClass(), spring] }),
    'GET /api/classes/2/students/8/progress': () => ({ status: 200, body: answered }),
    'GET /api/classes/2/students/8/warning': () => ({ status: 200, body: demoWarning({ studentUserId: 8, submittedAt: '2026-10-13T15:01:00Z' }) }),
    'GET /api/classes/2/students/8/signingform': () => ({ status: 404, body: problem(404, 'Ingen') }),
    'GET /api/classes/1/students/8/progress': () => ({ status: 200, body: { classId: 1, studentUserId: 8, forms: [] } }),
    'GET /api/classes/1/students/8/warning': () => ({ status: 404, body: problem(404, 'Ingen') }),
    'GET /api/classes/1/students/8/signingform': () => ({ status: 404, body: problem(404, 'Ingen') }),
  });
  renderPage(<StudentHomePage />, { user: demoStudent(), path: '/student' });
}

describe("the student's home (spec §2)", () => {
  it('greets the student and shows the class with teacher and supervisors', async () => {
    renderHome();
    expect(screen.getByRole('heading', { level: 1, name: 'Hei, Sara Ali!' })).toBeVisible();
    const cls = await screen.findByRole('region', { name: 'Klassen din' });
    expect(within(cls).getByText('Praksislærer: Per Kristian Dahl')).toBeVisible();
    expect(within(cls).getByText(/Anders Moen/)).toBeVisible();
    expect(within(cls).getByRole('link', { name: /skjema/i })).toHaveAttribute('href', '/student/forms');
  });

  it('offers the PDFs that exist, for each of the classes', async () => {
    renderHome();
    const pdfs = await screen.findByRole('region', { name: 'PDF-er' });
    expect(await within(pdfs).findByRole('button', { name: /^Hele vurderingen for SYKP2100 Høst 2026/ })).toBeVisible();
    expect(within(pdfs).getByRole('button', { name: /^Varselet for SYKP2100 Høst 2026/ })).toBeVisible();
    expect(within(pdfs).queryByRole('button', { name: /^Signeringsskjemaet/ })).not.toBeInTheDocument();
    expect(within(pdfs).getByText('SYKP1200 · Vår 2026', { exact: false })).toBeVisible();
    expect(within(pdfs).queryByRole('button', { name: /SYKP1200/ })).not.toBeInTheDocument();
  });
});
