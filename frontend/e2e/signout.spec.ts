import { expect, test } from './fixtures';
import {
  expectNoAxeViolations,
  expectRoleHome,
  message,
  openMenu,
  schoolApi,
  schoolUrl,
  signInWithCode,
  storedToken,
} from './support';

test('sign-out ends the session: the old token is refused', async ({ page }) => {
  // The school's first admin, who has only the Admin role.
  await signInWithCode(page, 'demo', 'admin@demo.test');
  await expectRoleHome(page, 'demo', 'Admin');
  const token = await storedToken(page);
  expect(token).toBeTruthy();
  expect((await schoolApi(page.request, 'demo', '/api/users/me', { token })).status()).toBe(200);
  // A token belongs to the school that issued it: the other demo school refuses it.
  expect((await schoolApi(page.request, 'demo2', '/api/users/me', { token })).status()).toBe(401);

  const menu = await openMenu(page);
  await menu.getByRole('button', { name: message('nb', 'menu.signOut') }).click();

  await expect(page).toHaveURL(schoolUrl('demo', '/'));
  await expect(page.getByRole('link', { name: message('nb', 'login.feide.button') })).toBeVisible();
  expect(await storedToken(page)).toBeNull();
  expect(await page.evaluate(() => window.localStorage.getItem('activeRole'))).toBeNull();
  await expectNoAxeViolations(page);

  const after = await schoolApi(page.request, 'demo', '/api/users/me', { token });
  expect(after.status()).toBe(401);
});
