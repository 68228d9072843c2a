import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  expectFitsTheScreen,
  expectNoAxeViolations as expectNoViolations,
  message,
  openOnPhone,
  PORT,
  schoolUrl,
  signInWithCode,
  storedToken,
} from './support';

// Ingrid Haugen is the demo school's admin, with no other role.
const ADMIN = 'admin@demo.test';

/** A suffix that keeps this run's names apart from other runs and journeys on the same server. */
const run = Date.now().toString(36).toUpperCase();

const nb = (id: string, values: Record<string, string> = {}) => message('nb', id, values);

/** Calls the demo school's API from the test with the admin's token. */
async function adminApi(page: Page, method: 'GET' | 'PUT', path: string, body?: unknown) {
  const token = await storedToken(page);
  return page.request.fetch(`http://127.0.0.1:${PORT}${path}`, {
    method,
    headers: { Host: `demo.localhost:${PORT}`, Authorization: `Bearer ${token ?? ''}`, 'Content-Type': 'application/json' },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
}

/**
 * Axe once the page is still: a colour in the middle of a transition (a
 * button just enabled, a row fading in) is no colour the user reads.
 */
async function expectNoAxeViolations(page: Page) {
  // Nor half-way through loading: a list dimmed while new results come.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await expectNoViolations(page);
}

/** The next semester by the naming rule (spec §9), from the newest one. */
function nextSemesterName(newest: { name: string; startDate: string }): string {
  const year = Number(newest.startDate.slice(0, 4));
  return newest.name.includes('Høst') ? `Vår ${year + 1}` : `Høst ${year}`;
}

/**
 * Does `action` (a click that saves), waits for the server to answer the
 * `method` call to a path containing `path`, and expects 'Lagret!'.
 */
async function save(page: Page, method: string, path: string, action: () => Promise<void>) {
  const answered = page.waitForResponse((r) => r.request().method() === method && new URL(r.url()).pathname.includes(path));
  await action();
  const response = await answered;
  expect(response.ok(), `${method} ${path} answered ${response.status()}`).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: nb('toast.saved') }).last()).toBeVisible();
}

/** A pattern that matches `text` literally. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A class's mid- and end-semester dates inside a semester named 'Høst YYYY' or 'Vår YYYY'. */
function classDates(semesterName: string): { mid: string; end: string } {
  const year = semesterName.slice(-4);
  return semesterName.startsWith('Høst') ? { mid: `${year}-10-01`, end: `${year}-12-11` } : { mid: `${year}-03-16`, end: `${year}-06-12` };
}

async function heading(page: Page, text: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text);
}

async function openCard(page: Page, titleId: string) {
  await page.goto(schoolUrl('demo', '/admin'));
  await page.getByRole('link', { name: new RegExp(`^${nb(titleId)}`) }).click();
}

