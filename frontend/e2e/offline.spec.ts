import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, type BrowserContext, type Locator, type Page, type Route } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  expectNoAxeViolations,
  message,
  openMenu,
  PORT,
  readOneTimeCode,
  schoolApi,
  schoolUrl,
  signInWithCode,
  storedToken,
} from './support';

// The service worker is on for these journeys only (see playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

// Hilde Bakken supervises Sara Ali in SYKP2100 this autumn.
const SUPERVISOR = 'hilde.bakken@sykehus.test';
const STUDENT = 'Sara Ali';
const SPECIFIC_FORM = 'Spesifikk kompetanse: medisinsk avdeling';
const VITALS = 'Måler og vurderer vitale parametre';
const FLUIDS = 'Følger opp væskebalanse';
const COPD = 'Observerer og behandler pasienter med kolsforverring';
// Emma Johansen is Hilde's student too, with Marte Solberg as her practice
// teacher and no signing form yet. The journey of the locked form signs it
// by all three, which locks her form for good (no later journey answers it).
const LOCKED_STUDENT = 'Emma Johansen';
const LOCKED_STUDENT_EMAIL = 'emma.johansen@stud.demo.test';
const LOCKED_STUDENT_TEACHER = 'marte.solberg@demo.test';
/** Sara's other supervisor, whose session ends in the journey of the session ending. */
const SESSION_ENDS_FOR = 'anders.moen@sykehus.test';

/** The server's own words for a save to a locked form (answers.locked). */
const LOCKED_TEXT = (
  JSON.parse(readFileSync(new URL('../../tenants/texts/locales/nb.json', import.meta.url), 'utf8')) as Record<string, string>
)['answers.locked'];

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

