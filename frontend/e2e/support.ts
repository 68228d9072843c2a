import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import axe from 'axe-core';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

declare global {
  /** axe-core, once expectNoAxeViolations has loaded it into the page. */
  interface Window {
    axe: typeof axe;
  }
}

/** Port of the Praksis server under test. */
export const PORT = process.env.PRAKSIS_PORT ?? '8080';

/**
 * The failover test's cue (scripts/failover-test sets PRAKSIS_E2E_OUTAGE_MARK
 * to a file name): asks for the primary database to be killed now, waits
 * until it has been, and returns how much longer the next step may take to
 * wait out the failover. Elsewhere, or when the kill has already happened
 * (a retried journey), it returns 0 at once.
 */
export async function databaseOutage(): Promise<number> {
  const mark = process.env.PRAKSIS_E2E_OUTAGE_MARK;
  if (!mark || existsSync(mark)) return 0;
  writeFileSync(mark, 'kill the primary now\n');
  await expect.poll(() => existsSync(`${mark}.done`), { timeout: 30_000 }).toBe(true);
  // The monitor promotes the standby within about 17 s; the autosave's
  // retries (2, 5, 10, 20 s apart) reach the new primary within 40.
  return 60_000;
}

/** The front page of a school host, e.g. `schoolUrl('demo')` → `http://demo.localhost:8080/`. */
export const schoolUrl = (host: string, path = '/') => `http://${host}.localhost:${PORT}${path}`;

type Catalogue = Record<string, string>;
const readCatalogue = (language: string): Catalogue =>
  JSON.parse(readFileSync(new URL(`../src/i18n/${language}.json`, import.meta.url), 'utf8')) as Catalogue;

/** The app's own message catalogues, so the journeys follow text changes. */
export const messages = { nb: readCatalogue('nb'), nn: readCatalogue('nn'), en: readCatalogue('en') };

/** A message with `{name}` placeholders filled in. */
export function message(language: 'nb' | 'nn' | 'en', id: string, values: Record<string, string> = {}): string {
  const text = messages[language][id];
  if (text === undefined) throw new Error(`No message ${id} in ${language}`);
  return text.replace(/\{(\w+)\}/g, (_all, name: string) => values[name] ?? `{${name}}`);
}

/** Waits until no transition or finite animation runs on the page. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/** Runs axe with the WCAG 2.1 A and AA rules and expects no violations. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // A dialog or button still fading in has, for a moment, colours it never
  // keeps; check the page as it settles, not half-way through a transition.
  await settled(page);
  // axe-core straight in the page, loaded once per document: the Playwright
  // wrapper loads it twice a call and opens a blank page to merge the
  // results, which tripled the time of a journey's checks.
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    (tags) => window.axe.run(document, { runOnly: { type: 'tag', values: tags } }).then((r) => r.violations),
    ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
  );
  const summary = violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    targets: v.nodes.map((n) => n.target.join(' ')),
  }));
  expect(summary).toEqual([]);
}

/**
 * The narrowest phone the app is laid out for: 320 CSS pixels wide, the
 * width at which WCAG 2.1's reflow criterion (1.4.10) asks a page to need no
 * scrolling sideways. Most phones are 360 or wider.
 */
export const NARROW_PHONE = { viewport: { width: 320, height: 780 }, isMobile: true, hasTouch: true } as const;

/**
 * Opens a page in a phone-sized browser context, signed in with the same
 * session as `page` and in `role`. Close its context when done.
 */
export async function openOnPhone(page: Page, role: 'Student' | 'Teacher' | 'Advisor' | 'Admin'): Promise<Page> {
  const token = await storedToken(page);
  const browser = page.context().browser();
  if (!browser) throw new Error('No browser for the phone context');
  const phone = await browser.newContext(NARROW_PHONE);
  await phone.addInitScript(
    ([value, activeRole]) => {
      window.sessionStorage.setItem('token', value);
      window.localStorage.setItem('activeRole', activeRole);
    },
    [token ?? '', role] as const,
  );
  return phone.newPage();
}

/**
 * Expects the page to fit a phone's screen: it does not scroll sideways, and
 * nothing sticks out of the card or list item that holds it (a chip, a
 * choice, a long word), except inside a box that scrolls by design, such as
 * a wide table or a row of tabs. Names what sticks out.
 */
