import { type BrowserContext, type Locator, type Page, type Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, message, openMenu, schoolApi, schoolUrl, signInWithCode, storedToken } from './support';

// The service worker is on for these journeys only (see playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

// Hilde Bakken supervises Sara Ali in SYKP2100 this autumn.
const SUPERVISOR = 'hilde.bakken@sykehus.test';
const STUDENT = 'Sara Ali';
const SPECIFIC_FORM = 'Spesifikk kompetanse: medisinsk avdeling';
const VITALS = 'Måler og vurderer vitale parametre';
const FLUIDS = 'Følger opp væskebalanse';
const COPD = 'Observerer og behandler pasienter med kolsforverring';

interface AdvisorClass {
  subject: { subjectCode: string };
  id: number;
  students: { id: number; displayName: string }[];
  forms: { id: number; name: string }[];
  assignments: { id: number; formId: number; isMidSemester: boolean }[];
}

interface Target {
  path: string;
  classId: number;
  studentId: number;
  formId: number;
  assignmentId: number;
  questionIds: Map<string, number>;
}

/** The supervisor's form page for Sara's end-of-placement form, and the form's question ids by text. */
async function target(page: Page): Promise<Target> {
  const token = await storedToken(page);
  const classes = (await (await schoolApi(page.request, 'demo', '/api/classes/advisor', { token })).json()) as AdvisorClass[];
  const cls = classes.find((c) => c.subject.subjectCode === 'SYKP2100');
  const studentId = cls?.students.find((s) => s.displayName === STUDENT)?.id;
  const formId = cls?.forms.find((f) => f.name === SPECIFIC_FORM)?.id;
  const assignment = cls?.assignments.find((a) => a.formId === formId && !a.isMidSemester);
  if (!cls || !studentId || !formId || !assignment) throw new Error('demo data: class, student or form not found');
  const form = (await (await schoolApi(page.request, 'demo', `/api/forms/${formId}`, { token })).json()) as {
    groups: { questions: { id: number; text: string }[] }[];
  };
  const questions = form.groups.flatMap((g) => g.questions);
  const questionIds = new Map(
    [VITALS, FLUIDS, COPD].map((text) => [text, questions.find((q) => q.text.startsWith(text))?.id ?? -1] as const),
  );
  return {
    path: `/advisor/class/${cls.id}/student/${studentId}/form/${formId}/assignment/${assignment.id}`,
    classId: cls.id,
    studentId,
    formId,
    assignmentId: assignment.id,
    questionIds,
  };
}

/** The supervisor's own set on the server: version and value per question. */
async function serverSet(page: Page, t: Target, token: string | null) {
  const response = await schoolApi(page.request, 'demo', `/api/classes/${t.classId}/students/${t.studentId}/forms/${t.formId}/full`, { token });
  expect(response.status()).toBe(200);
  const full = (await response.json()) as {
    endSemester: { advisor: { version: number; answers: { formQuestionId: number; value: string | null }[] } | null } | null;
  };
  const set = full.endSemester?.advisor;
  return { version: set?.version ?? 0, values: new Map((set?.answers ?? []).map((a) => [a.formQuestionId, a.value])) };
}

const question = (page: Page, text: string) => page.getByRole('radiogroup', { name: new RegExp(`^\\d+\\. ${text}`) });

/** Picks a level other than the one chosen now; returns the radio's stored value. */
async function chooseAnother(group: Locator, wanted: string[]): Promise<string> {
  for (const name of wanted) {
    const radio = group.getByRole('radio', { name, exact: true });
    if (!(await radio.isChecked())) {
      await radio.check();
      return (await radio.getAttribute('value')) ?? '';
    }
  }
  throw new Error('no level to choose');
}

/**
 * Takes the device off the network: the browser's offline mode, and every
 * request refused as without a connection, also those of the service
 * worker and those sent while a page unloads, which the offline mode does
 * not always reach.
 */
const noNetwork = (route: Route) => route.abort('internetdisconnected');
async function goOffline(context: BrowserContext): Promise<void> {
  await context.route('**/*', noNetwork);
  await context.setOffline(true);
}
async function goOnline(context: BrowserContext): Promise<void> {
  await context.unroute('**/*', noNetwork);
  await context.setOffline(false);
}

