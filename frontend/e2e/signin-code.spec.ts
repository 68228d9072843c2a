import { expect, test } from './fixtures';
import {
  expectFitsTheScreen,
  expectNoAxeViolations,
  expectRoleHome,
  message,
  NARROW_PHONE,
  openMenu,
  readOneTimeCode,
  schoolUrl,
  storedToken,
} from './support';

// Per Kristian Dahl is a teacher and nothing else; he has accepted the privacy policy.
const email = 'per.kristian.dahl@demo.test';

test('one-time code: a user with one role lands on its home', async ({ page }) => {
  await page.goto(schoolUrl('demo'));
  await page.getByRole('link', { name: message('nb', 'login.otp.link') }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('nb', 'otp.request.title'));
  await expectNoAxeViolations(page);

  // The browser's own check: an e-mail address is required.
  const emailField = page.getByRole('textbox', { name: message('nb', 'otp.email.label') });
  await page.getByRole('button', { name: message('nb', 'otp.request.submit') }).click();
  await expect(emailField).toHaveAttribute('aria-invalid', 'true');
  await expect(emailField).toBeFocused();
  await expectNoAxeViolations(page);

  const since = new Date();
  await emailField.fill(email);
  await page.getByRole('button', { name: message('nb', 'otp.request.submit') }).click();
  await expect(page).toHaveURL(/\/otp$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('nb', 'otp.verify.title'));
  await expect(page.getByText(email)).toBeVisible();
  await expectNoAxeViolations(page);

  // A wrong code is refused with a clear message.
  const codeField = page.getByRole('textbox', { name: message('nb', 'otp.code.label') });
  const code = await readOneTimeCode(page.request, email, since);
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: message('nb', 'otp.verify.submit') }).click();
  await expect(codeField).toHaveAccessibleDescription(message('nb', 'otp.code.wrong'));
  await expectNoAxeViolations(page);

  await codeField.fill(code);
  await page.getByRole('button', { name: message('nb', 'otp.verify.submit') }).click();

  // Straight to the teacher's home: one role needs no choosing.
  await expectRoleHome(page, 'demo', 'Teacher');
  expect(await storedToken(page)).toBeTruthy();
  await expectNoAxeViolations(page);

  // The side menu, and the privacy policy page it links to.
  const menu = await openMenu(page);
  await expect(menu.getByText(email)).toBeVisible();
  await expectNoAxeViolations(page);
  await menu.getByRole('link', { name: message('nb', 'menu.privacy') }).click();
  await expect(page).toHaveURL(schoolUrl('demo', '/teacher/privacy-policy'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('nb', 'privacy.page.title'));
  await expectNoAxeViolations(page);
});

test('one-time code, simple variant: /login-simple and /otp-simple sign a supervisor in', async ({ page }) => {
  // Camilla Strand is a supervisor and nothing else; she has accepted the privacy policy.
  const supervisor = 'camilla.strand@sykehus.test';
  await page.goto(schoolUrl('demo', '/login-simple'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('nb', 'otp.request.title'));
  await expect(page.getByText(message('nb', 'otp.request.leadSimple'))).toBeVisible();
  await expectNoAxeViolations(page);

  const since = new Date();
  await page.getByRole('textbox', { name: message('nb', 'otp.email.label') }).fill(supervisor);
  await page.getByRole('button', { name: message('nb', 'otp.request.submit') }).click();
  await expect(page).toHaveURL(/\/otp-simple$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('nb', 'otp.verify.title'));
  await expect(page.getByText(supervisor)).toBeVisible();
  await expectNoAxeViolations(page);

  // Another address: back to the simple request page, not the ordinary one.
  await expect(page.getByRole('link', { name: message('nb', 'otp.verify.otherAddress') })).toHaveAttribute(
    'href',
    '/login-simple',
  );

  const code = await readOneTimeCode(page.request, supervisor, since);
  await page.getByRole('textbox', { name: message('nb', 'otp.code.label') }).fill(code);
  await page.getByRole('button', { name: message('nb', 'otp.verify.submit') }).click();
  await expectRoleHome(page, 'demo', 'Advisor');
  expect(await storedToken(page)).toBeTruthy();
  await expectNoAxeViolations(page);
});

test('one-time code pages work on a phone', async ({ browser }) => {
  const context = await browser.newContext(NARROW_PHONE);
  const page = await context.newPage();
  await page.goto(schoolUrl('demo', '/login'));
  const submit = page.getByRole('button', { name: message('nb', 'otp.request.submit') });
  await expect(submit).toBeVisible();
  const box = await submit.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  // As wide as the screen, but for the page's margins.
  expect(box?.width).toBeGreaterThanOrEqual(NARROW_PHONE.viewport.width - 48);
  await expectFitsTheScreen(page, 'the code request page');
  await expectNoAxeViolations(page);

  // Without an address from the request page, /otp goes back to it.
  await page.goto(schoolUrl('demo', '/otp'));
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(schoolUrl('demo', '/otp-simple'));
  await expect(page).toHaveURL(/\/login-simple$/);
  await context.close();
});
