import { expect, test } from './fixtures';
import { expectNoAxeViolations, expectRoleHome, message, schoolUrl, signInWith } from './support';

test('Vipps: a supervisor signs in through the test provider and lands on the supervisor home', async ({ page }) => {
  await signInWith(page, 'vipps', 'demo', 'Hilde Bakken');
  await expectRoleHome(page, 'demo', 'Advisor');
  await expectNoAxeViolations(page);
});

test('Vipps: a cancelled sign-in says so and offers the way back', async ({ page }) => {
  await page.goto(schoolUrl('demo'));
  await page.getByRole('link', { name: message('nb', 'login.vipps.button') }).click();
  await page.waitForURL(/\/dev\/idp\/vipps\//);
  await page.getByRole('button', { name: 'Cancel sign-in' }).click();

  await expect(page).toHaveURL(/\/vipps-success\?/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('nb', 'signIn.return.failedTitle'));
  await expect(page.getByRole('alert')).toContainText(message('nb', 'signIn.return.cancelled', { provider: 'Vipps' }));
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: message('nb', 'signIn.backToLogin') }).click();
  await expect(page.getByRole('link', { name: message('nb', 'login.vipps.button') })).toBeVisible();
});

test('Vipps: a return that this tab did not start is refused', async ({ page }) => {
  await page.goto(schoolUrl('demo', '/vipps-success?code=forged&state=NotTheStateOfThisTab'));
  await expect(page.getByRole('alert')).toContainText(message('nb', 'signIn.return.stateMismatch', { provider: 'Vipps' }));
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => window.sessionStorage.getItem('token'))).toBeNull();
});