const status = (page: Page) => page.locator('[data-status]');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const savedText = new RegExp(`^${message('nb', 'answering.status.saved').split('{time}').map(escape).join('\\d\\d[:.]\\d\\d')}$`);
const onDeviceText = message('nb', 'answering.status.onDevice');

/** The pending changes kept in IndexedDB, as the page sees them. */
const pendingOnDevice = (page: Page) =>
  page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((d) => d.name);
    if (!names.includes('praksis-device')) return -1;
    return new Promise<number>((resolve, reject) => {
      const open = indexedDB.open('praksis-device');
      open.onerror = () => reject(new Error('open'));
      open.onsuccess = () => {
        const db = open.result;
        const count = db.transaction('pending').objectStore('pending').count();
        count.onsuccess = () => {
          resolve(count.result);
          db.close();
        };
      };
    });
  });

/** The supervisor's token, reused by the journeys of one run (one-time codes are rate limited). */
let signedInToken: string | null = null;

async function signIn(page: Page): Promise<void> {
  if (signedInToken && (await schoolApi(page.request, 'demo', '/api/users/me', { token: signedInToken })).status() === 200) {
    await page.goto(schoolUrl('demo', '/login'));
    await page.evaluate((token) => window.sessionStorage.setItem('token', token), signedInToken);
    return;
  }
  await signInWithCode(page, 'demo', SUPERVISOR);
  signedInToken = await storedToken(page);
}

/** Signs in, opens Sara's form and waits until the service worker controls the page and has kept its answers. */
async function openFormWithServiceWorker(page: Page): Promise<Target> {
  await signIn(page);
  const t = await target(page);
  await page.goto(schoolUrl('demo', t.path));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SPECIFIC_FORM);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  // Loaded once more under the worker, which keeps the page and its answers.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SPECIFIC_FORM);
  await expect.poll(() => page.evaluate(async () => (await (await caches.open('praksis-api')).keys()).length)).toBeGreaterThan(2);
  return t;
}

test('offline: the app is installable, opens offline, and answers written offline survive a reload and reach the server', async ({ page, context }) => {
  test.setTimeout(150_000);
  const t = await openFormWithServiceWorker(page);

  // Installable: the school's manifest and a service worker, as Chromium checks them.
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    const response = await fetch(link?.href ?? '');
    return { type: response.headers.get('Content-Type'), body: (await response.json()) as { name: string; icons: unknown[] } };
  });
  expect(manifest.type).toContain('application/manifest+json');
  expect(manifest.body.icons.length).toBeGreaterThan(1);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  // A Playwright context is an incognito profile, where Chromium never offers
  // installing; every other check (manifest, icons, service worker) must pass.
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);

  const before = await serverSet(page, t, await storedToken(page));

  // Offline: three answers wait on the phone.
  await goOffline(context);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  const chosen = new Map<string, string>();
  chosen.set(VITALS, await chooseAnother(question(page, VITALS), ['Veiledet', 'Assistert']));
  chosen.set(FLUIDS, await chooseAnother(question(page, FLUIDS), ['Selvstendig', 'Delvis selvstendig']));
  chosen.set(COPD, await chooseAnother(question(page, COPD), ['Delvis selvstendig', 'Uselvstendig']));
  await expect(status(page)).toHaveText(onDeviceText);
  expect(await pendingOnDevice(page)).toBe(1);

  // Reloaded without a connection: the app opens, marked offline, with the answers.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SPECIFIC_FORM);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  for (const [text, value] of chosen) {
    await expect(question(page, text).locator(`input[value="${value}"]`)).toBeChecked();
  }
  await expect(status(page)).toHaveText(onDeviceText);
  await expectNoAxeViolations(page);

  // Back online: sent, and the server holds them.
  await goOnline(context);
  await expect(status(page)).toHaveText(savedText, { timeout: 20_000 });
  await expect.poll(() => pendingOnDevice(page)).toBe(0);
  const after = await serverSet(page, t, await storedToken(page));
  expect(after.version).toBeGreaterThan(before.version);
  for (const [text, value] of chosen) expect(after.values.get(t.questionIds.get(text) ?? -1)).toBe(value);
});

