import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  databaseOutage,
  expectFitsTheScreen,
  expectNoAxeViolations,
  message,
  NARROW_PHONE,
  schoolApi,
  schoolUrl,
  signInWith,
  signInWithCode,
  storedToken,
} from './support';

// Hilde Bakken supervises Emma Johansen and Sara Ali in SYKP2100 this autumn.
const SUPERVISOR = 'hilde.bakken@sykehus.test';
const SPECIFIC_FORM = 'Spesifikk kompetanse: medisinsk avdeling';

interface AdvisorClass {
  subject: { subjectCode: string };
  id: number;
  students: { id: number; displayName: string }[];
  forms: { id: number; name: string }[];
  assignments: { id: number; formId: number; isMidSemester: boolean }[];
}

/** The supervisor's form page for a student's end-of-placement specific-competence form, found through the API. */
async function formPath(page: Page, student: string): Promise<string> {
  const token = await storedToken(page);
  const response = await schoolApi(page.request, 'demo', '/api/classes/advisor', { token });
  expect(response.status()).toBe(200);
  const classes = (await response.json()) as AdvisorClass[];
  const cls = classes.find((c) => c.subject.subjectCode === 'SYKP2100');
  const studentId = cls?.students.find((s) => s.displayName === student)?.id;
  const formId = cls?.forms.find((f) => f.name === SPECIFIC_FORM)?.id;
  const assignment = cls?.assignments.find((a) => a.formId === formId && !a.isMidSemester);
  if (!cls || !studentId || !formId || !assignment) throw new Error('demo data: class, student or form not found');
  return `/advisor/class/${cls.id}/student/${studentId}/form/${formId}/assignment/${assignment.id}`;
}

/** The radio group of the question whose text starts with `text`. */
const question = (page: Page, text: string) => page.getByRole('radiogroup', { name: new RegExp(`^\\d+\\. ${text}`) });

/** Picks a level other than the one chosen now (the journey may run twice on one database); returns its name. */
async function chooseAnother(group: Locator, wanted: string[]): Promise<string> {
  for (const name of wanted) {
    const radio = group.getByRole('radio', { name, exact: true });
    if (!(await radio.isChecked())) {
      await radio.check();
      return name;
    }
  }
  throw new Error('no level to choose');
}

/** The save status line: "Lagret kl. 10:42" and so on. */
const status = (page: Page) => page.locator('[data-status]');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const savedText = new RegExp(
  `^${message('nb', 'answering.status.saved').split('{time}').map(escape).join('\\d\\d[:.]\\d\\d')}$`,
);

/** How many answer sets have changes waiting in IndexedDB. */
const pendingOnDevice = (page: Page) =>
  page.evaluate(async () => {
    // Opening a database that is not there would create it empty.
    if (!(await indexedDB.databases()).some((d) => d.name === 'praksis-device')) return 0;
    return new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('praksis-device');
        open.onerror = () => reject(new Error('open'));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('pending')) {
            db.close();
            resolve(0);
            return;
          }
          const count = db.transaction('pending').objectStore('pending').count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
        };
    });
  });

