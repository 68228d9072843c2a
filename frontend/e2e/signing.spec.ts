import { type Browser, type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  expectFitsTheScreen,
  expectNoAxeViolations,
  message,
  NARROW_PHONE,
  pdfText,
  schoolApi,
  schoolUrl,
  signInWithCode,
  storedToken,
} from './support';

// Jonas Berg is in SYKP2100 this autumn with Per Kristian Dahl as practice
// teacher and Anders Moen as supervisor; his signing form is confirmed at
// mid-placement. The journey cancels it, starts over, and takes it through
// to a locked result: afterwards Jonas's form in SYKP2100 is locked.
const TEACHER = 'per.kristian.dahl@demo.test';
const SUPERVISOR = 'anders.moen@sykehus.test';
const STUDENT = 'jonas.berg@stud.demo.test';
const STUDENT_NAME = 'Jonas Berg';

const t = (id: string, values: Record<string, string> = {}) => message('nb', id, values);

/** The text of a message up to its first placeholder, to find it whatever the placeholder holds. */
const leading = (id: string) => new RegExp(`^${t(id).split('{')[0]?.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') ?? ''}`);

/** Yesterday in Norway: a mid-placement date that has passed whenever the journey runs. */
function yesterdayInOslo(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(new Date(Date.now() - 24 * 3600 * 1000));
}

interface Target {
  classId: number;
  studentId: number;
}

/** Finds SYKP2100 and Jonas among the signed-in teacher's classes. */
async function findTarget(page: Page): Promise<Target> {
  const token = await storedToken(page);
  const home = await schoolApi(page.request, 'demo', '/api/classes/mine', { token });
  expect(home.status()).toBe(200);
  const periods = (await home.json()) as { mine: { id: number; subject: { subjectCode: string } }[] }[];
  const cls = periods.flatMap((p) => p.mine).find((c) => c.subject.subjectCode === 'SYKP2100');
  expect(cls, 'SYKP2100 among the teacher\'s classes').toBeDefined();
  const classId = cls?.id ?? 0;
  const users = await schoolApi(page.request, 'demo', `/api/classes/${classId}/users`, { token });
  const { students } = (await users.json()) as { students: { id: number; displayName: string }[] };
  const student = students.find((s) => s.displayName === STUDENT_NAME);
  expect(student, `${STUDENT_NAME} in SYKP2100`).toBeDefined();
  return { classId, studentId: student?.id ?? 0 };
}

const formPath = (role: 'teacher' | 'advisor' | 'student', { classId, studentId }: Target) =>
  `/${role}/class/${classId}/student/${studentId}/signingform`;

const question = (page: Page, id: string) => page.getByRole('radiogroup', { name: t(id) });

async function answer(page: Page, id: string, option: string) {
  await question(page, id).getByRole('radio', { name: t(`signing.value.${option}`), exact: true }).check();
}

async function openAs(browser: Browser, email: string, path: string, phone = false): Promise<Page> {
  const context = await browser.newContext(phone ? NARROW_PHONE : {});
  const page = await context.newPage();
  await signInWithCode(page, 'demo', email);
  await page.goto(schoolUrl('demo', path));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('signing.title'));
  await expect(page.getByRole('heading', { level: 2, name: t('signing.signatures.heading') })).toBeVisible();
  return page;
}

/** Waits until a dialog has faded in, so that axe sees its colours as they are. */
async function shown(dialog: Locator): Promise<Locator> {
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('xpath=..')).toHaveCSS('opacity', '1');
  return dialog;
}

