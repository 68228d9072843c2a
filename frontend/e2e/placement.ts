import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { message, PORT, schoolUrl, signInWith, storedToken } from './support';

/** A message in Norwegian, the school's default language. */
export const t = (id: string, values: Record<string, string> = {}) => message('nb', id, values);

/** The singular branch of a plural message, e.g. "Studenten er lagt til." from "{count, plural, one {…} other {…}}". */
export function singular(id: string): string {
  const branch = /one \{([^}]*)\}/.exec(t(id))?.[1];
  if (branch === undefined) throw new Error(`${id} has no singular branch`);
  return branch;
}

/** A pattern for a message whose placeholders may hold anything. */
export function pattern(id: string): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(t(id).split(/\{\w+\}/).map(escape).join('.+'));
}

/** Accepts the privacy policy when the app asks (first sign-in). */
export async function acceptPrivacyPolicyIfAsked(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: t('privacy.modal.title') });
  const accept = dialog.getByRole('button', { name: t('privacy.modal.accept') });
  try {
    await accept.waitFor({ state: 'visible', timeout: 5_000 });
  } catch {
    return;
  }
  await accept.click();
  await expect(dialog).toBeHidden();
}

/**
 * Signs in a student who has never signed in before (the test provider's
 * "New student", a Feide student of SYKP2100) in a browser context of its
 * own; returns the page and the student's name.
 */
export async function newStudent(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ page: Page; context: BrowserContext; name: string; email: string }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await signInWith(page, 'feide', 'demo', 'New student');
  await acceptPrivacyPolicyIfAsked(page);
  const me = await api(page, '/api/users/me');
  const { displayName, email } = (await me.json()) as { displayName: string; email: string };
  return { page, context, name: displayName, email };
}

/** Calls the school's API as the signed-in user of `page`, with a JSON body when given. */
export async function api(page: Page, path: string, { method = 'GET', body }: { method?: string; body?: unknown } = {}) {
  const token = await storedToken(page);
  const headers: Record<string, string> = { Host: `demo.localhost:${PORT}` };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return page.request.fetch(`http://127.0.0.1:${PORT}${path}`, {
    method,
    headers,
    data: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The id of the current class with a subject code, from the list every signed-in user may read. */
export async function classId(page: Page, subjectCode: string): Promise<number> {
  const response = await api(page, '/api/classes');
  expect(response.status()).toBe(200);
  const classes = (await response.json()) as { id: number; subject: { subjectCode: string }; period: { status: string } }[];
  const found = classes.find((c) => c.subject.subjectCode === subjectCode && c.period.status === 'current');
  if (!found) throw new Error(`demo data: no current class ${subjectCode}`);
  return found.id;
}

interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

/** The newest e-mail to `email` sent after `since`, from the development mail catcher; waits for it. */
export async function mailTo(page: Page, email: string, since: Date): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`http://127.0.0.1:${PORT}/dev/mail/messages`);
        const messages = (await response.json()) as CaughtMail[];
        found = messages.find(
          (m) => m.to.toLowerCase() === email.toLowerCase() && new Date(m.sentAt).getTime() >= since.getTime() - 1000,
        );
        return found !== undefined;
      },
      { timeout: 20_000, message: `an e-mail to ${email}` },
    )
    .toBe(true);
  if (!found) throw new Error(`no e-mail to ${email}`);
  return found;
}

/** The accept-invitation link in an invitation e-mail, on this test server. */
export function invitationLink(mail: CaughtMail): string {
  const guid = /verificationGuid=([0-9a-f-]+)/.exec(mail.text)?.[1];
  if (!guid) throw new Error('no invitation link in the e-mail');
  return schoolUrl('demo', `/supervisor/accept-invitation?verificationGuid=${guid}`);
}

