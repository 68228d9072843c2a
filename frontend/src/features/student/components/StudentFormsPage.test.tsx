import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoStudent, demoStudentClass, demoWarning, problem } from '@/features/placement/testing/fixtures';
import { renderPage } from '@/features/placement/testing/renderPage';
import type { StudentClass, StudentProgress, Warning } from '@/features/placement/types';
import { requestsTo, signedInApi } from '@/testing/renderApp';
import { StudentFormsPage } from './StudentFormsPage';

const FORM_PAGE = '/student/:studentUserId/form/:formId/class/:classId/assignment/:assignmentId';

function renderForms(cls: StudentClass, warning: Warning | null = null, progress: StudentProgress | null = null) {
  const student = demoStudent();
  const fetchMock = signedInApi(student, {
    'GET /api/classes/me/student': () => ({ status: 200, body: [cls] }),
    'GET /api/classes/2/students/8/warning': () =>
      warning ? { status: 200, body: warning } : { status: 404, body: problem(404, 'Ingen varsel') },
    'GET /api/classes/2/students/8/signingform': () => ({ status: 404, body: problem(404, 'Ingen') }),
    'GET /api/classes/2/students/8/progress': () => ({
      status: 200,
      body: progress ?? { classId: 2, studentUserId: 8, forms: [] },
    }),
    'POST /api/classes/2/students/8/warning/confirm': () => ({
      status: 200,
      body: { ...warning, studentConfirmedWarningAt: '2026-10-15T08:00:00Z' },
    }),
  });
  const rendered = renderPage(<StudentFormsPage />, {
    user: student,
    path: '/student/forms',
    routes: [
      { path: FORM_PAGE, element: <p>form page</p> },
      { path: '/student', element: <p>student home</p> },
    ],
  });
  return { fetchMock, ...rendered };
}

/** The forms listed, as "name – half" with the link's address. */
function listedForms() {
  return screen.getAllByRole('link', { name: /^Åpne skjemaet/ }).map((link) => {
    const item = link.closest('li');
    if (!item) throw new Error('a form link outside a list item');
    const name = within(item).getByRole('heading', { level: 3 }).textContent;
    const half = within(item).queryByText('Midtveisvurdering') ? 'mid' : 'end';
    return `${name} – ${half} – ${link.getAttribute('href')}`;
  });
}

describe('the student’s forms', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('offers only the mid-semester main form up to the mid-semester date', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-10-01T10:00:00Z'));
    renderForms(demoStudentClass({ currentMainAssignment: undefined }));
    await screen.findByRole('heading', { level: 1, name: 'Skjemaene dine' });
    await waitFor(() => expect(screen.getAllByRole('link', { name: /^Åpne skjemaet/ })).toHaveLength(2));
    expect(listedForms()).toEqual([
      'Vurdering av praksisstudier i sykepleie – mid – /student/8/form/1/class/2/assignment/3',
      'Spesifikk kompetanse: medisinsk avdeling – end – /student/8/form/2/class/2/assignment/7',
    ]);
  });

  it('offers only the end-semester main form after the mid-semester date', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-10-10T10:00:00Z'));
    renderForms(demoStudentClass({ currentMainAssignment: undefined }));
    await screen.findByRole('heading', { level: 1, name: 'Skjemaene dine' });
    await waitFor(() => expect(screen.getAllByRole('link', { name: /^Åpne skjemaet/ })).toHaveLength(2));
    const forms = listedForms();
    expect(forms[0]).toBe('Vurdering av praksisstudier i sykepleie – end – /student/8/form/1/class/2/assignment/4');
    expect(screen.queryByText('Midtveisvurdering')).not.toBeInTheDocument();
  });

  it('shows the student’s own due date of each form, overdue marked', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-10-10T10:00:00Z'));
    const none = { answered: 0, delivered: false };
    const progress: StudentProgress = {
      classId: 2,
      studentUserId: 8,
      forms: [
        {
          formId: 1,
          name: 'Vurdering av praksisstudier i sykepleie',
          isMainForm: true,
          halves: [
            {
              assignmentId: 4,
              isMidSemester: false,
              total: 10,
              student: { answered: 2, delivered: false, deadline: { dueDate: '2026-10-13', state: 'open' } },
              advisor: { ...none, deadline: { dueDate: '2026-10-01', state: 'overdue' } },
              teacher: none,
            },
          ],
        },
        {
          formId: 2,
          name: 'Spesifikk kompetanse: medisinsk avdeling',
          isMainForm: false,
          halves: [
            {
              assignmentId: 7,
              isMidSemester: false,
              total: 5,
              student: { answered: 0, delivered: false, deadline: { dueDate: '2026-10-08', state: 'overdue' } },
              advisor: none,
              teacher: none,
            },
          ],
        },
      ],
    };
    renderForms(demoStudentClass({ currentMainAssignment: undefined }), null, progress);
    expect(await screen.findByText('Frist 13. okt. (om 3 dager)')).toHaveAttribute('data-deadline', 'open');
    expect(screen.getByText('Fristen gikk ut 8. okt. (i forgårs)')).toHaveAttribute('data-deadline', 'overdue');
    // The supervisor's deadline is the supervisor's, not the student's.
    expect(screen.queryByText(/1\. okt\./)).not.toBeInTheDocument();
  });

  it('asks before starting a form when the student has no supervisor', async () => {
    const user = userEvent.setup();
    renderForms(demoStudentClass({ supervisors: [] }));
    const [open] = await screen.findAllByRole('link', { name: /^Åpne skjemaet/ });
    if (!open) throw new Error('no form to open');
    await user.click(open);

    const dialog = await screen.findByRole('dialog', { name: 'Du har ingen praksisveileder ennå' });
    expect(within(dialog).getByRole('link', { name: 'Inviter praksisveilederen din først' })).toHaveAttribute(
      'href',
      '/student/supervisor/invite',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Start likevel' }));
    expect(await screen.findByText('form page')).toBeInTheDocument();
  });

  it('keeps a sent warning on screen until the student confirms reading it', async () => {
    const user = userEvent.setup();
    const warning = demoWarning({
      studentUserId: 8,
      comment: 'Legemiddelhåndtering er ikke på forventet nivå.',
      passRequirement: 'Dobbeltkontroll hver gang.',
      passRequirementSummary: 'Trygg legemiddelhåndtering.',
      submittedAt: '2026-10-14T12:20:00Z',
    });
    const { fetchMock } = renderForms(demoStudentClass(), warning);

    const notice = await screen.findByRole('region', { name: 'Du har fått et varsel om fare for ikke bestått praksis' });
    expect(within(notice).getByRole('link', { name: 'Les varselet' })).toBeInTheDocument();
    expect(screen.getByText('Dette skjer videre')).toBeInTheDocument();
    expect(screen.getByText('Legemiddelhåndtering er ikke på forventet nivå.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Jeg har lest varselet' }));
    await waitFor(() => expect(requestsTo(fetchMock)).toContain('POST /api/classes/2/students/8/warning/confirm'));
  });

  it('sends a student without a class to the home page', async () => {
    signedInApi(demoStudent(), {
      'GET /api/classes/me/student': () => ({ status: 404, body: problem(404, 'No class found for this student') }),
    });
    renderPage(<StudentFormsPage />, {
      user: demoStudent(),
      path: '/student/forms',
      routes: [{ path: '/student', element: <p>student home</p> }],
    });
    expect(await screen.findByText('student home')).toBeInTheDocument();
  });
});