/** The supervisor's form page for a student's (Sara's) end-of-placement form, and the form's question ids by text. */
async function target(page: Page, student = STUDENT): Promise<Target> {
  const token = await storedToken(page);
  const classes = (await (await schoolApi(page.request, 'demo', '/api/classes/advisor', { token })).json()) as AdvisorClass[];
  const cls = classes.find((c) => c.subject.subjectCode === 'SYKP2100');
  const studentId = cls?.students.find((s) => s.displayName === student)?.id;
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

/**
 * Signs in at the school's address (or another front door to it, `origin`):
 * Hilde with the token of this run while it lasts, anyone else with a code.
 */
async function signIn(page: Page, email = SUPERVISOR, origin = schoolUrl('demo', '')): Promise<void> {
  if (email !== SUPERVISOR) {
    await signInWithCode(page, 'demo', email);
    return;
  }
  if (!signedInToken || (await schoolApi(page.request, 'demo', '/api/users/me', { token: signedInToken })).status() !== 200) {
    await signInWithCode(page, 'demo', SUPERVISOR);
    signedInToken = await storedToken(page);
  }
  const token = signedInToken ?? '';
  await page.goto(`${origin}/login`);
  await page.evaluate((kept) => window.sessionStorage.setItem('token', kept), token);
}

interface OpenOptions {
  /** The student whose form is opened (Sara). */
  student?: string;
  /** Who opens it (Hilde). */
  email?: string;
  /** The address the app is opened at (the school's). */
  origin?: string;
}

/** Signs in, opens a student's form and waits until the service worker controls the page and has kept its answers. */
async function openFormWithServiceWorker(page: Page, { student = STUDENT, email = SUPERVISOR, origin = schoolUrl('demo', '') }: OpenOptions = {}): Promise<Target> {
  await signIn(page, email, origin);
  const t = await target(page, student);
  await page.goto(`${origin}${t.path}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SPECIFIC_FORM);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  // Loaded once more under the worker, which keeps the page and its answers.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SPECIFIC_FORM);
  await expect.poll(() => page.evaluate(async () => (await (await caches.open('praksis-api')).keys()).length)).toBeGreaterThan(2);
  return t;
}

/**
 * Another front door to the server, on a port of its own, that passes
 * everything through but can serve a new version of the service worker: the
 * app's files are built into the server, and the browser fetches the
 * worker's script for an update check itself, out of reach of
 * `context.route`.
 */
async function frontDoor(): Promise<{ origin: string; serveWorker: (script: string) => void; close: () => Promise<void> }> {
  let worker: string | null = null;
  const server = createServer((request, response) => {
    if (worker !== null && request.url?.split('?')[0] === '/sw.js') {
      response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' });
      response.end(worker);
      return;
    }
    const upstream = httpRequest(
      { host: '127.0.0.1', port: Number(PORT), path: request.url, method: request.method, headers: { ...request.headers, host: `demo.localhost:${PORT}` } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://demo.localhost:${port}`,
    serveWorker: (script) => {
      worker = script;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
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

/** Yesterday in Norway: a mid-placement date that has passed whenever the journey runs. */
function yesterdayInOslo(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(new Date(Date.now() - 24 * 3600 * 1000));
}

/** Signs in with a one-time code through the API alone; returns the token. */
async function tokenByCode(request: APIRequestContext, email: string): Promise<string> {
  const since = new Date();
  const asked = await schoolApi(request, 'demo', '/api/auth/external/sign-in', { method: 'POST', data: { email } });
  expect(asked.status()).toBe(202);
  const code = await readOneTimeCode(request, email, since);
  const signedIn = await schoolApi(request, 'demo', '/api/auth/external/signed-in', { method: 'POST', data: { email, code } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return ((await signedIn.json()) as { token: string }).token;
}

/**
 * Takes the student's signing form through its real lifecycle, through the
 * API: the teacher confirms mid-placement and completes the end section,
 * then teacher, supervisor and student sign; the third signature locks it.
 */
async function lockSigningForm(request: APIRequestContext, t: Target, supervisorToken: string | null): Promise<void> {
  const teacher = await tokenByCode(request, LOCKED_STUDENT_TEACHER);
  const student = await tokenByCode(request, LOCKED_STUDENT_EMAIL);
  const path = `/api/classes/${t.classId}/students/${t.studentId}/signingform`;
  const created = await schoolApi(request, 'demo', path, {
    token: teacher,
    method: 'POST',
    data: { midSemesterCompletedDate: yesterdayInOslo(), midSemesterStudentHasGivenFeedback: 'yes', midSemesterSpecificCompetenceAreasBegun: 'yes' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const form = (await created.json()) as Record<string, unknown>;
  const end = await schoolApi(request, 'demo', path, {
    token: teacher,
    method: 'PUT',
    data: {
      ...form,
      attendancePassed: 'yes',
      workRequirementsPassed: 'yes',
      specificCompetenceAreasPassed: 'yes',
      generalCompetenceAreasPassed: 'yes',
      overallPassed: 'passed',
    },
  });
  expect(end.status(), await end.text()).toBe(200);
  const signatures: [string, string | null, unknown][] = [
    ['teacher', teacher, { confirmWithoutAdvisor: true }],
    ['supervisor', supervisorToken, {}],
    ['student', student, {}],
  ];
  for (const [who, token, data] of signatures) {
    const signed = await schoolApi(request, 'demo', `${path}/sign`, { token, method: 'POST', data });
    expect(signed.status(), `${who} signs: ${await signed.text()}`).toBe(200);
  }
  const locked = (await (await schoolApi(request, 'demo', path, { token: teacher })).json()) as { isLocked: boolean };
  expect(locked.isLocked).toBe(true);
}

test('offline: a queued change meets a form locked by signing meanwhile, is refused with the reason, and nothing is overwritten', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const t = await openFormWithServiceWorker(page, { student: LOCKED_STUDENT });
  const token = await storedToken(page);
  const before = await serverSet(page, t, token);

  await goOffline(context);
  await chooseAnother(question(page, FLUIDS), ['Selvstendig', 'Delvis selvstendig']);
  await expect(status(page)).toHaveText(onDeviceText);

  // While the change waits on the phone, the placement is signed by all three: the form locks.
  await lockSigningForm(page.request, t, token);

  await goOnline(context);
  await expect(status(page)).toHaveText(message('nb', 'answering.status.failedBecause', { reason: LOCKED_TEXT ?? '' }), {
    timeout: 20_000,
  });
  await expect(page.getByRole('alert')).toContainText(LOCKED_TEXT ?? '');
  // The change is kept on the device, and the server's answers are as they were.
  expect(await pendingOnDevice(page)).toBe(1);
  const after = await serverSet(page, t, token);
  expect(after.version).toBe(before.version);
  expect([...after.values]).toEqual([...before.values]);
  await expectNoAxeViolations(page);

  // Elsewhere in the app, on its next start, the change that cannot go is named, with the reason and the way to the form.
  const menu = await openMenu(page);
  await menu.getByRole('link', { name: new RegExp(`^${message('nb', 'role.Advisor.title')}`) }).click();
  await expect(page).toHaveURL(schoolUrl('demo', '/advisor'));
  await page.reload();
  const notice = page.getByTestId('unsent-notice');
  await expect(notice).toContainText(LOCKED_TEXT ?? '', { timeout: 20_000 });
  await expect(notice).toContainText(SPECIFIC_FORM);
  await expect(notice.getByRole('link', { name: message('nb', 'offline.unsent.open') })).toHaveAttribute('href', t.path);
  expect(await pendingOnDevice(page)).toBe(1);
  expect((await serverSet(page, t, token)).version).toBe(before.version);
  await expectNoAxeViolations(page);
});

test('offline: a change queued on a form is sent when the connection returns, with the form no longer open', async ({ page, context }) => {
  test.setTimeout(150_000);
  const t = await openFormWithServiceWorker(page);
  const token = await storedToken(page);
  const before = await serverSet(page, t, token);

  await goOffline(context);
  const mine = await chooseAnother(question(page, VITALS), ['Assistert', 'Veiledet']);
  await expect(status(page)).toHaveText(onDeviceText);

  // Where the browser has Background Sync, the page asked for it.
  const syncTags = await page.evaluate(async () => {
    const registration: unknown = await navigator.serviceWorker.getRegistration();
    const sync = (registration as { sync?: { getTags: () => Promise<string[]> } } | undefined)?.sync;
    return (await sync?.getTags()) ?? [];
  });
  expect(syncTags).toContain('praksis-send');

  // Off to the home page through the menu, still offline: the form is no longer open.
  const menu = await openMenu(page);
  await menu.getByRole('link', { name: new RegExp(`^${message('nb', 'role.Advisor.title')}`) }).click();
  await expect(page).toHaveURL(schoolUrl('demo', '/advisor'));
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: SPECIFIC_FORM })).toHaveCount(0);
  expect(await pendingOnDevice(page)).toBe(1);
  expect((await serverSet(page, t, token)).version).toBe(before.version);

  // Back online: sent from the home page.
  await goOnline(context);
  await expect.poll(() => pendingOnDevice(page), { timeout: 20_000 }).toBe(0);
  const after = await serverSet(page, t, token);
  expect(after.version).toBeGreaterThan(before.version);
  expect(after.values.get(t.questionIds.get(VITALS) ?? -1)).toBe(mine);
  await expect(page).toHaveURL(schoolUrl('demo', '/advisor'));
  await expect(page.getByTestId('unsent-notice')).toHaveCount(0);

  // The browser's sync event wakes the worker, which asks the open pages to send.
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }: { registrations: { registrationId: string; scopeURL: string }[] }) => {
      const found = registrations.find((r) => r.scopeURL === schoolUrl('demo', '/'));
      if (found) resolve(found.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const asked = page.evaluate(
    () =>
      new Promise<unknown>((resolve) => {
        navigator.serviceWorker.addEventListener('message', (event) => resolve(event.data));
      }),
  );
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: schoolUrl('demo', '').replace(/\/$/, ''),
    registrationId: await registrationId,
    tag: 'praksis-send',
    lastChance: false,
  });
  expect(await asked).toEqual({ type: 'praksis-send' });
});

test('offline: a new version of the app waits while the user writes and is taken up on the next start', async ({ page, context }) => {
  test.setTimeout(150_000);
  const door = await frontDoor();
  try {
    const t = await openFormWithServiceWorker(page, { origin: door.origin });
    const at = (path: string) => `${door.origin}${path}`;

    // The server gets a new version of the service worker.
    const current = await page.evaluate(async () => (await fetch('/sw.js', { cache: 'no-store' })).text());
    door.serveWorker(`${current}\nself.addEventListener('message', (event) => { if (event.data === 'version?') event.source?.postMessage('next'); });\n`);

    // The supervisor is writing when the browser finds the new version.
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    const chosen = await chooseAnother(question(page, COPD), ['Delvis selvstendig', 'Uselvstendig']);
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const waitingState = () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state ?? null);
    await expect.poll(waitingState, { timeout: 20_000 }).toBe('installed');

    // It waits: no takeover, no reload; the answer stays and is saved under the running version.
    await expect(status(page)).toHaveText(savedText, { timeout: 20_000 });
    await page.waitForTimeout(2_000);
    expect(await waitingState()).toBe('installed');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await expect(question(page, COPD).locator(`input[value="${chosen}"]`)).toBeChecked();
    const runningVersion = (p: Page) =>
      p.evaluate(
        () =>
          new Promise<string | null>((resolve) => {
            const controller = navigator.serviceWorker.controller;
            if (!controller) {
              resolve(null);
              return;
            }
            navigator.serviceWorker.addEventListener('message', (event) => resolve(String(event.data)), { once: true });
            controller.postMessage('version?');
            setTimeout(() => resolve('running'), 2_000);
          }),
      );
    expect(await runningVersion(page)).toBe('running');

    // The next start (every page of the app closed, then opened again) runs the new version.
    const token = await storedToken(page);
    await page.close();
    // A new tab starts without the token (session storage is per tab): signed in again.
    const again = await context.newPage();
    await again.goto(at('/login'));
    await again.evaluate((kept) => window.sessionStorage.setItem('token', kept), token ?? '');
    await again.goto(at(t.path));
    await expect(again.getByRole('heading', { level: 1 })).toHaveText(SPECIFIC_FORM);
    await expect.poll(() => runningVersion(again), { timeout: 20_000 }).toBe('next');
    expect(await again.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
  } finally {
    await door.close();
  }
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

test('offline: the session ending while changes wait clears the device, and the sign-in page says the changes were discarded', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  // Anders Moen, Sara's main supervisor: Hilde's session goes on in the other journeys.
  await openFormWithServiceWorker(page, { email: SESSION_ENDS_FOR });
  const token = await storedToken(page);
  await goOffline(context);
  await chooseAnother(question(page, FLUIDS), ['Selvstendig', 'Delvis selvstendig']);
  await expect(status(page)).toHaveText(onDeviceText);
  expect(await pendingOnDevice(page)).toBe(1);

  // The session ends on the server (here: revoked) while the phone is offline.
  const revoked = await schoolApi(page.request, 'demo', '/api/auth/sign-out', { token, method: 'POST' });
  expect(revoked.status()).toBe(204);

  // Back online, the save is refused for the session: the device is cleared and the sign-in page says why.
  await goOnline(context);
  const notice = page.getByTestId('discarded-notice');
  await expect(notice).toHaveText(message('nb', 'session.discarded'), { timeout: 20_000 });
  await expect(page.getByRole('link', { name: message('nb', 'login.feide.button') })).toBeVisible();
  expect(await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).not.toContain('praksis-device');
  expect(await page.evaluate(() => caches.keys())).not.toContain('praksis-api');
  expect(await storedToken(page)).toBeNull();
  await expectNoAxeViolations(page);
});
