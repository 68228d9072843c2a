import { expect, test } from './fixtures';
import { expectNoAxeViolations, expectRoleHome, message, NARROW_PHONE, schoolApi, schoolUrl, signInWith, storedToken } from './support';

// Each test signs in as a brand-new Feide student, who has not accepted the
// privacy policy, so the tests do not depend on each other or on earlier runs.

test('privacy policy: cancelling signs out', async ({ page }) => {
  await signInWith(page, 'feide', 'demo', 'New student');
  const dialog = page.getByRole('dialog', { name: message('nb', 'privacy.modal.title') });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(message('nb', 'privacy.modal.lead', { school: 'Praksis Demo' }))).toBeVisible();
  await expectNoAxeViolations(page);

  // It blocks: neither Escape nor a click outside it closes it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();

  const token = await storedToken(page);
  expect(token).toBeTruthy();
  expect((await schoolApi(page.request, 'demo', '/api/users/me', { token })).status()).toBe(200);

  await dialog.getByRole('button', { name: message('nb', 'privacy.modal.cancel') }).click();
  await expect(page).toHaveURL(schoolUrl('demo', '/'));
  await expect(page.getByRole('link', { name: message('nb', 'login.feide.button') })).toBeVisible();
  expect(await storedToken(page)).toBeNull();

  // The session is ended on the server too: the old token is refused.
  expect((await schoolApi(page.request, 'demo', '/api/users/me', { token })).status()).toBe(401);
});

test('privacy policy: accepting is recorded and not asked again', async ({ page }) => {
  await signInWith(page, 'feide', 'demo', 'New student');
  const dialog = page.getByRole('dialog', { name: message('nb', 'privacy.modal.title') });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: message('nb', 'privacy.modal.accept') }).click();
  await expect(dialog).toBeHidden();
  await expectRoleHome(page, 'demo', 'Student');
  await expectNoAxeViolations(page);

  // Recorded on the server, with the time.
  const me = await schoolApi(page.request, 'demo', '/api/users/me', { token: await storedToken(page) });
  expect(me.status()).toBe(200);
  const user = (await me.json()) as { privacyPolicyAcceptedAt: string | null };
  expect(user.privacyPolicyAcceptedAt).toBeTruthy();

  await page.reload();
  await expect(page.getByRole('button', { name: message('nb', 'menu.button') })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('privacy policy: the modal is usable on a phone', async ({ browser }) => {
  const context = await browser.newContext(NARROW_PHONE);
  const page = await context.newPage();
  await signInWith(page, 'feide', 'demo', 'New student');
  const dialog = page.getByRole('dialog', { name: message('nb', 'privacy.modal.title') });
  await expect(dialog).toBeVisible();
  const accept = dialog.getByRole('button', { name: message('nb', 'privacy.modal.accept') });
  await expect(accept).toBeInViewport();
  const box = await accept.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  await expectNoAxeViolations(page);
  await context.close();
});
