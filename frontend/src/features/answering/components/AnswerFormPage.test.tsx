import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeResponse } from '@/testing/renderApp';
import { ADVISOR_FORM_PATH, demoForm, demoFull, demoSet, renderPage } from '../testing';
import type { SaveAnswersInput } from '../types';
import { AnswerFormPage } from './AnswerFormPage';
import { readPending } from '@/pwa/deviceStore';
import { FormViewPage } from './FormViewPage';

const routes = [
  { path: '/advisor/class/:classId/student/:studentUserId/form/:formId/assignment/:assignmentId', element: <AnswerFormPage /> },
  { path: '/advisor/form/:formId', element: <FormViewPage /> },
  { path: '/advisor', element: <p>advisor home</p> },
];

/** The form page with the fake API; `save` answers POST /api/answers. */
function renderFormPage({
  full = demoFull(),
  form = demoForm(),
  save,
  path = ADVISOR_FORM_PATH,
}: {
  full?: ReturnType<typeof demoFull>;
  form?: ReturnType<typeof demoForm> | null;
  save?: (body: SaveAnswersInput) => FakeResponse;
  path?: string;
} = {}) {
  const posted: SaveAnswersInput[] = [];
  const preferred: (string | null)[] = [];
  const result = renderPage({
    path,
    routes,
    handlers: {
      'GET /api/forms/1': () => (form ? { status: 200, body: form } : { status: 404, body: { description: 'Not found', statusCode: 404, errors: [] } }),
      'GET /api/classes/2/students/5/forms/1/full': () => ({ status: 200, body: full }),
      'POST /api/answers': async (request) => {
        const body = (await request.json()) as SaveAnswersInput;
        posted.push(body);
        preferred.push(request.headers.get('Prefer'));
        if (save) return save(body);
        // As the server answers Prefer: return=minimal.
        return {
          status: body.version === 0 ? 201 : 200,
          body: { id: 11, version: body.version + 1, deliveredAt: null, updatedAt: '2026-03-01T10:00:00Z', saved: body.answers },
        };
      },
    },
  });
  return { ...result, posted, preferred };
}

beforeEach(() => {
  // IndexedDB (fake-indexeddb) runs on setImmediate, which stays real.
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  vi.useRealTimers();
});