test('a supervisor answers, the answers are saved, also offline, and the scale opens', async ({ page, context }) => {
  test.setTimeout(120_000);
  await signInWithCode(page, 'demo', SUPERVISOR);
  const path = await formPath(page, 'Emma Johansen');

  await page.goto(schoolUrl('demo', path));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SPECIFIC_FORM);
  await expect(page.getByText('Emma Johansen')).toBeVisible();
  await expect(page.getByText(message('nb', 'answering.meta.you', { name: 'Hilde Bakken' }))).toBeVisible();
  await expect(page.getByText(message('nb', 'answering.half.end'), { exact: true })).toBeVisible();
  await expect(page.getByText(message('nb', 'answering.progress', { page: '1', count: '2' }))).toBeVisible();
  await expect(status(page)).toHaveText(message('nb', 'answering.status.idle'));
  await expectNoAxeViolations(page);

  // Under the failover test the primary database dies here: the autosave is
  // the step built to wait out an outage, retrying until it saves.
  const outage = await databaseOutage();

  // Two answers and a comment; saved by themselves 3 s after the last change.
  const vitals = question(page, 'Måler og vurderer vitale parametre');
  const fluids = question(page, 'Følger opp væskebalanse');
  const first = await chooseAnother(vitals, ['Veiledet', 'Assistert']);
  const second = await chooseAnother(fluids, [message('nb', 'answering.notRelevant'), 'Selvstendig']);
  const vitalsSection = page.getByRole('region', { name: /Måler og vurderer vitale parametre/ });
  const commentButton = vitalsSection.getByRole('button', { name: message('nb', 'answering.comment.add') });
  if (await commentButton.isVisible()) await commentButton.click();
  const comment = `Måler NEWS2 selv, trenger støtte til tiltak (${Date.now()})`;
  await vitalsSection.getByRole('textbox', { name: message('nb', 'answering.comment.label') }).fill(comment);
  // The outage met the save: the page said so ("Får ikke kontakt …") and kept trying.
  if (outage > 0) await expect(status(page)).toHaveAttribute('data-status', /^(reconnecting|retrying)$/, { timeout: 15_000 });
  await expect(status(page)).toHaveText(savedText, { timeout: 15_000 + outage });
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(vitals.getByRole('radio', { name: first, exact: true })).toBeChecked();
  await expect(fluids.getByRole('radio', { name: second, exact: true })).toBeChecked();
  await expect(vitalsSection.getByRole('textbox', { name: message('nb', 'answering.comment.label') })).toHaveValue(comment);

  // Offline: the answer waits on the device, and goes when the connection is back.
  await context.setOffline(true);
  await expect(status(page)).toHaveText(message('nb', 'answering.status.offline'));
  const copd = question(page, 'Observerer og behandler pasienter med kolsforverring');
  const third = await chooseAnother(copd, ['Delvis selvstendig', 'Uselvstendig']);
  await page.waitForTimeout(3500);
  await expect(status(page)).toHaveText(message('nb', 'answering.status.onDevice'));
  expect(await pendingOnDevice(page)).toBe(1);
  await expectNoAxeViolations(page);
  await context.setOffline(false);
  await expect(status(page)).toHaveText(savedText, { timeout: 15_000 });
  await expect.poll(() => pendingOnDevice(page)).toBe(0);
  await page.reload();
  await expect(copd.getByRole('radio', { name: third, exact: true })).toBeChecked();

  // The second page, by keyboard.
  await page.getByRole('button', { name: message('nb', 'answering.next') }).press('Enter');
  await expect(page.getByText(message('nb', 'answering.progress', { page: '2', count: '2' }))).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(page.getByRole('button', { name: message('nb', 'answering.send') })).toBeVisible();
  await expectNoAxeViolations(page);

  // The independence scale opens in a new tab, signed in, and prints.
  const [scale] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: new RegExp(message('nb', 'answering.scaleLink')) }).click(),
  ]);
  await expect(scale).toHaveURL(schoolUrl('demo', '/independence-scale'));
  await expect(scale.getByRole('heading', { level: 1 })).toHaveText(message('nb', 'scale.title'));
  await expect(scale.getByRole('columnheader', { name: 'Delvis selvstendig' })).toBeVisible();
  await expect(scale.getByRole('rowheader')).toHaveCount(3);
  await expectNoAxeViolations(scale);
  await scale.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', 'yes');
  });
  await scale.getByRole('button', { name: message('nb', 'scale.print') }).click();
  await expect(scale.locator('body')).toHaveAttribute('data-printed', 'yes');
  await scale.emulateMedia({ media: 'print' });
  await expect(scale.getByRole('button', { name: message('nb', 'scale.print') })).toBeHidden();
  await expect(scale.getByRole('button', { name: message('nb', 'menu.button') })).toBeHidden();
  await expect(scale.getByRole('table')).toBeVisible();
  const pdf = await scale.pdf({ format: 'A4', landscape: true });
  expect(pdf.byteLength).toBeGreaterThan(10_000);
  await scale.emulateMedia({ media: 'screen' });
  // The button closes its own window, which may end the click before
  // Playwright hears back from it: that is the close the test waits for.
  const closing = scale.waitForEvent('close');
  await scale
    .getByRole('button', { name: message('nb', 'scale.close') })
    .click()
    .catch((error: unknown) => {
      if (!scale.isClosed()) throw error;
    });
  await closing;
  await expect.poll(() => scale.isClosed()).toBe(true);
});

