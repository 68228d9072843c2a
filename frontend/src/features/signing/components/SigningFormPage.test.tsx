import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/AppProviders';
import { setupStore } from '@/app/store';
import type { CurrentUser } from '@/features/auth/types';
import { demoTenant, demoUser, ROLES } from '@/testing/fixtures';
import { signedInApi, type ApiHandlers, type FakeResponse } from '@/testing/renderApp';
import { formIn, type FormState } from '../testFixtures';
import type { SigningForm, SigningValidation } from '../types';
import { SigningFormPage } from './SigningFormPage';

type Role = 'teacher' | 'student' | 'advisor';

const USERS: Record<Role, CurrentUser> = {
  teacher: demoUser({ id: 2, displayName: 'Marte Solberg', roles: [ROLES.Teacher], teacherClasses: [2] }),
  student: demoUser({
    id: 6,
    displayName: 'Emma Johansen',
    email: 'emma.johansen@stud.demo.test',
    roles: [ROLES.Student],
    teacherClasses: [],
  }),
  advisor: demoUser({
    id: 16,
    displayName: 'Hilde Bakken',
    email: 'hilde.bakken@sykehus.test',
    roles: [ROLES.Advisor],
    teacherClasses: [],
    advisorClasses: [2],
  }),
};

const CLASS = {
  id: 2,
  period: { id: 2, name: 'Høst 2026', startDate: '2026-07-01', endDate: '2026-12-31' },
  subject: { id: 2, subjectCode: 'SYKP2100', name: 'Medisinsk avdeling' },
  midSemesterDate: '2026-10-09',
  endSemesterDate: '2026-11-27',
};
const TEACHER = { id: 2, displayName: 'Marte Solberg' };
const SUPERVISOR = { id: 16, displayName: 'Hilde Bakken', isPrimary: true };
const STUDENT_ROW = { id: 6, displayName: 'Emma Johansen', teacher: TEACHER, supervisors: [SUPERVISOR] };

const VALIDATION: SigningValidation = {
  teacherAnswerSummary: [
    { isMidSemester: true, formQuestionType: 2, totalAnswers: 24, totalQuestions: 24 },
    { isMidSemester: false, formQuestionType: 2, totalAnswers: 20, totalQuestions: 24 },
  ],
  assessmentResultArchived: false,
  assessmentResultSubmitted: false,
};

const FORM_PATH = '/api/classes/2/students/6/signingform';

const json = (body: unknown, status = 200): FakeResponse => ({ status, body });
const error = (status: number, reason: string, description: string): FakeResponse => ({
  status,
  body: { description, statusCode: status, errors: [{ reason, description }] },
});

/** The fake server: the class, its people, and the form as `form()` has it now. */
function serve(role: Role, form: () => SigningForm | null, handlers: ApiHandlers = {}, validation = VALIDATION) {
  return signedInApi(USERS[role], {
    'GET /api/classes/2': () => json(CLASS),
    'GET /api/classes/2/students': () => json([STUDENT_ROW]),
    'GET /api/classes/2/users': () =>
      json({ teachers: [TEACHER], students: [STUDENT_ROW], advisors: [SUPERVISOR, { id: 17, displayName: 'Anders Moen' }] }),
    'GET /api/classes/me/student': () => json([{ ...CLASS, teacher: TEACHER, supervisors: [SUPERVISOR] }]),
    'GET /api/classes/advisor': () => json([{ ...CLASS, students: [STUDENT_ROW], otherStudents: [] }]),
    [`GET ${FORM_PATH}`]: () => {
      const current = form();
      return current ? json(current) : error(404, 'none', 'Studenten har ikke noe signeringsskjema ennå.');
    },
    [`GET ${FORM_PATH}/validation`]: () => json(validation),
    ...handlers,
  });
}

