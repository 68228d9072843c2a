import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations as expectNoViolations, message, PORT, schoolUrl, signInWithCode, storedToken } from './support';

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

async function heading(page: Page, text: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text);
}

async function openCard(page: Page, titleId: string) {
  await page.goto(schoolUrl('demo', '/admin'));
  await page.getByRole('link', { name: new RegExp(`^${nb(titleId)}`) }).click();
}

test('an admin runs the school: subject, semester, form, class, expectation, user, texts and report', async ({ page }) => {
  test.setTimeout(240_000);
  const subjectCode = `E2E${run}`;
  const subjectName = `Praksis i ende-til-ende-testing ${run}`;
  const formName = `Spesifikk kompetanse ${run}`;
  const personName = `Testbruker ${run}`;
  const appName = `Praksis Demo ${run}`;

  await signInWithCode(page, 'demo', ADMIN);
  await expect(page).toHaveURL(schoolUrl('demo', '/admin'));

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
    await expectNoAxeViolations(page);

    // Move "Dokumenterer funn" to the top with the keyboard; the focus follows it.
    const moveUp = page.getByRole('button', { name: nb('admin.formEditor.moveQuestionUp', { number: '2', group: '1' }) });
    await moveUp.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('textbox', { name: nb('admin.formEditor.questionText', { number: '1' }) })).toHaveValue(
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
    await page.getByRole('tab', { name: nb('admin.formEditor.tabPreview') }).click();
    await expect(page.getByRole('heading', { name: 'Observasjon' })).toBeVisible();
    await expect(page.getByText('Se etter at studenten beregner NEWS2.')).toBeVisible();
    await expectNoAxeViolations(page);

    // The form into the new class.
    await page.goto(semesterUrl);
    await classLink.click();
    await heading(page, `${subjectCode} – ${subjectName}`);
    await expectNoAxeViolations(page);
    await page.getByRole('checkbox', { name: formName }).check();
    await save(page, 'PATCH', '/forms', () => page.getByRole('button', { name: nb('admin.class.saveForms') }).click());
    const classUrl = page.url();

    // An expectation for the form at the end of the semester.
    await page.getByRole('link', { name: nb('admin.class.expectationEnd', { form: formName }) }).click();
    await heading(page, nb('admin.expectations.title', { form: formName }));
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
    await save(page, 'PATCH', '/api/users/', () => page.getByRole('button', { name: nb('admin.common.save') }).click());
    await page.reload();
    await expect(page.getByRole('checkbox', { name: nb('role.Teacher.title') })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: nb('role.Advisor.title') })).toBeChecked();

    // The school's name, edited in the texts editor, shows after a reload.
    await openCard(page, 'admin.panel.texts.title');
    await heading(page, nb('admin.texts.title'));
    await expectNoAxeViolations(page);
    const nameField = page.getByRole('textbox', { name: nb('admin.texts.appName') });
    await nameField.fill(appName);
    await save(page, 'PUT', '/api/tenant/texts', () => page.getByRole('button', { name: nb('admin.texts.save') }).click());
    await page.reload();
    await expect(page.getByRole('banner')).toContainText(appName);
    await expect(page).toHaveTitle(`${nb('admin.texts.title')} – ${appName}`);
    await expect(page.getByRole('textbox', { name: nb('admin.texts.appName') })).toHaveValue(appName);
    // Back to the default name, which the other journeys expect.
    await page.getByRole('textbox', { name: nb('admin.texts.appName') }).fill('');
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

    // The same screens on a phone: nothing wider than the screen, no violations.
    const token = await storedToken(page);
    const phone = await page.context().browser()?.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    if (!phone) throw new Error('No browser for the phone context');
    await phone.addInitScript((value) => {
      window.sessionStorage.setItem('token', value);
      window.localStorage.setItem('activeRole', 'Admin');
    }, token ?? '');
    const mobile = await phone.newPage();
    for (const [path, title] of [
      ['/admin', nb('admin.panel.title')],
      ['/admin/users', nb('admin.users.title')],
      [new URL(semesterUrl).pathname, semesterName],
      [new URL(classUrl).pathname, `${subjectCode} – ${subjectName}`],
      ['/admin/forms/create', nb('admin.formEditor.createTitle')],
      ['/admin/texts', nb('admin.texts.title')],
    ] as const) {
      await mobile.goto(schoolUrl('demo', path));
      await heading(mobile, title);
      const overflow = await mobile.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(mobile);
    }
    await phone.close();
  } finally {
    // Whatever happened, leave the school's name as the other journeys expect it.
    await adminApi(page, 'PUT', '/api/tenant/texts', { nb: { appName: '' } });
  }
});