test('the signing form: teacher, supervisor and student each sign on their own device until it locks', async ({ browser }) => {
  test.setTimeout(240_000);

  // The teacher, on a computer.
  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await signInWithCode(teacher, 'demo', TEACHER);
  const target = await findTarget(teacher);
  await teacher.goto(schoolUrl('demo', formPath('teacher', target)));
  await expect(teacher.getByRole('heading', { level: 1 })).toHaveText(t('signing.title'));
  const facts = teacher.locator('dl').first();
  await expect(facts).toContainText('Høst 2026');
  await expect(facts).toContainText('SYKP2100');
  await expect(facts).toContainText(STUDENT_NAME);
  await expect(facts).toContainText('Anders Moen');
  await expect(facts).toContainText('Per Kristian Dahl');
  // Mid is confirmed already: it is read-only, so the teacher cancels and starts over.
  await expect(teacher.getByText(leading('signing.mid.confirmed'))).toBeVisible();
  await expect(question(teacher, 'signing.q.midFeedback')).toHaveCount(0);
  await expectNoAxeViolations(teacher);

  await teacher.getByRole('button', { name: t('signing.cancel') }).click();
  const cancel = await shown(teacher.getByRole('dialog', { name: t('signing.cancelDialog.title') }));
  await expect(cancel).toContainText(t('signing.cancelDialog.body'));
  await expect(cancel.getByRole('button', { name: t('signing.cancelDialog.keep') })).toBeFocused();
  await expectNoAxeViolations(teacher);
  await cancel.getByRole('button', { name: t('signing.cancelDialog.confirm') }).click();
  await expect(cancel).toBeHidden();
  await expect(teacher.getByText(t('signing.state.noneTeacher'))).toBeVisible();

  // The mid section: every answer is required before the browser lets it through.
  await teacher.getByRole('button', { name: t('signing.confirmMid') }).click();
  await expect(teacher.getByRole('dialog')).toHaveCount(0);
  await expect(teacher.getByText(t('signing.required')).first()).toBeVisible();
  await answer(teacher, 'signing.q.midFeedback', 'notRelevant');
  await answer(teacher, 'signing.q.midSpecificBegun', 'yes');
  await teacher.getByLabel(t('signing.q.midDate')).fill(yesterdayInOslo());
  await expectNoAxeViolations(teacher);
  await teacher.getByRole('button', { name: t('signing.confirmMid') }).click();
  const confirmMid = await shown(teacher.getByRole('dialog', { name: t('signing.confirmMid.title') }));
  await expectNoAxeViolations(teacher);
  await confirmMid.getByRole('button', { name: t('signing.confirmMid.confirm'), exact: true }).click();
  await expect(teacher.getByText(leading('signing.mid.confirmed'))).toBeVisible();

  // The end section opens, as the mid date has passed.
  await answer(teacher, 'signing.q.attendance', 'yes');
  await answer(teacher, 'signing.q.workRequirements', 'yes');
  await answer(teacher, 'signing.q.specific', 'yes');
  await answer(teacher, 'signing.q.general', 'yes');
  await teacher.getByRole('textbox', { name: t('signing.q.comment') }).fill('Jonas har vist god progresjon i legemiddelhåndtering etter varselet.');
  await answer(teacher, 'signing.q.overall', 'passed');
  await teacher.getByRole('button', { name: t('signing.saveEnd') }).click();
  await expect(teacher.getByText(t('toast.saved')).last()).toBeVisible();
  await expect(teacher.getByRole('table')).toBeVisible();
  await expectNoAxeViolations(teacher);

  // The teacher signs before the supervisor: the tick is required.
  await teacher.getByRole('button', { name: t('signing.sign') }).click();
  const teacherSigns = await shown(teacher.getByRole('dialog', { name: t('signing.signDialog.title') }));
  await expect(teacherSigns).toContainText(t('signing.text.teacherDeclaration'));
  const confirmSign = teacherSigns.getByRole('button', { name: t('signing.signDialog.confirm'), exact: true });
  await expect(confirmSign).toBeDisabled();
  await expectNoAxeViolations(teacher);
  await teacherSigns.getByRole('checkbox', { name: t('signing.signDialog.withoutAdvisor') }).check();
  await confirmSign.click();
  await expect(teacher.getByText(leading('signing.signedNotice'))).toBeVisible();
  await expect(teacher.getByText(leading('signing.signature.withoutAdvisor'))).toBeVisible();
  await expect(teacher.getByRole('button', { name: t('signing.saveEnd') })).toHaveCount(0);
  await expectNoAxeViolations(teacher);

  // The supervisor, on a phone.
  const supervisor = await openAs(browser, SUPERVISOR, formPath('advisor', target), true);
  await expect(supervisor.getByText(t('signing.yourTurn'))).toBeVisible();
  await expectFitsTheScreen(supervisor, 'the signing form');
  await expectNoAxeViolations(supervisor);
  await supervisor.getByRole('button', { name: t('signing.sign') }).tap();
  const supervisorSigns = await shown(supervisor.getByRole('dialog', { name: t('signing.signDialog.title') }));
  await expect(supervisorSigns).toContainText(t('signing.text.advisorDeclaration'));
  await expect(supervisorSigns.getByRole('checkbox')).toHaveCount(0);
  await expectNoAxeViolations(supervisor);
  await supervisorSigns.getByRole('button', { name: t('signing.signDialog.confirm'), exact: true }).tap();
  await expect(supervisor.getByText(leading('signing.signedNotice'))).toBeVisible();
  await expectNoAxeViolations(supervisor);
  await supervisor.context().close();

  // The student, on their own computer, with the keyboard alone.
  const student = await openAs(browser, STUDENT, formPath('student', target));
  await expectNoAxeViolations(student);
  await student.getByRole('button', { name: t('signing.sign') }).focus();
  await student.keyboard.press('Enter');
  const studentSigns = await shown(student.getByRole('dialog', { name: t('signing.signDialog.title') }));
  await expect(studentSigns).toContainText(t('signing.signDialog.last'));
  await expect(studentSigns.getByRole('button', { name: t('signing.dialog.cancel') })).toBeFocused();
  await student.keyboard.press('Tab');
  await expect(studentSigns.getByRole('button', { name: t('signing.signDialog.confirm'), exact: true })).toBeFocused();
  await student.keyboard.press('Enter');
  await expect(student.getByText(t('signing.locked'), { exact: true })).toBeVisible();
  await expectNoAxeViolations(student);
  await student.context().close();

  // Back at the teacher's: the whole form is read-only and locked.
  await teacher.reload();
  await expect(teacher.getByText(t('signing.locked'), { exact: true })).toBeVisible();
  const signatures = teacher.getByRole('region', { name: t('signing.signatures.heading') }).getByRole('listitem');
  await expect(signatures).toHaveCount(3);
  await expect(signatures.nth(0)).toContainText('Per Kristian Dahl');
  await expect(signatures.nth(1)).toContainText('Anders Moen');
  await expect(signatures.nth(2)).toContainText(STUDENT_NAME);
  for (const row of await signatures.all()) {
    await expect(row).toContainText(t('signing.signature.method', { method: t('signing.method.code') }));
  }
  await expect(teacher.getByRole('radio')).toHaveCount(0);
  await expect(teacher.getByRole('button', { name: t('signing.cancel') })).toHaveCount(0);
  await expect(teacher.getByRole('button', { name: t('signing.sign') })).toHaveCount(0);
  await expectNoAxeViolations(teacher);

  // The PDF opens in a new tab.
  const popup = teacher.waitForEvent('popup');
  await teacher.getByRole('button', { name: new RegExp(t('signing.pdf')) }).click();
  const tab = await popup;
  await expect.poll(() => tab.url()).toMatch(/^blob:/);
  await tab.close();

  // After all three signatures every write to the form answers 409: it is locked, not stale.
  const token = await storedToken(teacher);
  const base = `/api/classes/${target.classId}/students/${target.studentId}`;
  const current = (await (await schoolApi(teacher.request, 'demo', `${base}/signingform`, { token })).json()) as {
    id: number;
    version: number;
  };
  const writes: { method: 'PUT' | 'POST'; path: string; data?: unknown }[] = [
    { method: 'PUT', path: `${base}/signingform`, data: { ...current, overallPassed: 'failed' } },
    { method: 'POST', path: `${base}/signingform`, data: {} },
    { method: 'POST', path: `${base}/signingform/sign`, data: { confirmWithoutAdvisor: true } },
    { method: 'POST', path: `${base}/signingform/cancel` },
  ];
  for (const write of writes) {
    const response = await schoolApi(teacher.request, 'demo', write.path, { token, method: write.method, data: write.data });
    expect(response.status(), `${write.method} ${write.path}`).toBe(409);
    const problem = (await response.json()) as { description: string; errors: { reason: string }[] };
    expect(problem.errors.map((e) => e.reason), `${write.method} ${write.path}`).toEqual(['locked']);
  }

  // The teacher's page for the student shows the audit trail, newest first:
  // the lock, then the three signatures in the order they were given.
  await teacher.goto(schoolUrl('demo', `/teacher/class/${target.classId}/student/${target.studentId}`));
  const trail = teacher.getByRole('region', { name: t('placement.audit.title') }).getByRole('listitem');
  await expect(trail.first()).toBeVisible();
  await expect(trail.nth(0)).toContainText('Alle parter har signert; skjemaet er låst');
  await expect(trail.nth(1)).toContainText('Signert av student');
  await expect(trail.nth(1)).toContainText(STUDENT_NAME);
  await expect(trail.nth(2)).toContainText('Signert av praksisveileder');
  await expect(trail.nth(2)).toContainText('Anders Moen');
  await expect(trail.nth(3)).toContainText('Signert av praksislærer');
  await expect(trail.nth(3)).toContainText('Per Kristian Dahl');
  await expectNoAxeViolations(teacher);

  // Both PDFs carry the student's name.
  for (const path of [`${base}/signingform/pdf`, `${base}/full/pdf`]) {
    const response = await schoolApi(teacher.request, 'demo', path, { token });
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    const pdf = await response.body();
    expect(pdf.subarray(0, 5).toString('latin1'), path).toBe('%PDF-');
    expect(pdfText(pdf), path).toContain(STUDENT_NAME);
  }
  await teacherContext.close();
});