test('offline: a change queued offline meets the same answer changed on another device, and the user chooses', async ({ page, context }) => {
  test.setTimeout(150_000);
  const t = await openFormWithServiceWorker(page);
  const token = await storedToken(page);

  await goOffline(context);
  const mine = await chooseAnother(question(page, VITALS), ['Veiledet', 'Assistert']);
  await expect(status(page)).toHaveText(onDeviceText);

  // Meanwhile, on another device, the same supervisor saves another level.
  const now = await serverSet(page, t, token);
  const theirs = mine === '2' ? '4' : '1';
  const elsewhere = await schoolApi(page.request, 'demo', '/api/answers', {
    token,
    method: 'POST',
    data: {
      assignmentId: t.assignmentId,
      studentUserId: t.studentId,
      version: now.version,
      answers: [{ formQuestionId: t.questionIds.get(VITALS), value: theirs, comment: null }],
      deliver: false,
    },
  });
  expect(elsewhere.ok(), await elsewhere.text()).toBe(true);

  await goOnline(context);
  const conflicts = page.getByTestId('conflicts');
  await expect(conflicts).toBeVisible({ timeout: 20_000 });
  await expect(conflicts.getByRole('heading', { name: VITALS })).toBeVisible();
  await expect(conflicts.getByTestId('conflict-mine')).toBeVisible();
  await expect(conflicts.getByTestId('conflict-theirs')).toBeVisible();
  await expectNoAxeViolations(page);
  // Nothing overwritten unasked.
  expect((await serverSet(page, t, token)).values.get(t.questionIds.get(VITALS) ?? -1)).toBe(theirs);

  await conflicts.getByRole('button', { name: message('nb', 'answering.conflict.keepMine') }).click();
  await expect(conflicts).toBeHidden();
  await expect(status(page)).toHaveText(savedText, { timeout: 20_000 });
  expect((await serverSet(page, t, token)).values.get(t.questionIds.get(VITALS) ?? -1)).toBe(mine);
});

test('offline: a queued change meets a locked form, is refused with the reason, and is kept', async ({ page, context }) => {
  test.setTimeout(150_000);
  await openFormWithServiceWorker(page);
  await goOffline(context);
  await chooseAnother(question(page, FLUIDS), ['Selvstendig', 'Delvis selvstendig']);
  await expect(status(page)).toHaveText(onDeviceText);

  // While offline the signing form was locked: the server answers the save as it does for a locked form.
  const locked = 'Signeringsskjemaet er låst, så svarene kan ikke lenger endres.';
  await context.route('**/api/answers', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({ description: locked, statusCode: 409, errors: [{ reason: 'locked', description: locked }] }),
        })
      : route.fallback(),
  );
  await goOnline(context);
  await expect(status(page)).toHaveText(message('nb', 'answering.status.failedBecause', { reason: locked }), { timeout: 20_000 });
  await expect(page.getByRole('alert')).toContainText(locked);
  expect(await pendingOnDevice(page)).toBe(1);
  await expectNoAxeViolations(page);
});

test('offline: signing out clears the device (IndexedDB and Cache Storage)', async ({ page, context }) => {
  test.setTimeout(150_000);
  await openFormWithServiceWorker(page);
  await goOffline(context);
  await chooseAnother(question(page, COPD), ['Delvis selvstendig', 'Uselvstendig']);
  await expect(status(page)).toHaveText(onDeviceText);
  expect(await pendingOnDevice(page)).toBe(1);
  await goOnline(context);
  await expect(status(page)).toHaveText(savedText, { timeout: 20_000 });

  const menu = await openMenu(page);
  await menu.getByRole('button', { name: message('nb', 'menu.signOut') }).click();
  await expect(page.getByRole('link', { name: message('nb', 'login.feide.button') })).toBeVisible();
  expect(await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).not.toContain('praksis-device');
  expect(await page.evaluate(() => caches.keys())).not.toContain('praksis-api');
});