function renderPage(role: Role) {
  const store = setupStore();
  const router = createMemoryRouter(
    [
      { path: '/:role/class/:classId/student/:studentUserId/signingform', element: <SigningFormPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [`/${role}/class/2/student/6/signingform`] },
  );
  render(
    <AppProviders store={store} initialTenant={demoTenant()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

/** Waits for the form: its sections, or for student and supervisor the notice that there is none yet. */
async function loaded() {
  await waitFor(
    () =>
      expect(
        screen.queryByRole('heading', { level: 2, name: 'Midtveisvurdering' }) ??
          screen.queryByText('Praksislæreren har ikke opprettet signeringsskjemaet ennå.'),
      ).not.toBeNull(),
    { timeout: 5000 },
  );
}

const midQuestion = () => screen.queryByRole('radiogroup', { name: /Har studenten gitt tilbakemelding midtveis/ });
const endQuestion = () => screen.queryByRole('radiogroup', { name: /Er kravet til oppmøte oppfylt/ });
const signButton = () => screen.queryByRole('button', { name: 'Signer skjemaet' });

/** What each role may do in each state: edit mid, edit end, sign. */
const MATRIX: [FormState, Role, { mid: boolean; end: boolean; sign: boolean; text?: string }][] = [
  ['blank', 'teacher', { mid: true, end: false, sign: false, text: 'Skjemaet er ikke opprettet ennå.' }],
  ['blank', 'student', { mid: false, end: false, sign: false, text: 'har ikke opprettet signeringsskjemaet' }],
  ['blank', 'advisor', { mid: false, end: false, sign: false, text: 'har ikke opprettet signeringsskjemaet' }],
  ['midSaved', 'teacher', { mid: true, end: false, sign: false }],
  ['midSaved', 'student', { mid: false, end: false, sign: false, text: 'Midtveisvurderingen er ikke bekreftet ennå.' }],
  ['midSaved', 'advisor', { mid: false, end: false, sign: false }],
  ['midConfirmedBeforeDate', 'teacher', { mid: false, end: false, sign: false, text: 'Sluttvurderingen kan fylles ut fra' }],
  ['midConfirmedBeforeDate', 'student', { mid: false, end: false, sign: false, text: 'Sluttvurderingen kan fylles ut fra' }],
  ['midConfirmedBeforeDate', 'advisor', { mid: false, end: false, sign: false }],
  ['midConfirmedAfterDate', 'teacher', { mid: false, end: true, sign: false, text: 'Fyll ut og lagre sluttvurderingen' }],
  ['midConfirmedAfterDate', 'student', { mid: false, end: false, sign: false, text: 'har ikke fylt ut sluttvurderingen' }],
  ['midConfirmedAfterDate', 'advisor', { mid: false, end: false, sign: false }],
  ['endCompleted', 'teacher', { mid: false, end: true, sign: true }],
  ['endCompleted', 'student', { mid: false, end: false, sign: true }],
  ['endCompleted', 'advisor', { mid: false, end: false, sign: true }],
  ['advisorSigned', 'teacher', { mid: false, end: false, sign: true, text: 'Skjemaet er signert og kan ikke endres lenger.' }],
  ['advisorSigned', 'student', { mid: false, end: false, sign: true }],
  ['advisorSigned', 'advisor', { mid: false, end: false, sign: false, text: 'Du har signert skjemaet' }],
  ['locked', 'teacher', { mid: false, end: false, sign: false, text: 'Alle parter har signert, og skjemaet er låst.' }],
  ['locked', 'student', { mid: false, end: false, sign: false, text: 'Alle parter har signert, og skjemaet er låst.' }],
  ['locked', 'advisor', { mid: false, end: false, sign: false, text: 'Alle parter har signert, og skjemaet er låst.' }],
];

describe('SigningFormPage', () => {
  it.each(MATRIX)('%s, as %s: editable and signable as the lifecycle allows', async (state, role, expected) => {
    const form = state === 'blank' ? null : formIn(state);
    serve(role, () => form);
    renderPage(role);
    await loaded();
    if (expected.text) expect(screen.getAllByText(new RegExp(expected.text)).length).toBeGreaterThan(0);
    expect(midQuestion() !== null).toBe(expected.mid);
    expect(endQuestion() !== null).toBe(expected.end);
    expect(signButton() !== null).toBe(expected.sign);
    // Only the teacher ever gets a form to submit, and the cancel button while not locked.
    expect(screen.queryByRole('button', { name: /Lagre/ }) !== null).toBe(expected.mid || expected.end);
    expect(screen.queryByRole('button', { name: 'Kanseller skjemaet' }) !== null).toBe(
      role === 'teacher' && state !== 'blank' && state !== 'locked',
    );
  });

  it('shows the placement: semester, subject, student, supervisor and teacher, and each signature with name, time and sign-in method', async () => {
    serve('student', () => formIn('locked'));
    renderPage('student');
    await loaded();
    const facts = screen.getByText('Semester').closest('dl');
    expect(facts).not.toBeNull();
    expect(facts).toHaveTextContent('Høst 2026');
    expect(facts).toHaveTextContent('SYKP2100 Medisinsk avdeling');
    expect(facts).toHaveTextContent('Emma Johansen');
    expect(facts).toHaveTextContent('Hilde Bakken');
    expect(facts).toHaveTextContent('Marte Solberg');

    const signatures = screen.getByRole('region', { name: 'Signaturer' });
    const rows = within(signatures).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Praksislærer');
    expect(rows[0]).toHaveTextContent('Marte Solberg');
    expect(rows[0]).toHaveTextContent('innlogget med Feide');
    expect(rows[1]).toHaveTextContent('Hilde Bakken');
    expect(rows[1]).toHaveTextContent('innlogget med Vipps');
    expect(rows[2]).toHaveTextContent('Emma Johansen (deg)');
    expect(rows[2]).toHaveTextContent('innlogget med engangskode');
    expect(rows[2]).toHaveTextContent(/Signert 21\. november 2020 kl\. 10:00/);
  });

  it('shows when the end section and each signature are due, overdue apart from on time and late', async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-12-05T10:00:00Z'));
    try {
      serve('teacher', () => ({
        ...formIn('advisorSigned'),
        deadlines: {
          endSection: { dueDate: '2026-11-27', state: 'late' },
          advisor: { dueDate: '2026-12-04', state: 'onTime' },
          student: { dueDate: '2026-12-04', state: 'overdue' },
        },
      }));
      renderPage('teacher');
      await loaded();
      expect(screen.getByText('Levert etter fristen 27. nov.')).toHaveAttribute('data-deadline', 'late');
      const [teacher, advisor, student] = within(screen.getByRole('region', { name: 'Signaturer' })).getAllByRole('listitem');
      if (!teacher || !advisor || !student) throw new Error('three signatures');
      expect(teacher).not.toHaveTextContent('Frist');
      expect(within(advisor).getByText('Levert innen fristen 4. des.')).toHaveAttribute('data-deadline', 'onTime');
      expect(within(student).getByText('Fristen gikk ut 4. des. (i går)')).toHaveAttribute('data-deadline', 'overdue');
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks the teacher to tick signing without the supervisor, and sends the confirmation', async () => {
    const user = userEvent.setup();
    let form = formIn('endCompleted');
    const fetchMock = serve('teacher', () => form, {
      [`POST ${FORM_PATH}/sign`]: async (request) => {
        const body = (await request.json()) as { confirmWithoutAdvisor: boolean };
        form = {
          ...form,
          version: form.version + 1,
          signedByTeacherDate: '2026-11-21T10:00:00Z',
          signedByTeacherUserId: 2,
          signedByTeacherSignInMethod: 'code',
          signWithoutAdvisorConfirmedDate: body.confirmWithoutAdvisor ? '2026-11-21T10:00:00Z' : null,
        };
        return json(form);
      },
    });
    renderPage('teacher');
    await loaded();
    // The teacher's progress in the main form comes before signing.
    expect(await screen.findByRole('table')).toHaveTextContent('20 av 24');

    await user.click(screen.getByRole('button', { name: 'Signer skjemaet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Signere signeringsskjemaet?' });
    expect(dialog).toHaveTextContent('Jeg bekrefter at vurderingen er gjennomført i samsvar med læringsutbyttet for emnet.');
    expect(dialog).toHaveTextContent('Ikke signert ennå: praksisveileder og student.');
    const confirm = within(dialog).getByRole('button', { name: 'Signer' });
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: /uten praksisveileders signatur/ }));
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    expect(await screen.findByText(/Du har signert skjemaet/)).toBeInTheDocument();
    expect(screen.getByText(/Praksislærer bekreftet .* å signere uten praksisveileders signatur/)).toBeInTheDocument();
    const signCall = fetchMock.mock.calls.find(([input]) => (input as Request).url.endsWith('/signingform/sign'));
    expect(signCall).toBeDefined();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('needs no tick when the supervisor has signed', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    serve('teacher', () => formIn('advisorSigned'), {
      [`POST ${FORM_PATH}/sign`]: async (request) => {
        bodies.push(await request.json());
        return json({ ...formIn('advisorSigned'), signedByTeacherDate: '2026-11-21T10:00:00Z', signedByTeacherUserId: 2 });
      },
    });
    renderPage('teacher');
    await loaded();
    await user.click(await screen.findByRole('button', { name: 'Signer skjemaet' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('Ikke signert ennå: student.');
    await user.click(within(dialog).getByRole('button', { name: 'Signer' }));
    await waitFor(() => expect(bodies).toEqual([{ confirmWithoutAdvisor: false }]));
  });

  it("says 'Klarte ikke signere.' with the server's reason", async () => {
    const user = userEvent.setup();
    serve('student', () => formIn('endCompleted'), {
      [`POST ${FORM_PATH}/sign`]: () => error(409, 'locked', 'Alle parter har signert, og skjemaet er låst.'),
    });
    renderPage('student');
    await loaded();
    await user.click(await screen.findByRole('button', { name: 'Signer skjemaet' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Jeg bekrefter at jeg har lest vurderingen.');
    await user.click(within(dialog).getByRole('button', { name: 'Signer' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Klarte ikke signere.');
    expect(alert).toHaveTextContent('Alle parter har signert, og skjemaet er låst.');
  });

  it('warns in the cancel dialog when the result is archived or submitted, and starts over blank', async () => {
    const user = userEvent.setup();
    let form: SigningForm | null = formIn('teacherSigned');
    serve('teacher', () => form, {
      [`POST ${FORM_PATH}/cancel`]: () => {
        form = null;
        return { status: 204 };
      },
    }, { ...VALIDATION, assessmentResultArchived: true, assessmentResultSubmitted: true });
    renderPage('teacher');
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Kanseller skjemaet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kansellere signeringsskjemaet?' });
    expect(dialog).toHaveTextContent('Dette kan ikke angres.');
    expect(dialog).toHaveTextContent('Resultatet er allerede arkivert.');
    expect(dialog).toHaveTextContent('Resultatet er allerede overført til studieadministrativt system.');
    // The safe choice has the focus.
    expect(within(dialog).getByRole('button', { name: 'Behold skjemaet' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Kanseller skjemaet' }));

    expect(await screen.findByText('Skjemaet er ikke opprettet ennå. Det opprettes når du lagrer midtveisdelen.')).toBeInTheDocument();
    await waitFor(() => expect(midQuestion()).not.toBeNull());
    expect(await screen.findByText('Signeringsskjemaet er kansellert.')).toBeInTheDocument();
  });

  it('does not warn in the cancel dialog when the result is neither archived nor submitted', async () => {
    const user = userEvent.setup();
    serve('teacher', () => formIn('midSaved'));
    renderPage('teacher');
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Kanseller skjemaet' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog).toHaveTextContent('Dette kan ikke angres.'));
    expect(dialog).not.toHaveTextContent('arkivert');
    expect(dialog).not.toHaveTextContent('overført');
  });

  it('creates the form with the mid section, after asking, once the browser finds every answer given', async () => {
    const user = userEvent.setup();
    const posts: unknown[] = [];
    let form: SigningForm | null = null;
    serve('teacher', () => form, {
      [`POST ${FORM_PATH}`]: async (request) => {
        const body = (await request.json()) as Partial<SigningForm>;
        posts.push(body);
        form = { ...formIn('midSaved'), ...body, id: 12, version: 1 };
        return json(form, 201);
      },
    });
    renderPage('teacher');
    await loaded();

    // Nothing answered: the browser refuses the form and the questions say why.
    await user.click(screen.getByRole('button', { name: 'Bekreft midtveisvurdering' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getAllByText('Velg et svar.')).toHaveLength(2);
    expect(screen.getByText('Fyll inn datoen.')).toBeInTheDocument();

    const feedback = screen.getByRole('radiogroup', { name: /Har studenten gitt tilbakemelding midtveis/ });
    expect(within(feedback).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['yes', 'no', 'notRelevant']);
    const begun = screen.getByRole('radiogroup', { name: /spesifikke kompetanseområdene påbegynt/ });
    expect(within(begun).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['yes', 'no']);
    await user.click(within(feedback).getByRole('radio', { name: 'Ikke relevant' }));
    await user.click(within(begun).getByRole('radio', { name: 'Ja' }));
    await user.type(screen.getByLabelText(/Dato for midtveisvurderingen/), '2020-10-09');
    await user.click(screen.getByRole('button', { name: 'Bekreft midtveisvurdering' }));

    const dialog = await screen.findByRole('dialog', { name: 'Bekrefte midtveisvurderingen?' });
    expect(dialog).toHaveTextContent('Sluttvurderingen kan fylles ut fra 9. oktober 2020.');
    expect(posts).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Bekreft' }));

    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      id: -1,
      midSemesterStudentHasGivenFeedback: 'notRelevant',
      midSemesterSpecificCompetenceAreasBegun: 'yes',
      midSemesterCompletedDate: '2020-10-09',
    });
    // Mid is locked now, and the end section opens.
    expect(await screen.findByText('Bekreftet. Midtveisvurderingen ble gjennomført 9. oktober 2020.')).toBeInTheDocument();
    expect(midQuestion()).toBeNull();
    expect(endQuestion()).not.toBeNull();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Sluttvurdering' })).toHaveFocus());
    expect(await screen.findByText('Lagret!')).toBeInTheDocument();
  });

  it('saves a mid draft without the date', async () => {
    const user = userEvent.setup();
    const puts: unknown[] = [];
    let form = formIn('midSaved');
    serve('teacher', () => form, {
      [`PUT ${FORM_PATH}`]: async (request) => {
        const body = (await request.json()) as Partial<SigningForm>;
        puts.push(body);
        form = { ...form, ...body, version: form.version + 1 };
        return json(form);
      },
    });
    renderPage('teacher');
    await loaded();
    await user.type(screen.getByLabelText(/Dato for midtveisvurderingen/), '2020-10-09');
    const feedback = screen.getByRole('radiogroup', { name: /Har studenten gitt tilbakemelding midtveis/ });
    await user.click(within(feedback).getByRole('radio', { name: 'Nei' }));
    await user.click(screen.getByRole('button', { name: 'Lagre utkast' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ id: 11, version: 1, midSemesterStudentHasGivenFeedback: 'no', midSemesterCompletedDate: null });
  });

  it('keeps the save button disabled while saving', async () => {
    const user = userEvent.setup();
    let answer: (response: FakeResponse) => void = () => undefined;
    serve('teacher', () => formIn('endCompleted'), {
      [`PUT ${FORM_PATH}`]: () => new Promise<FakeResponse>((resolve) => (answer = resolve)),
    });
    renderPage('teacher');
    await loaded();
    const save = screen.getByRole('button', { name: 'Lagre sluttvurdering' });
    await user.click(save);
    await waitFor(() => expect(save).toBeDisabled());
    act(() => answer(json({ ...formIn('endCompleted'), version: 2 })));
    await waitFor(() => expect(save).toBeEnabled());
  });

  it("says 'Klarte ikke lagre.' with the server's description", async () => {
    const user = userEvent.setup();
    serve('teacher', () => formIn('endCompleted'), {
      [`PUT ${FORM_PATH}`]: () => error(409, 'signed', 'Skjemaet er signert og kan ikke endres lenger.'),
    });
    renderPage('teacher');
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Lagre sluttvurdering' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Klarte ikke lagre.');
    expect(alert).toHaveTextContent('Skjemaet er signert og kan ikke endres lenger.');
  });

  it('shows the server’s complaint under the field it names', async () => {
    const user = userEvent.setup();
    serve('teacher', () => formIn('endCompleted'), {
      [`PUT ${FORM_PATH}`]: () => ({
        status: 400,
        body: {
          description: 'Noen felter er ikke gyldige.',
          statusCode: 400,
          errors: [{ reason: 'teacherComment', description: 'Kommentaren kan være høyst 10000 tegn.' }],
        },
      }),
    });
    renderPage('teacher');
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Lagre sluttvurdering' }));
    const comment = await screen.findByRole('textbox', { name: 'Kommentar fra praksislærer' });
    await waitFor(() => expect(comment).toHaveAccessibleDescription('Kommentaren kan være høyst 10000 tegn.'));
  });

  it('keeps the changes of a stale save on screen, says someone else changed the form, and reloads on request', async () => {
    const user = userEvent.setup();
    let form = formIn('endCompleted');
    serve('teacher', () => form, {
      [`PUT ${FORM_PATH}`]: () => {
        // Another teacher saved meanwhile.
        form = { ...form, version: 2, overallPassed: 'failed', teacherComment: 'Endret av en annen.' };
        return error(409, 'stale', 'Skjemaet er endret av noen andre siden du åpnet det.');
      },
    });
    renderPage('teacher');
    await loaded();
    const comment = screen.getByRole('textbox', { name: 'Kommentar fra praksislærer' });
    await user.clear(comment);
    await user.type(comment, 'Min kommentar');
    const save = screen.getByRole('button', { name: 'Lagre sluttvurdering' });
    await user.click(save);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Klarte ikke lagre.');
    expect(alert).toHaveTextContent('Noen andre har endret skjemaet mens du hadde det åpent');
    expect(alert).not.toHaveTextContent('Alle parter har signert');
    // The user's text stays until they choose to reload, and saving waits for it.
    expect(screen.getByRole('textbox', { name: 'Kommentar fra praksislærer' })).toHaveValue('Min kommentar');
    await waitFor(() => expect(save).toBeDisabled());

    await user.click(within(alert).getByRole('button', { name: 'Last inn på nytt' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Kommentar fra praksislærer' })).toHaveValue('Endret av en annen.'),
    );
    const overall = screen.getByRole('radiogroup', { name: /Resultat for praksisperioden/ });
    expect(within(overall).getByRole('radio', { name: 'Ikke bestått' })).toBeChecked();
    // Only the mid-semester feedback question offers 'not relevant' (spec §5).
    for (const name of [/Er kravet til oppmøte oppfylt/, /Er arbeidskravene godkjent/]) {
      const question = screen.getByRole('radiogroup', { name });
      expect(within(question).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['yes', 'no']);
    }
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lagre sluttvurdering' })).toBeEnabled();
  });

  it('says the form is locked when everyone signed before the save, and shows it read-only', async () => {
    const user = userEvent.setup();
    let form = formIn('endCompleted');
    serve('teacher', () => form, {
      [`PUT ${FORM_PATH}`]: () => {
        // The last signature came in meanwhile.
        form = formIn('locked');
        return error(409, 'locked', 'Alle parter har signert, og skjemaet er låst.');
      },
    });
    renderPage('teacher');
    await loaded();
    await user.click(screen.getByRole('radio', { name: 'Ikke bestått' }));
    await user.click(screen.getByRole('button', { name: 'Lagre sluttvurdering' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Klarte ikke lagre.');
    expect(alert).toHaveTextContent('Alle parter har signert, og skjemaet er låst. Det kan ikke endres lenger.');
    expect(alert).not.toHaveTextContent('Noen andre har endret skjemaet');
    expect(within(alert).queryByRole('button', { name: 'Last inn på nytt' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Lagre sluttvurdering' })).not.toBeInTheDocument());
    expect(endQuestion()).toBeNull();
    expect(screen.getByText('Alle parter har signert, og skjemaet er låst.', { exact: true })).toBeInTheDocument();
  });

  it('holds the teacher’s signature until changes to the end section are saved', async () => {
    const user = userEvent.setup();
    serve('teacher', () => formIn('endCompleted'));
    renderPage('teacher');
    await loaded();
    expect(signButton()).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: 'Ikke bestått' }));
    expect(signButton()).toBeDisabled();
    expect(screen.getAllByText('Lagre endringene i sluttvurderingen før du signerer.').length).toBeGreaterThan(0);
  });

  it('opens the PDF in a new tab', async () => {
    const user = userEvent.setup();
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:pdf');
    serve('advisor', () => formIn('locked'), {
      [`GET ${FORM_PATH}/pdf`]: () => ({ status: 200, body: '%PDF-1.7' }),
    });
    renderPage('advisor');
    await loaded();
    await user.click(screen.getByRole('button', { name: /Åpne PDF/ }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('blob:pdf'));
  });

  it("says it could not fetch all signing form data, and tries again", async () => {
    const user = userEvent.setup();
    let fail = true;
    serve('teacher', () => formIn('midSaved'), {
      'GET /api/classes/2': () => (fail ? error(500, 'internal', 'Intern feil') : json(CLASS)),
    });
    renderPage('teacher');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Klarte ikke hente alle data for signeringsskjemaet.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Prøv igjen' }));
    expect(await screen.findByRole('heading', { name: 'Midtveisvurdering' })).toBeInTheDocument();
  });
});
