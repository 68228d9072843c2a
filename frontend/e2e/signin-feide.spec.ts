import { expect, test } from './fixtures';
import { expectNoAxeViolations, expectRoleHome, message, openMenu, schoolUrl, signInWith } from './support';

test('Feide: a student signs in through the test provider and lands on the student home', async ({ page }) => {
  await signInWith(page, 'feide', 'demo', 'Ola Nordmann');
  await expectRoleHome(page, 'demo', 'Student');
  await expectNoAxeViolations(page);

  // What the server learnt from Feide.
  await page.goto(schoolUrl('demo', '/debug/fs'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('nb', 'debug.title'));
  await expect(page.getByRole('cell', { name: /SYKP2100/ })).toBeVisible();
  await expect(
    page.getByRole('region', { name: message('nb', 'debug.raw', { section: message('nb', 'debug.feideInfo') }) }),
  ).toContainText('ola.nordmann@demo.test');
  await expectNoAxeViolations(page);
});

test('Feide: a user with two roles chooses one, and switches in the menu', async ({ page }) => {
  // Marte Solberg is a teacher and an admin.
  await signInWith(page, 'feide', 'demo', 'Marte Solberg');
  await expect(page).toHaveURL(schoolUrl('demo', '/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('nb', 'roleChooser.title'));
  const teacher = page.getByRole('button', { name: new RegExp(`^${message('nb', 'role.Teacher.title')}`) });
  const admin = page.getByRole('button', { name: new RegExp(`^${message('nb', 'role.Admin.title')}`) });
  await expect(teacher).toBeVisible();
  await expect(admin).toContainText(message('nb', 'role.Admin.description'));
  await expectNoAxeViolations(page);

  await admin.click();
  await expectRoleHome(page, 'demo', 'Admin');
  await expectNoAxeViolations(page);

  // The choice holds on the next visit.
  await page.goto(schoolUrl('demo', '/'));
  await expect(page).toHaveURL(schoolUrl('demo', '/admin'));

  const menu = await openMenu(page);
  await menu.getByRole('link', { name: message('nb', 'role.Teacher.title') }).click();
  await expect(menu).toBeHidden();
  await expectRoleHome(page, 'demo', 'Teacher');
  await expectNoAxeViolations(page);
});

test('Feide: a teacher who is also a student chooses Student and lands on the student home', async ({ page }) => {
  // Kari Vik teaches in the skills lab and takes a course herself; she has no class yet.
  await signInWith(page, 'feide', 'demo', 'Kari Vik');
  await expect(page).toHaveURL(schoolUrl('demo', '/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('nb', 'roleChooser.title'));
  expect(await page.evaluate(() => window.localStorage.getItem('activeRole'))).toBeNull();
  // Her two roles, each with its title and description, and no others.
  for (const role of ['Teacher', 'Student'] as const) {
    const choice = page.getByRole('button', { name: message('nb', `role.${role}.title`), exact: true });
    await expect(choice).toBeVisible();
    await expect(choice).toHaveAccessibleDescription(message('nb', `role.${role}.description`));
  }
  for (const role of ['Advisor', 'Admin'] as const) {
    await expect(page.getByRole('button', { name: message('nb', `role.${role}.title`), exact: true })).toHaveCount(0);
  }
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: message('nb', 'role.Student.title'), exact: true }).click();
  await expectRoleHome(page, 'demo', 'Student');
  expect(await page.evaluate(() => window.localStorage.getItem('activeRole'))).toBe('Student');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('nb', 'home.greeting', { name: 'Kari Vik' }));
  await expect(page.getByRole('heading', { name: message('nb', 'student.join.title') })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('Feide: a supervisor invitation survives the round trip', async ({ page }) => {
  const guid = '6f1c2b9e-8d4a-4c3b-9e2f-0a1b2c3d4e5f';
  await page.goto(schoolUrl('demo', `/supervisor/accept-invitation?verificationGuid=${guid}`));
  await expect(page.getByText(message('nb', 'login.invitation'))).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: message('nb', 'login.feide.button') }).click();
  await page.waitForURL(/\/dev\/idp\/feide\//);
  await page.getByRole('button', { name: /^Emma Johansen/ }).click();

  // Signed in, and on to the invitation with its id.
  await expect(page).toHaveURL(schoolUrl('demo', `/supervisor/accept-invitation?verificationGuid=${guid}`));
  await expect(page.getByRole('button', { name: message('nb', 'menu.button') })).toBeVisible();
  expect(await page.evaluate(() => window.sessionStorage.getItem('signIn.verificationGuid'))).toBeNull();
});