export async function expectFitsTheScreen(page: Page, where: string): Promise<void> {
  // A panel still unfolding clips what it holds until it is open.
  await settled(page);
  const misfits = await page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`the page is ${root.scrollWidth - root.clientWidth} px wider than the screen`);
    const name = (el: Element) => `<${el.tagName.toLowerCase()}> "${el.textContent.trim().slice(0, 40)}"`;
    for (const el of document.querySelectorAll('main *')) {
      const box = el.getBoundingClientRect();
      const holder = el.parentElement?.closest('.MuiPaper-root, li');
      const style = getComputedStyle(el);
      // Text for screen readers only is clipped away (a table's caption keeps
      // the table's padding), shown to no one.
      const unseen = style.getPropertyValue('clip').startsWith('rect(0') && style.overflow === 'hidden';
      if (box.width === 0 || unseen || !holder || style.position === 'fixed') continue;
      const bounds = holder.getBoundingClientRect();
      // Only where the sticking out starts, not every element inside it.
      const parent = el.parentElement?.getBoundingClientRect();
      const out = (b: DOMRect) => b.right > bounds.right + 0.5 || b.left < bounds.left - 0.5;
      if (!out(box) || (parent && out(parent))) continue;
      let scrolls = false;
      // A box in between that clips or scrolls does so by design; the holder
      // only when it scrolls (a card that clips would hide what sticks out).
      for (let up = el.parentElement; up; up = up === holder ? null : up.parentElement) {
        const overflow = getComputedStyle(up).overflowX;
        if (up === holder ? overflow === 'auto' || overflow === 'scroll' : overflow !== 'visible') scrolls = true;
      }
      if (!scrolls) found.push(`${name(el)} sticks out of ${name(holder)}`);
    }
    return found;
  });
  expect(misfits, `${where} on a phone`).toEqual([]);
}

/** CSS `rgb(r, g, b)` for a `#rrggbb` colour, as `getComputedStyle` reports it. */
export function hexToRgb(hex: string): string {
  const value = hex.replace('#', '');
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(value.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** The server itself, for calls from the test (Node does not resolve `*.localhost`; the Host header picks the school). */
const serverUrl = (path: string) => `http://127.0.0.1:${PORT}${path}`;

/** Calls a school's API from the test, as `host`.localhost, optionally with a bearer token. */
export async function schoolApi(
  request: APIRequestContext,
  host: string,
  path: string,
  { token, method = 'GET', data }: { token?: string | null; method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; data?: unknown } = {},
) {
  const headers: Record<string, string> = { Host: `${host}.localhost:${PORT}` };
  if (token) headers.Authorization = `Bearer ${token}`;
  return request.fetch(serverUrl(path), data === undefined ? { method, headers } : { method, headers, data });
}

/** Signs in with a one-time code through the API alone; returns the token. */
export async function tokenByCode(request: APIRequestContext, host: string, email: string): Promise<string> {
  const since = new Date();
  const asked = await schoolApi(request, host, '/api/auth/external/sign-in', { method: 'POST', data: { email } });
  expect(asked.status()).toBe(202);
  const code = await readOneTimeCode(request, email, since);
  const signedIn = await schoolApi(request, host, '/api/auth/external/signed-in', { method: 'POST', data: { email, code } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return ((await signedIn.json()) as { token: string }).token;
}

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

/**
 * The newest e-mail to `email` sent after `since`, read from the development
 * mail catcher (`GET /dev/mail/messages`, newest first) and, when given, for
 * which `match` holds. Mail goes out from a queue, so this waits for it.
 */
export async function readMail(
  request: APIRequestContext,
  email: string,
  since: Date,
  match: (mail: CaughtMail) => boolean = () => true,
): Promise<CaughtMail> {
  let mail: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(serverUrl('/dev/mail/messages'));
        const messages = (await response.json()) as CaughtMail[];
        mail = messages.find(
          (m) => m.to.toLowerCase() === email.toLowerCase() && new Date(m.sentAt).getTime() >= since.getTime() - 1000 && match(m),
        );
        return mail !== undefined;
      },
      { timeout: 20_000, message: `an e-mail to ${email}` },
    )
    .toBe(true);
  if (!mail) throw new Error(`no e-mail to ${email}`);
  return mail;
}

/** Reads the text of a PDF with pdftotext (poppler-utils, which scripts/test installs). */
export function pdfText(pdf: Buffer): string {
  const result = spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf });
  if (result.error) throw new Error(`pdftotext: ${result.error.message}`);
  return result.stdout.toString('utf8');
}

