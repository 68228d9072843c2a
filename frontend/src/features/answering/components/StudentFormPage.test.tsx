import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoClass, demoStudent, demoStudentClass } from '@/features/placement/testing/fixtures';
import { demoForm, demoFull, renderPage } from '../testing';
import { AnswerFormPage } from './AnswerFormPage';

const routes = [
  { path: '/student/:studentUserId/form/:formId/class/:classId/assignment/:assignmentId', element: <AnswerFormPage /> },
  { path: '/student', element: <p>student home</p> },
];

// Sara Ali (8): this autumn in class 2 (main form mid 3, end 4); last spring in class 1 (main form mid 11).
const spring = {
  ...demoStudentClass(),
  ...demoClass({
    id: 1,
    periodId: 1,
    period: { id: 1, name: 'Vår 2026', startDate: '2026-01-01', endDate: '2026-06-30', status: 'previous' },
    assignments: [{ id: 11, classId: 1, formId: 1, isMidSemester: true, forms: [{ id: 1, name: 'Hovedskjema', isMainForm: true }] }],
  }),
};

function renderStudentForm(path: string, classes: unknown[]) {
  return renderPage({
    path,
    routes,
    user: demoStudent(),
    handlers: {
      'GET /api/classes/me/student': () => ({ status: 200, body: classes }),
      'GET /api/forms/1': () => ({ status: 200, body: demoForm() }),
      'GET /api/classes/2/students/8/forms/1/full': () => ({ status: 200, body: demoFull() }),
    },
  });
}

describe("the student's form page (spec §4)", () => {
  it("is rewritten to the assignment of the class of this period when the address's period differs", async () => {
    const { router } = renderStudentForm('/student/8/form/1/class/1/assignment/11', [demoStudentClass(), spring]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/student/8/form/1/class/2/assignment/3'));
    expect(await screen.findByRole('heading', { level: 1, name: demoForm().name })).toBeInTheDocument();
  });

  it('stays on an address of the class of this period', async () => {
    const { router } = renderStudentForm('/student/8/form/1/class/2/assignment/3', [demoStudentClass(), spring]);
    expect(await screen.findByRole('heading', { level: 1, name: demoForm().name })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/student/8/form/1/class/2/assignment/3');
  });

  it('sends a student without a class of this period home', async () => {
    const { router } = renderStudentForm('/student/8/form/1/class/1/assignment/11', [spring]);
    expect(await screen.findByText('student home')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/student');
  });
});