const user = () => userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('the form page', () => {
  it('marks every comment with its author and role tag: (S), (PV), (PL)', async () => {
    const teacherSet = demoSet({
      id: 13,
      userId: 3,
      userName: 'Per Kristian Dahl',
      role: 'teacher',
      roleTag: 'PL',
      answers: [{ formQuestionId: 23, value: '2', comment: 'Enig med veilederen.' }],
      comments: [
        {
          id: 102,
          formQuestionId: 23,
          userId: 3,
          userName: 'Per Kristian Dahl',
          role: 'teacher',
          roleTag: 'PL',
          comment: 'Enig med veilederen.',
          createdAt: '2026-10-09T09:00:00Z',
          commentedAt: '2026-10-09T09:00:00Z',
          updatedAt: '2026-10-09T09:00:00Z',
        },
      ],
    });
    const [firstComment] = demoSet().comments;
    if (!firstComment) throw new Error('the demo answer set has no comment');
    const otherAdvisor = demoSet({
      id: 14,
      userId: 17,
      userName: 'Anders Moen',
      comments: [{ ...firstComment, id: 103, userId: 17, userName: 'Anders Moen', comment: 'Trygg i målingene.' }],
    });
    const full = demoFull();
    renderFormPage({
      full: { ...full, midSemester: full.midSemester && { ...full.midSemester, teacher: teacherSet, others: [otherAdvisor] } },
    });
    const question = await screen.findByRole('region', { name: /Kartlegger pasientens behov/ });
    expect(within(question).getByText('Ola Nordmann (S)')).toBeVisible();
    expect(within(question).getByText('Anders Moen (PV)')).toBeVisible();
    expect(within(question).getByText('Per Kristian Dahl (PL)')).toBeVisible();
    expect(within(question).getByText('Enig med veilederen.')).toBeVisible();
  });

  it('shows the form, whose assessment it is and who answers, one group per page', async () => {
    renderFormPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Vurdering av praksisstudier i sykepleie' })).toBeVisible();
    expect(screen.getByText('Ola Nordmann')).toBeVisible();
    expect(screen.getByText('Hilde Bakken (deg)')).toBeVisible();
    expect(screen.getByText('Midtveis')).toBeVisible();
    expect(screen.getByText('Del 1 av 2')).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Pasientsentrert sykepleie' })).toBeVisible();
    expect(screen.getByRole('link', { name: /Selvstendighetsskalaen/ })).toHaveAttribute('href', '/independence-scale');
    expect(screen.getByRole('link', { name: /Selvstendighetsskalaen/ })).toHaveAttribute('target', '_blank');
    // No guidance PDF on this form.
    expect(screen.queryByRole('button', { name: /Veiledning \(PDF\)/ })).toBeNull();

    const first = screen.getByRole('radiogroup', { name: /Kartlegger pasientens behov/ });
    expect(within(first).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Selvstendig',
      'Delvis selvstendig',
      'Veiledet',
      'Assistert',
      'Uselvstendig',
      'Ikke relevant',
    ]);
    // The student's comment, with the author's name and role tag.
    expect(screen.getByText('Ola Nordmann (S)')).toBeVisible();
    expect(screen.getByText('Jeg har brukt NEWS2 hver dag.')).toBeVisible();

    // The guidance for the supervisor is folded away.
    const help = screen.getByRole('button', { name: 'Veiledning til spørsmålet' });
    expect(help).toHaveAttribute('aria-expanded', 'false');
    await user().click(help);
    expect(help).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Vurder om studenten bruker NEWS2.')).toBeVisible();
  });

  it('shows when the caller’s own answers are due, and that they are overdue once the day has passed', async () => {
    vi.setSystemTime(new Date('2026-10-09T10:00:00Z'));
    const base = demoFull();
    if (!base.midSemester) throw new Error('no mid-semester half');
    renderFormPage({ full: { ...base, midSemester: { ...base.midSemester, deadline: { dueDate: '2026-10-07', state: 'overdue' } } } });
    const due = await screen.findByText('Fristen gikk ut 7. okt. (i forgårs)');
    expect(due).toHaveAttribute('data-deadline', 'overdue');
    expect(screen.getByText('Frist', { selector: 'dt' })).toBeVisible();
  });

  it('shows no due date where no rule sets one', async () => {
    renderFormPage();
    await screen.findByRole('heading', { level: 1, name: 'Vurdering av praksisstudier i sykepleie' });
    expect(screen.queryByText('Frist', { selector: 'dt' })).toBeNull();
  });

  it('saves "not relevant" as the number of labels, 3 s after the change', async () => {
    const { posted, preferred } = renderFormPage();
    const first = await screen.findByRole('radiogroup', { name: /Kartlegger pasientens behov/ });
    await user().click(within(first).getByRole('radio', { name: 'Ikke relevant' }));
    expect(within(first).getByRole('radio', { name: 'Ikke relevant' })).toBeChecked();
    await wait(2900);
    expect(posted).toHaveLength(0);
    await wait(200);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      assignmentId: 3,
      studentUserId: 5,
      version: 0,
      answers: [{ formQuestionId: 23, value: '5', comment: null }],
      deliver: false,
    });
    // Only the new version and what was sent come back: the page holds the rest.
    expect(preferred).toEqual(['return=minimal']);
    expect(await screen.findByText(/^Lagret kl\. \d\d[:.]\d\d$/)).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(/Lagret kl\./);
  });

  it('ignores comment text past 4000 characters and counts it', async () => {
    renderFormPage();
    const first = await screen.findByRole('radiogroup', { name: /Kartlegger pasientens behov/ });
    const section = first.closest('section');
    if (!section) throw new Error('no section');
    await user().click(within(section).getByRole('button', { name: 'Skriv kommentar' }));
    const field = within(section).getByRole('textbox', { name: 'Din kommentar' });
    fireEvent.change(field, { target: { value: 'a'.repeat(4000) } });
    expect(field).toHaveValue('a'.repeat(4000));
    await user().type(field, 'b');
    expect(field).toHaveValue('a'.repeat(4000));
    expect(within(section).getByText('4000 av 4000 tegn')).toBeVisible();
    // A paste past the limit is cut at it.
    fireEvent.change(field, { target: { value: 'c'.repeat(4001) } });
    expect(field).toHaveValue('c'.repeat(4000));
  });

  it('moves page by page and sends (delivers) on the last page', async () => {
    const { posted, router } = renderFormPage();
    await screen.findByText('Del 1 av 2');
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    await user().click(screen.getByRole('button', { name: 'Neste' }));
    expect(screen.getByText('Del 2 av 2')).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Samlet vurdering' })).toHaveFocus();
    expect(router.state.location.search).toBe('?page=2');

    await user().type(screen.getByRole('textbox', { name: /Hva har studenten lykkes med/ }), 'Godt samarbeid');
    await user().click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ deliver: true, answers: [{ formQuestionId: 1, value: 'Godt samarbeid', comment: null }] });
    expect(await screen.findByText('Lagret!')).toBeVisible();
    // Opened directly: back to the supervisor's home.
    await waitFor(() => expect(router.state.location.pathname).toBe('/advisor'));
  });

  it('shows the answers read-only to someone who may not answer', async () => {
    const other = demoSet({ userId: 17, userName: 'Anders Moen', comments: [] });
    const full = demoFull({ answerAs: null });
    if (full.midSemester) full.midSemester.advisor = other;
    renderFormPage({ full });
    expect(await screen.findByText('Bare for lesing')).toBeVisible();
    expect(screen.getByText('Anders Moen (PV)')).toBeVisible();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    const question = screen.getByRole('heading', { level: 3, name: /Kartlegger pasientens behov/ }).closest('section');
    if (!question) throw new Error('no section');
    expect(within(question).getByText('Veiledet')).toBeVisible();
    expect(within(question).getByText('Bruker NEWS2 med støtte.')).toBeVisible();
    expect(within(question).getByText('Ola Nordmann (S)')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it('turns read-only when the server refuses the answers (403)', async () => {
    renderFormPage({ save: () => ({ status: 403, body: { description: 'Forbidden', statusCode: 403, errors: [] } }) });
    const first = await screen.findByRole('radiogroup', { name: /Kartlegger pasientens behov/ });
    await user().click(within(first).getByRole('radio', { name: 'Assistert' }));
    await wait(3100);
    expect(await screen.findByText('Bare for lesing')).toBeVisible();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('shows why the server refused the answers and keeps them', async () => {
    renderFormPage({
      save: () => ({
        status: 400,
        body: {
          description: 'Ugyldig forespørsel',
          statusCode: 400,
          errors: [{ reason: 'answers[0].formQuestionId', description: 'Ugyldig id ved registrering av svar' }],
        },
      }),
    });
    const first = await screen.findByRole('radiogroup', { name: /Kartlegger pasientens behov/ });
    await user().click(within(first).getByRole('radio', { name: 'Veiledet' }));
    await wait(3100);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Klarte ikke lagre.');
    expect(alert).toHaveTextContent('Ugyldig id ved registrering av svar');
    expect(within(first).getByRole('radio', { name: 'Veiledet' })).toBeChecked();
    // Kept on the device (IndexedDB) until the server has it.
    // The device store is written after the refusal is shown; on a busy
    // machine that can take longer than waitFor's default second.
    await waitFor(
      async () => expect((await readPending('praksis.answers.3.5.16'))?.changes).toEqual([[expect.any(Number), { value: '2', comment: null }]]),
      { timeout: 5000 },
    );
  });

  it('says so when the form does not exist', async () => {
    renderFormPage({ form: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fant ikke skjemaet' })).toBeVisible();
  });

  it('says so when the assignment is not one of the form in the class', async () => {
    renderFormPage({ path: '/advisor/class/2/student/5/form/1/assignment/99' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fant ikke skjemaet' })).toBeVisible();
  });

  it('says so when the form has no groups', async () => {
    renderFormPage({ form: demoForm({ groups: [] }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Skjemaet har ingen spørsmål ennå' })).toBeVisible();
  });
});

describe('the form view', () => {
  it('shows every group, question and guidance read-only', async () => {
    renderPage({
      path: '/advisor/form/1',
      routes,
      handlers: { 'GET /api/forms/1': () => ({ status: 200, body: demoForm() }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Vurdering av praksisstudier i sykepleie' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Pasientsentrert sykepleie' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Samlet vurdering' })).toBeVisible();
    expect(screen.getByText('Vurder om studenten bruker NEWS2.')).toBeVisible();
    expect(screen.getByText('Hva har studenten lykkes med?')).toBeVisible();
    expect(screen.queryByRole('radio')).toBeNull();
  });
});