/**
 * The one-time code in the newest e-mail to `email` sent after `since`, read
 * from the development mail catcher (`GET /dev/mail/messages`, newest first).
 * Mail goes out from a queue, so this waits for it.
 */
export async function readOneTimeCode(request: APIRequestContext, email: string, since: Date): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(serverUrl('/dev/mail/messages'));
        const messages = (await response.json()) as CaughtMail[];
        const mail = messages.find(
          (m) => m.to.toLowerCase() === email.toLowerCase() && new Date(m.sentAt).getTime() >= since.getTime() - 1000,
        );
        code = mail?.text.match(/\b(\d{6})\b/)?.[1];
        return code;
      },
      { timeout: 20_000, message: `a one-time code e-mailed to ${email}` },
    )
    .toBeTruthy();
  return code ?? '';
}

/** The token the app keeps in session storage. */
export const storedToken = (page: Page) => page.evaluate(() => window.sessionStorage.getItem('token'));

/**
 * Signs in with a one-time code: asks for the code on /login, reads it from
 * the mail catcher and enters it. Ends when the app has loaded after sign-in.
 */
export async function signInWithCode(page: Page, host: string, email: string, { axe = false } = {}): Promise<void> {
  await page.goto(schoolUrl(host, '/login'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('nb', 'otp.request.title'));
  if (axe) await expectNoAxeViolations(page);
  const since = new Date();
  await page.getByRole('textbox', { name: message('nb', 'otp.email.label') }).fill(email);
  await page.getByRole('button', { name: message('nb', 'otp.request.submit') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('nb', 'otp.verify.title'));
  await expect(page).toHaveURL(/\/otp$/);
  if (axe) await expectNoAxeViolations(page);
  const code = await readOneTimeCode(page.request, email, since);
  await page.getByRole('textbox', { name: message('nb', 'otp.code.label') }).fill(code);
  await page.getByRole('button', { name: message('nb', 'otp.verify.submit') }).click();
  await page.waitForURL((url) => !/\/(login|otp)/.test(url.pathname));
  await expect(page.getByRole('button', { name: message('nb', 'menu.button') })).toBeVisible();
}

/**
 * Signs in through the development identity provider: the login page's
 * Feide or Vipps button, then the test person whose name starts with
 * `person` on the provider's picker. Ends back in the app, signed in.
 */
export async function signInWith(page: Page, provider: 'feide' | 'vipps', host: string, person: string): Promise<void> {
  await page.goto(schoolUrl(host));
  await page.getByRole('link', { name: message('nb', `login.${provider}.button`) }).click();
  await page.waitForURL(new RegExp(`/dev/idp/${provider}/`));
  await page.getByRole('button', { name: new RegExp(`^${person}`) }).click();
  await page.waitForURL((url) => url.hostname === `${host}.localhost` && !url.pathname.endsWith('-success'));
  // A locator, not a role: a blocking dialog may hide `main` from the accessibility tree.
  await expect(page.locator('main')).toBeVisible();
}

/** Opens the side menu; returns it. */
export async function openMenu(page: Page, language: 'nb' | 'nn' | 'en' = 'nb') {
  await page.getByRole('button', { name: message(language, 'menu.button') }).click();
  const menu = page.getByRole('navigation', { name: message(language, 'menu.title') });
  await expect(menu).toBeVisible();
  return menu;
}

/**
 * Expects the signed-in app at a role's home, whatever that page shows (each
 * role's own screens fill it): the address, no blocking dialog, and the role
 * marked as the current one in the side menu.
 */
export async function expectRoleHome(page: Page, host: string, role: 'Student' | 'Teacher' | 'Advisor' | 'Admin') {
  await expect(page).toHaveURL(schoolUrl(host, `/${role.toLowerCase()}`));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('activeRole'))).toBe(role);
  const menu = await openMenu(page);
  await expect(menu.getByRole('link', { name: new RegExp(`^${message('nb', `role.${role}.title`)}`) })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
}