test('an admin runs the school: subject, semester, form, class, expectation, user, texts and report', async ({ page, browser }) => {
  test.setTimeout(420_000);
  const subjectCode = `E2E${run}`;
  const subjectName = `Praksis i ende-til-ende-testing ${run}`;
  const formName = `Spesifikk kompetanse ${run}`;
  const personName = `Testbruker ${run}`;
  const studentName = `Teststudent ${run}`;
  const appName = `Praksis Demo ${run}`;
  const privacyHeading = `Personvern i praksis ${run}`;
  const privacyPolicy = `## ${privacyHeading}\n\nVi lagrer **bare** det vurderingen trenger, og sletter det etter ${run}.`;

  await signInWithCode(page, 'demo', ADMIN);
  await expect(page).toHaveURL(schoolUrl('demo', '/admin'));
  // The school's own privacy policy as it was, to put back at the end.
  const texts = (await (await adminApi(page, 'GET', '/api/tenant/texts')).json()) as {
    texts: { key: string; values: Record<string, { value: string }> }[];
  };
  const originalPrivacy = texts.texts.find((t) => t.key === 'privacyPolicy')?.values.nb?.value ?? '';

  try {
    // The panel: a card for each area.
    await heading(page, nb('admin.panel.title'));
    for (const id of [
      'admin.panel.semesters.title',
      'admin.panel.forms.title',
      'admin.panel.subjects.title',
      'admin.panel.users.title',
      'admin.panel.texts.title',
    ]) {
      await expect(page.getByRole('link', { name: new RegExp(`^${nb(id)}`) })).toBeVisible();
    }
    await expectNoAxeViolations(page);

    // A subject: both fields are required, then it is saved and listed.
    await openCard(page, 'admin.panel.subjects.title');
    await heading(page, nb('admin.subjects.title'));
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: nb('admin.subjects.add') }).click();
    const subjectDialog = page.getByRole('dialog', { name: nb('admin.subjects.createTitle') });
    await subjectDialog.getByRole('button', { name: nb('admin.common.save') }).click();
    await expect(subjectDialog.getByRole('textbox', { name: nb('admin.subjects.code') })).toBeFocused();
    await expectNoAxeViolations(page);
    await subjectDialog.getByRole('textbox', { name: nb('admin.subjects.code') }).fill(subjectCode);
    await subjectDialog.getByRole('textbox', { name: nb('admin.subjects.name') }).fill(subjectName);
    await save(page, 'POST', '/api/subjects', () => subjectDialog.getByRole('button', { name: nb('admin.common.save') }).click());
    await expect(subjectDialog).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(subjectCode) })).toContainText(subjectName);

    // The next semester: the proposal the server makes, confirmed in a modal. When
    // another run made it already, the button says why it is off and the future one is used.
    await openCard(page, 'admin.panel.semesters.title');
    await heading(page, nb('admin.semesters.title'));
    const periods = (await (await adminApi(page, 'GET', '/api/periods')).json()) as { name: string; startDate: string; status: string }[];
    const create = page.getByRole('button', { name: nb('admin.semesters.create') });
    let semesterName: string;
    if (periods.some((p) => p.status === 'future')) {
      await expect(create).toBeDisabled();
      await expect(page.getByText(nb('admin.semesters.futureExists'))).toBeVisible();
      semesterName = periods.find((p) => p.status === 'future')?.name ?? '';
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: new RegExp(`^${semesterName}`) }).click();
    } else {
      semesterName = nextSemesterName(periods[0] ?? { name: '', startDate: '' });
      await expect(create).toBeEnabled();
      await expectNoAxeViolations(page);
      await create.click();
      const semesterDialog = page.getByRole('dialog', { name: nb('admin.semesters.createTitle') });
      await expect(semesterDialog.getByTestId('next-semester-name')).toHaveText(semesterName);
      await expectNoAxeViolations(page);
      await save(page, 'POST', '/api/periods', () =>
        semesterDialog.getByRole('button', { name: nb('admin.semesters.createConfirm', { name: semesterName }) }).click(),
      );
    }
    await heading(page, semesterName);
    const semesterUrl = page.url();
    await expectNoAxeViolations(page);

    // The new subject into the semester; subjects there already cannot be unticked.
    await page.getByRole('button', { name: nb('admin.semester.addSubjects') }).click();
    const addDialog = page.getByRole('dialog', { name: nb('admin.semester.addTitle', { name: semesterName }) });
    await addDialog.getByRole('checkbox', { name: new RegExp(subjectCode) }).check();
    await expectNoAxeViolations(page);
    await save(page, 'POST', '/api/classes', () => addDialog.getByRole('button', { name: /^Legg til/ }).click());
    const classLink = page.getByRole('link', { name: new RegExp(`^${subjectCode}`) });
    await expect(classLink).toBeVisible();
    // Opened again, the subject is ticked and cannot be taken out.
    await page.getByRole('button', { name: nb('admin.semester.addSubjects') }).click();
    const reopened = page.getByRole('dialog', { name: nb('admin.semester.addTitle', { name: semesterName }) });
    await expect(reopened.getByRole('checkbox', { name: new RegExp(subjectCode) })).toBeChecked();
    await expect(reopened.getByRole('checkbox', { name: new RegExp(subjectCode) })).toBeDisabled();
    await reopened.getByRole('button', { name: nb('admin.common.cancel') }).click();
    await expect(reopened).toBeHidden();

    // A form with two groups and a question with help text, the questions reordered by keyboard.
    await openCard(page, 'admin.panel.forms.title');
    await heading(page, nb('admin.forms.title'));
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: nb('admin.forms.addSpecific') }).click();
    await heading(page, nb('admin.formEditor.createTitle'));
    await page.getByRole('textbox', { name: nb('admin.formEditor.name') }).fill(formName);
    await page.getByRole('button', { name: nb('admin.formEditor.addGroup') }).click();
    const groupName = page.getByRole('textbox', { name: nb('admin.formEditor.groupName') });
    await expect(groupName).toHaveValue(nb('admin.formEditor.newGroupName'));
    await groupName.fill('Observasjon');
    await page.getByRole('button', { name: nb('admin.formEditor.addQuestionTo', { number: '1' }) }).click();
    await page.getByRole('textbox', { name: nb('admin.formEditor.questionText', { number: '1' }) }).fill('Måler vitale parametre');
    await page.getByRole('checkbox', { name: nb('admin.formEditor.helpTextToggle', { number: '1' }) }).check();
    await page
      .getByRole('textbox', { name: nb('admin.formEditor.helpText', { number: '1' }) })
      .fill('Se etter at studenten beregner NEWS2.');
    await page.getByRole('button', { name: nb('admin.formEditor.addQuestionTo', { number: '1' }) }).click();
    await page.getByRole('textbox', { name: nb('admin.formEditor.questionText', { number: '2' }) }).fill('Dokumenterer funn');
    await page.getByRole('button', { name: nb('admin.formEditor.addGroup') }).click();
    await page.getByRole('textbox', { name: nb('admin.formEditor.groupName') }).nth(1).fill('Refleksjon');
    await page.getByRole('button', { name: nb('admin.formEditor.addQuestionTo', { number: '2' }) }).click();
    const secondGroup = page.getByRole('region', { name: nb('admin.formEditor.groupHeading', { number: '2', name: 'Refleksjon' }) });
    await secondGroup.getByRole('textbox', { name: nb('admin.formEditor.questionText', { number: '1' }) }).fill('Beskriver egen læring');
    await expectNoAxeViolations(page);

    // Move "Dokumenterer funn" to the top with the keyboard; the focus follows it.
    const moveUp = page.getByRole('button', { name: nb('admin.formEditor.moveQuestionUp', { number: '2', group: '1' }) });
    await moveUp.focus();
    await page.keyboard.press('Enter');
    const firstGroup = page.getByRole('region', { name: nb('admin.formEditor.groupHeading', { number: '1', name: 'Observasjon' }) });
    await expect(firstGroup.getByRole('textbox', { name: nb('admin.formEditor.questionText', { number: '1' }) })).toHaveValue(
      'Dokumenterer funn',
    );
    await expect(page.getByRole('button', { name: nb('admin.formEditor.moveQuestionDown', { number: '1', group: '1' }) })).toBeFocused();
    // The help text moved with its question.
    await expect(page.getByRole('textbox', { name: nb('admin.formEditor.helpText', { number: '2' }) })).toHaveValue(
      'Se etter at studenten beregner NEWS2.',
    );

    await save(page, 'POST', '/api/forms', () => page.getByRole('button', { name: nb('admin.formEditor.create') }).click());
    await expect(page).toHaveURL(/\/admin\/forms\/edit\/\d+$/);
    await heading(page, formName);
    await expect(page.getByRole('textbox', { name: nb('admin.formEditor.questionText', { number: '1' }) }).first()).toHaveValue(
      'Dokumenterer funn',
    );
    await expectNoAxeViolations(page);
    // Saved with its three questions, two in the first group and one in the second.
    const savedForm = (await (await adminApi(page, 'GET', `/api/forms/${page.url().split('/').pop() ?? ''}`)).json()) as {
      groups: { name: string; questions: { text: string }[] }[];
    };
    expect(savedForm.groups.map((g) => [g.name, g.questions.map((q) => q.text)])).toEqual([
      ['Observasjon', ['Dokumenterer funn', 'Måler vitale parametre']],
      ['Refleksjon', ['Beskriver egen læring']],
    ]);
    await page.getByRole('tab', { name: nb('admin.formEditor.tabPreview') }).click();
    await expect(page.getByRole('heading', { name: 'Observasjon' })).toBeVisible();
    await expect(page.getByText('Se etter at studenten beregner NEWS2.')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: nb('admin.pager.next') }).click();
    await expect(page.getByRole('heading', { name: 'Refleksjon' })).toBeVisible();
    await expect(page.getByText('Beskriver egen læring')).toBeVisible();

    // The class: its mid- and end-semester dates inside the semester, kept after a reload.
    await page.goto(semesterUrl);
    await classLink.click();
    await heading(page, `${subjectCode} – ${subjectName}`);
    await expectNoAxeViolations(page);
    const classUrl = page.url();
    const dates = classDates(semesterName);
    const midDate = page.getByLabel(nb('admin.class.midDate'));
    const endDate = page.getByLabel(nb('admin.class.endDate'));
    await expect(endDate).toBeEnabled();
    await midDate.fill(dates.mid);
    await endDate.fill(dates.end);
    await save(page, 'PUT', '/api/classes', () => page.getByRole('button', { name: nb('admin.class.saveDates') }).click());
    await page.reload();
    await expect(page.getByLabel(nb('admin.class.midDate'))).toHaveValue(dates.mid);
    await expect(page.getByLabel(nb('admin.class.endDate'))).toHaveValue(dates.end);

    // Its forms: the new one and a main form, each with its halves to set expectations for.
    const allForms = (await (await adminApi(page, 'GET', '/api/forms')).json()) as { name: string; isMainForm: boolean }[];
    const mainForm = allForms.find((f) => f.isMainForm)?.name ?? '';
    expect(mainForm, 'the demo school has a main form').not.toBe('');
    await page.getByRole('checkbox', { name: new RegExp(`^${literal(formName)}$`) }).check();
    await page.getByRole('checkbox', { name: new RegExp(`^${literal(mainForm)}(\\s|$)`) }).check();
    await save(page, 'PATCH', '/forms', () => page.getByRole('button', { name: nb('admin.class.saveForms') }).click());
    await expect(page.getByRole('link', { name: nb('admin.class.expectationMid', { form: mainForm }) })).toBeVisible();
    await expect(page.getByRole('link', { name: nb('admin.class.expectationEnd', { form: mainForm }) })).toBeVisible();
    await expect(page.getByRole('link', { name: nb('admin.class.expectationMid', { form: formName }) })).toHaveCount(0);

    // The main form's expectations: mid-semester first, then the toggle (by keyboard) to the end.
    await page.getByRole('link', { name: nb('admin.class.expectationMid', { form: mainForm }) }).click();
    await heading(page, nb('admin.expectations.title', { form: mainForm }));
    const midUrl = page.url();
    const half = page.getByRole('group', { name: nb('admin.expectations.half') });
    await expect(half.getByRole('button', { name: nb('admin.expectations.mid') })).toHaveAttribute('aria-pressed', 'true');
    const firstQuestion = page.getByRole('group', { name: /^1\. / }).first();
    await firstQuestion.getByRole('radio', { name: nb('admin.grading.2') }).check();
    await expectNoAxeViolations(page);
    const midSaved = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/expectations'));
    await save(page, 'POST', '/expectations', () => page.getByRole('button', { name: nb('admin.expectations.save') }).click());
    expect((await midSaved).postDataJSON()).toMatchObject({ isMidSemester: true });
    await half.getByRole('button', { name: nb('admin.expectations.end') }).focus();
    await page.keyboard.press('Enter');
    await expect(half.getByRole('button', { name: nb('admin.expectations.end') })).toHaveAttribute('aria-pressed', 'true');
    await expect(page).not.toHaveURL(midUrl);
    await expect(firstQuestion.getByRole('radio', { name: nb('admin.grading.2') })).not.toBeChecked();
    await firstQuestion.getByRole('radio', { name: nb('admin.grading.1') }).check();
    const endSaved = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/expectations'));
    await save(page, 'POST', '/expectations', () => page.getByRole('button', { name: nb('admin.expectations.save') }).click());
    expect((await endSaved).postDataJSON()).toMatchObject({ isMidSemester: false });
    await expectNoAxeViolations(page);
    // Back on the mid half, its saved level is there.
    await half.getByRole('button', { name: nb('admin.expectations.mid') }).click();
    await expect(page).toHaveURL(midUrl);
    await expect(firstQuestion.getByRole('radio', { name: nb('admin.grading.2') })).toBeChecked();
    await page.getByRole('main').getByRole('button', { name: nb('common.close') }).click();
    await expect(page).toHaveURL(classUrl);

    // An expectation for the form at the end of the semester.
    await page.getByRole('link', { name: nb('admin.class.expectationEnd', { form: formName }) }).click();
    await heading(page, nb('admin.expectations.title', { form: formName }));
    await expect(page.getByText(nb('admin.expectations.endOnly'))).toBeVisible();
    await expect(page.getByRole('group', { name: nb('admin.expectations.half') })).toHaveCount(0);
    const question = page.getByRole('group', { name: '1. Dokumenterer funn' });
    await question.getByRole('radio', { name: nb('admin.grading.2') }).check();
    await expectNoAxeViolations(page);
    await save(page, 'POST', '/expectations', () => page.getByRole('button', { name: nb('admin.expectations.save') }).click());
    await page.getByRole('main').getByRole('button', { name: nb('common.close') }).click();
    await expect(page).toHaveURL(classUrl);

    // A new user, found again by search, gets another role.
    await openCard(page, 'admin.panel.users.title');
    await heading(page, nb('admin.users.title'));
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: nb('admin.users.create') }).click();
    const userDialog = page.getByRole('dialog', { name: nb('admin.users.createTitle') });
    await userDialog.getByRole('textbox', { name: nb('admin.users.name') }).fill(personName);
    await userDialog.getByRole('textbox', { name: nb('admin.users.email') }).fill(`testbruker.${run.toLowerCase()}@demo.test`);
    await userDialog.getByRole('checkbox', { name: nb('role.Advisor.title') }).check();
    await expectNoAxeViolations(page);
    await save(page, 'POST', '/api/users', () => userDialog.getByRole('button', { name: nb('admin.users.createConfirm') }).click());
    await heading(page, personName);

    await openCard(page, 'admin.panel.users.title');
    await page.getByRole('searchbox', { name: nb('admin.users.search') }).fill(personName);
    const found = page.getByRole('link', { name: new RegExp(personName) });
    await expect(found).toHaveCount(1);
    await found.click();
    await heading(page, personName);
    await expectNoAxeViolations(page);
    await page.getByRole('checkbox', { name: nb('role.Teacher.title') }).check();
    // Placed in the new class as its teacher and as a supervisor there.
    const classOption = new RegExp(`^${literal(subjectCode)} – `);
    for (const label of ['admin.user.teacherClasses', 'admin.user.advisorClasses']) {
      await page.getByRole('combobox', { name: nb(label) }).fill(subjectCode);
      await page.getByRole('option', { name: classOption }).click();
    }
    await expectNoAxeViolations(page);
    await save(page, 'PATCH', '/api/users/', () => page.getByRole('button', { name: nb('admin.common.save') }).click());
    const personUrl = page.url();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: nb('role.Teacher.title') })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: nb('role.Advisor.title') })).toBeChecked();
    for (const label of ['admin.user.teacherHeading', 'admin.user.advisorHeading']) {
      await expect(page.getByRole('region', { name: nb(label) }).getByText(classOption)).toBeVisible();
    }

    // A student placed in the class, with the new teacher, the one the class's teachers offer.
    await openCard(page, 'admin.panel.users.title');
    await page.getByRole('button', { name: nb('admin.users.create') }).click();
    const studentDialog = page.getByRole('dialog', { name: nb('admin.users.createTitle') });
    await studentDialog.getByRole('textbox', { name: nb('admin.users.name') }).fill(studentName);
    await studentDialog.getByRole('textbox', { name: nb('admin.users.email') }).fill(`teststudent.${run.toLowerCase()}@demo.test`);
    await studentDialog.getByRole('checkbox', { name: nb('role.Student.title') }).check();
    await save(page, 'POST', '/api/users', () => studentDialog.getByRole('button', { name: nb('admin.users.createConfirm') }).click());
    await heading(page, studentName);
    const teacherPicker = page.getByRole('combobox', { name: new RegExp(`^${nb('admin.user.teacher')}`) });
    await page.getByRole('combobox', { name: nb('admin.user.studentClass') }).fill(subjectCode);
    await page.getByRole('option', { name: classOption }).click();
    await expect(teacherPicker).toBeEnabled();
    await teacherPicker.click();
    await expect(page.getByRole('option', { name: personName })).toBeVisible();
    await page.getByRole('option', { name: personName }).click();
    await expect(teacherPicker).toHaveText(personName);
    await expectNoAxeViolations(page);
    await save(page, 'PATCH', '/api/users/', () => page.getByRole('button', { name: nb('admin.common.save') }).click());
    await page.reload();
    await expect(page.getByRole('combobox', { name: nb('admin.user.studentClass') })).toHaveValue(classOption);
    await expect(teacherPicker).toHaveText(personName);

    // The class lists them: the teacher, the supervisor and the student.
    await page.goto(classUrl);
    for (const [list, name] of [
      ['admin.class.teachers', personName],
      ['admin.class.advisors', personName],
      ['admin.class.students', studentName],
    ] as const) {
      await expect(page.getByRole('list', { name: new RegExp(`^${literal(nb(list))}`) }).getByRole('link', { name })).toBeVisible();
    }
    await expectNoAxeViolations(page);

    // The supervisor's page in the class: the student is added for them to follow.
    await page.getByRole('list', { name: new RegExp(`^${literal(nb('admin.class.advisors'))}`) }).getByRole('link', { name: personName }).click();
    await heading(page, personName);
    const advisorUrl = page.url();
    await expect(page.getByText(nb('admin.advisor.noStudents'))).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: nb('admin.advisor.add') }).click();
    const followDialog = page.getByRole('dialog', { name: nb('admin.advisor.addTitle') });
    await followDialog.getByRole('checkbox', { name: studentName }).check();
    await expectNoAxeViolations(page);
    await save(page, 'POST', '/students', () =>
      followDialog.getByRole('button', { name: message('nb', 'admin.advisor.addConfirm').replace(/^.*one \{([^}]*)\}.*$/, '$1') }).click(),
    );
    await expect(followDialog).toBeHidden();
    await expect(page.getByRole('list', { name: /\(1\)$/ }).getByRole('link', { name: studentName })).toBeVisible();

    // The users list by role: of this run's two people, only the student is a student.
    await openCard(page, 'admin.panel.users.title');
    await page.getByRole('searchbox', { name: nb('admin.users.search') }).fill(run);
    const usersList = page.getByRole('list', { name: nb('admin.users.title') });
    await expect(usersList.getByRole('link')).toHaveCount(2);
    await page.getByRole('combobox', { name: new RegExp(`^${nb('admin.users.role')}`) }).click();
    await page.getByRole('option', { name: nb('role.Student.title'), exact: true }).click();
    await expect(usersList.getByRole('link')).toHaveCount(1);
    await expect(usersList.getByRole('link', { name: new RegExp(studentName) })).toBeVisible();

    // Deactivated, the student is marked on the user page and in the list; then active again.
    await usersList.getByRole('link', { name: new RegExp(studentName) }).click();
    await heading(page, studentName);
    await page.getByRole('button', { name: nb('admin.user.deactivate') }).click();
    const deactivate = page.getByRole('dialog', { name: nb('admin.user.deactivateTitle') });
    await save(page, 'PATCH', '/api/users/', () => deactivate.getByRole('button', { name: nb('admin.user.deactivate') }).click());
    await expect(page.getByText(nb('admin.user.deactivatedTitle'))).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goBack();
    await page.getByRole('searchbox', { name: nb('admin.users.search') }).fill(studentName);
    await expect(usersList.getByRole('link', { name: new RegExp(studentName) })).toContainText(nb('admin.users.deactivated'));
    await expectNoAxeViolations(page);
    await usersList.getByRole('link', { name: new RegExp(studentName) }).click();
    await page.getByRole('button', { name: nb('admin.user.activate') }).click();
    const activate = page.getByRole('dialog', { name: nb('admin.user.activateTitle') });
    await save(page, 'PATCH', '/api/users/', () => activate.getByRole('button', { name: nb('admin.user.activate') }).click());
    await expect(page.getByText(nb('admin.user.deactivatedTitle'))).toHaveCount(0);

    await page.goto(personUrl);
    await heading(page, personName);

    // The school's name, edited in the texts editor, shows after a reload.
    await openCard(page, 'admin.panel.texts.title');
    await heading(page, nb('admin.texts.title'));
    await expectNoAxeViolations(page);
    const nameField = page.getByRole('textbox', { name: nb('admin.texts.appName') });
    await nameField.fill(appName);
    // The privacy policy in Markdown, previewed before it is saved.
    const privacyField = page.getByRole('textbox', { name: nb('admin.texts.privacyPolicy') });
    await privacyField.fill(privacyPolicy);
    await page.getByRole('button', { name: nb('admin.texts.showPreview') }).first().click();
    const preview = page.getByRole('region', { name: nb('admin.texts.previewOf', { name: nb('admin.texts.privacyPolicy') }) });
    await expect(preview.getByRole('heading', { name: privacyHeading })).toBeVisible();
    await expect(preview.locator('strong')).toHaveText('bare');
    await expectNoAxeViolations(page);
    await save(page, 'PUT', '/api/tenant/texts', () => page.getByRole('button', { name: nb('admin.texts.save') }).click());
    await page.reload();
    await expect(page.getByRole('banner')).toContainText(appName);
    await expect(page).toHaveTitle(`${nb('admin.texts.title')} – ${appName}`);
    await expect(page.getByRole('textbox', { name: nb('admin.texts.appName') })).toHaveValue(appName);
    await expect(page.getByRole('textbox', { name: nb('admin.texts.privacyPolicy') })).toHaveValue(privacyPolicy);

    // The new privacy policy on its page, and for someone not signed in, from the login page.
    await page.goto(schoolUrl('demo', '/privacy-policy'));
    await heading(page, nb('privacy.page.title'));
    await expect(page.getByRole('main').getByRole('heading', { name: privacyHeading })).toBeVisible();
    await expectNoAxeViolations(page);
    const visitor = await browser.newContext();
    try {
      const outside = await visitor.newPage();
      await outside.goto(schoolUrl('demo', '/login'));
      await heading(outside, nb('otp.request.title'));
      await outside.getByRole('button', { name: nb('footer.privacy') }).click();
      const policy = outside.getByRole('dialog', { name: nb('footer.privacy') });
      await expect(policy.getByRole('heading', { name: privacyHeading })).toBeVisible();
      await expect(policy).toContainText('Vi lagrer bare det vurderingen trenger');
      await expectNoAxeViolations(outside);
    } finally {
      await visitor.close();
    }

    // Back to the default name and the school's own policy, which the other journeys expect.
    await page.goto(schoolUrl('demo', '/admin/texts'));
    await page.getByRole('textbox', { name: nb('admin.texts.appName') }).fill('');
    await page.getByRole('textbox', { name: nb('admin.texts.privacyPolicy') }).fill(originalPrivacy);
    await save(page, 'PUT', '/api/tenant/texts', () => page.getByRole('button', { name: nb('admin.texts.save') }).click());

    // The semester report as a CSV file.
    await page.goto(semesterUrl);
    await heading(page, semesterName);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: nb('admin.semester.downloadCsv') }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Student Rapport ${semesterName}.csv`);
    const stream = await download.createReadStream();
    let csv = '';
    for await (const chunk of stream) csv += String(chunk);
    expect(csv.length).toBeGreaterThan(0);

    // The same screens on a phone: nothing wider than the screen or sticking
    // out of its card, no violations.
    const mobile = await openOnPhone(page, 'Admin');
    for (const [path, title] of [
      ['/admin', nb('admin.panel.title')],
      ['/admin/users', nb('admin.users.title')],
      [new URL(semesterUrl).pathname, semesterName],
      [new URL(classUrl).pathname, `${subjectCode} – ${subjectName}`],
      [new URL(advisorUrl).pathname, personName],
      [new URL(personUrl).pathname, personName],
      ['/admin/forms/create', nb('admin.formEditor.createTitle')],
      ['/admin/texts', nb('admin.texts.title')],
      ['/admin/subjects', nb('admin.subjects.title')],
      ['/admin/privacy', nb('admin.privacy.title')],
    ] as const) {
      await mobile.goto(schoolUrl('demo', path));
      await heading(mobile, title);
      await expectFitsTheScreen(mobile, path);
      await expectNoAxeViolations(mobile);
    }
    // The expectation view with its mid/end toggle, reached from the class as it must be.
    await mobile.goto(classUrl);
    await mobile.getByRole('link', { name: nb('admin.class.expectationMid', { form: mainForm }) }).click();
    await heading(mobile, nb('admin.expectations.title', { form: mainForm }));
    const phoneHalf = mobile.getByRole('group', { name: nb('admin.expectations.half') });
    await phoneHalf.getByRole('button', { name: nb('admin.expectations.end') }).tap();
    await expect(phoneHalf.getByRole('button', { name: nb('admin.expectations.end') })).toHaveAttribute('aria-pressed', 'true');
    await expectFitsTheScreen(mobile, 'the expectation view');
    await expectNoAxeViolations(mobile);
    await mobile.context().close();
  } finally {
    // Whatever happened, leave the school's name and privacy policy as the other journeys expect them.
    await adminApi(page, 'PUT', '/api/tenant/texts', { nb: { appName: '', privacyPolicy: originalPrivacy } });
  }
});

