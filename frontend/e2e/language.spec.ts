import { expect, test } from './fixtures';
import { expectNoAxeViolations, message, openMenu, signInWith } from './support';

test('settings: switching to English changes the texts and is remembered', async ({ page }) => {
  await signInWith(page, 'feide', 'demo', 'Nora Pedersen');
  await expect(page.locator('html')).toHaveAttribute('lang', 'nb');

  const menu = await openMenu(page);
  await menu.getByRole('button', { name: message('nb', 'menu.settings') }).click();
  const dialog = page.getByRole('dialog', { name: message('nb', 'settings.title') });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);

  await dialog.getByRole('radio', { name: message('en', 'language.name.en') }).check();
  // The texts change at once, the dialog's own too.
  await expect(page.getByRole('dialog', { name: message('en', 'settings.title') })).toBeVisible();
  await page.getByRole('button', { name: message('en', 'common.close') }).click();

  await expect(page.getByRole('button', { name: message('en', 'menu.button') })).toBeFocused();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('contentinfo').getByRole('button', { name: message('en', 'footer.privacy') })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('language'))).toBe('en');
  await expectNoAxeViolations(page);

  const englishMenu = await openMenu(page, 'en');
  await expect(englishMenu.getByRole('link', { name: new RegExp(`^${message('en', 'role.Student.title')}`) })).toBeVisible();
  await expect(englishMenu.getByRole('button', { name: message('en', 'menu.signOut') })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');

  // Remembered: English after a reload too.
  await page.reload();
  await expect(page.getByRole('button', { name: message('en', 'menu.button') })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
