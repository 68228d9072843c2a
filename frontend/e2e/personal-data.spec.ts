import type { Download, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { acceptPrivacyPolicyIfAsked, api, newStudent, t } from './placement';
import { expectNoAxeViolations, openMenu, pdfText, PORT, readOneTimeCode, schoolUrl, signInWithCode } from './support';

/** A suffix that keeps this run's people apart from other runs on the same server. */
const run = Date.now().toString(36);

async function bytesOf(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** Clicks a download button and returns the file. */
async function download(page: Page, name: string): Promise<Download> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
  return file;
}

/** Signs in with a one-time code for the first time: the privacy policy comes first. */
async function signInFirstTime(page: Page, email: string) {
  await page.goto(schoolUrl('demo', '/login'));
  const since = new Date();
  await page.getByRole('textbox', { name: t('otp.email.label') }).fill(email);
  await page.getByRole('button', { name: t('otp.request.submit') }).click();
  await expect(page).toHaveURL(/\/otp$/);
  await page.getByRole('textbox', { name: t('otp.code.label') }).fill(await readOneTimeCode(page.request, email, since));
  await page.getByRole('button', { name: t('otp.verify.submit') }).click();
  await page.waitForURL((url) => !/\/(login|otp)/.test(url.pathname));
  await acceptPrivacyPolicyIfAsked(page);
}

test('a student downloads a copy of everything held about them from their settings', async ({ browser }) => {
  test.setTimeout(120_000);
  const { page, name, email } = await newStudent(browser);

  // Settings → "your data" → the page of the copies.
  await openMenu(page);
  await page.getByRole('button', { name: t('menu.settings') }).click();
  const settings = page.getByRole('dialog', { name: t('settings.title') });
  await settings.getByRole('link', { name: t('settings.myDataLink') }).click();
  await expect(page).toHaveURL(schoolUrl('demo', '/my-data'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('personalData.page.title'));
  await expect(page.getByText(t('personalData.copy.none'))).toBeVisible();
  await expectNoAxeViolations(page);

  // A job makes the copy; the page follows it until it is ready.
  await page.getByRole('button', { name: t('personalData.copy.request') }).click();
  const ready = t('personalData.copy.readyUntil').split('{')[0] ?? '';
  await expect(page.getByRole('status').filter({ hasText: ready.trim() })).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(page);

  const pdf = await download(page, t('personalData.copy.downloadPdf'));
  expect(pdf.suggestedFilename()).toMatch(/^praksis-data-\d+-\d{4}-\d{2}-\d{2}\.pdf$/);
  const text = pdfText(await bytesOf(pdf)).replace(/\s+/g, ' ');
  for (const expected of ['Kopi av dine personopplysninger', name, email, 'Innlogginger']) expect(text).toContain(expected);

  const json = JSON.parse((await bytesOf(await download(page, t('personalData.copy.downloadJson')))).toString('utf8')) as {
    tables: { users: { email: string }[]; audit_log: { action: string }[] };
  };
  expect(json.tables.users.map((row) => row.email)).toEqual([email]);
  expect(json.tables.audit_log.some((row) => row.action === 'user.signedIn')).toBe(true);
});

test('an admin erases a supervisor, who can then no longer sign in', async ({ browser }) => {
  test.setTimeout(180_000);
  const displayName = `Slettes Veileder ${run}`;
  const supervisorEmail = `slettes.${run}@example.no`;

  // The admin makes a supervisor, who signs in once.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInWithCode(admin, 'demo', 'admin@demo.test');
  const created = await api(admin, '/api/users', { method: 'POST', body: { displayName, email: supervisorEmail, roles: [4] } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  const supervisorContext = await browser.newContext();
  const supervisor = await supervisorContext.newPage();
  await signInFirstTime(supervisor, supervisorEmail);
  expect((await api(supervisor, '/api/users/me')).status()).toBe(200);

  // The admin erases them from their page, after confirming.
  await admin.goto(schoolUrl('demo', `/admin/users/${id}`));
  await admin.getByRole('button', { name: t('admin.personalData.erase', { name: displayName }) }).click();
  const dialog = admin.getByRole('dialog', { name: t('admin.personalData.eraseTitle', { name: displayName }) });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(admin);
  const erased = admin.waitForResponse((r) => r.url().endsWith(`/api/users/${id}/erasure`));
  await dialog.getByRole('button', { name: t('admin.personalData.eraseConfirm') }).click();
  expect((await erased).status()).toBe(200);
  await expect(admin.getByRole('status').filter({ hasText: t('admin.personalData.erased', { name: displayName }) })).toBeVisible();
  await expect(admin).toHaveURL(schoolUrl('demo', '/admin/users'));

  // The supervisor's session is gone, and a new code never comes.
  expect((await api(supervisor, '/api/users/me')).status()).toBe(401);
  const since = new Date();
  const asked = await supervisor.request.fetch(`http://127.0.0.1:${PORT}/api/auth/external/sign-in`, {
    method: 'POST',
    headers: { Host: `demo.localhost:${PORT}`, 'Content-Type': 'application/json' },
    data: JSON.stringify({ email: supervisorEmail }),
  });
  expect(asked.status()).toBe(202);
  await supervisor.waitForTimeout(3_000);
  const caught = (await (await supervisor.request.get(`http://127.0.0.1:${PORT}/dev/mail/messages`)).json()) as {
    to: string;
    sentAt: string;
  }[];
  expect(caught.filter((m) => m.to === supervisorEmail && new Date(m.sentAt) >= since)).toEqual([]);
  const guessed = await supervisor.request.fetch(`http://127.0.0.1:${PORT}/api/auth/external/signed-in`, {
    method: 'POST',
    headers: { Host: `demo.localhost:${PORT}`, 'Content-Type': 'application/json' },
    data: JSON.stringify({ email: supervisorEmail, code: '123456' }),
  });
  expect(guessed.status()).toBe(400);

  // The erased person is no longer in the admin's list.
  const list = (await (await api(admin, `/api/users?search=${encodeURIComponent(supervisorEmail)}&includeInactive=1`)).json()) as unknown[];
  expect(list).toEqual([]);
  await adminContext.close();
  await supervisorContext.close();
});