test('the form page and the scale work on a phone', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext(NARROW_PHONE);
  const page = await context.newPage();
  // On the phone she signs in with Vipps, as supervisors do.
  await signInWith(page, 'vipps', 'demo', 'Hilde Bakken');
  const path = await formPath(page, 'Sara Ali');
  // Who started each API read: the page itself (its inline script) or a script of the app.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const reads: { url: string; by: string }[] = [];
  cdp.on('Network.requestWillBeSent', (e) => {
    const url = new URL(e.request.url);
    if (url.pathname.startsWith('/api/') && e.request.method === 'GET') {
      reads.push({ url: url.pathname, by: e.initiator.stack?.callFrames[0]?.url ?? e.initiator.url ?? e.initiator.type });
    }
  });
  await page.goto(schoolUrl('demo', path));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SPECIFIC_FORM);
  // The user, the form and its answers are asked for by the page the
  // server sent, before any of the app's scripts has arrived, and only once.
  const [, classId, studentId, formId] = /class\/(\d+)\/student\/(\d+)\/form\/(\d+)/.exec(path) ?? [];
  for (const read of ['/api/users/me', `/api/forms/${formId}`, `/api/classes/${classId}/students/${studentId}/forms/${formId}/full`]) {
    const sent = reads.filter((r) => r.url === read);
    expect(sent, read).toHaveLength(1);
    expect(new URL(sent[0]?.by ?? '', 'http://x').pathname, `${read} started by`).toBe(path);
  }
  await cdp.detach();

  const group = question(page, 'Måler og vurderer vitale parametre');
  // Another level than the one chosen now (the journey may run twice on one database).
  const wanted = (await group.getByRole('radio', { name: 'Delvis selvstendig', exact: true }).isChecked()) ? 'Assistert' : 'Delvis selvstendig';
  const choice = group.getByRole('radio', { name: wanted, exact: true });
  const target = await choice.locator('xpath=ancestor::label').boundingBox();
  expect(target?.height).toBeGreaterThanOrEqual(48);
  expect(target?.width).toBeGreaterThanOrEqual(140);
  await expectFitsTheScreen(page, 'the form page');
  await choice.locator('xpath=ancestor::label').tap();
  await expect(choice).toBeChecked();
  await expect(status(page)).toHaveText(savedText, { timeout: 15_000 });
  await expectFitsTheScreen(page, 'the form page with the choice made');
  await expectNoAxeViolations(page);

  await page.goto(schoolUrl('demo', '/independence-scale'));
  const levels = page.getByRole('tablist', { name: message('nb', 'scale.levelsLabel') });
  await expect(levels.getByRole('tab')).toHaveCount(5);
  await levels.getByRole('tab', { name: 'Assistert' }).tap();
  await expect(page.getByRole('tabpanel').getByRole('heading', { level: 2 })).toHaveText('Assistert');
  await expect(page.getByRole('tabpanel').getByRole('listitem')).toHaveCount(10);
  await expectFitsTheScreen(page, 'the independence scale');
  await expectNoAxeViolations(page);
  await context.close();
});

test('a returning visit paints the form as it was drawn before the app has loaded, and the app then takes over', async ({ browser }) => {
  test.setTimeout(90_000);
  // The page's own scripts are held back below; the service worker would answer them past the hold.
  const context = await browser.newContext({ ...NARROW_PHONE, serviceWorkers: 'block' });
  const page = await context.newPage();
  await signInWith(page, 'vipps', 'demo', 'Hilde Bakken');
  await page.goto(schoolUrl('demo', await formPath(page, 'Emma Johansen')));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SPECIFIC_FORM);
  const group = question(page, 'Måler og vurderer vitale parametre');
  const wanted = await chooseAnother(group, ['Selvstendig', 'Delvis selvstendig']);
  await expect(status(page)).toHaveText(savedText, { timeout: 15_000 });

  // Back later in the same tab, on a link so slow that the app's entry script has not arrived.
  let letThrough: (() => void) | undefined;
  const held = new Promise<void>((resolve) => {
    letThrough = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.reload({ waitUntil: 'commit' });
  const snapshot = page.locator('#praksis-snapshot');
  await expect(snapshot.locator('h1')).toHaveText(SPECIFIC_FORM);
  await expect(snapshot).toHaveAttribute('inert', '');
  await expect(snapshot).toHaveAttribute('aria-hidden', 'true');
  // The level chosen before, as it was drawn.
  const kept = snapshot.locator('section.pk-question', { hasText: 'Måler og vurderer vitale parametre' });
  await expect(kept.locator('label', { hasText: new RegExp(`^\\s*${wanted}\\s*$`) }).locator('input')).toBeChecked();
  await expect(page.locator('#root')).toBeHidden();

  letThrough?.();
  // The app draws the form from the device and the server, in the picture's place.
  await expect(snapshot).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SPECIFIC_FORM);
  await expect(group.getByRole('radio', { name: wanted, exact: true })).toBeChecked();
  await expect(page.locator('#root')).toBeVisible();
  await context.close();
});
