import { expect, test } from './fixtures';
import { expectFitsTheScreen, expectNoAxeViolations, message, NARROW_PHONE, PORT, schoolUrl, signInWithCode, storedToken } from './support';

// Ingrid Haugen is the demo school's admin.
const ADMIN = 'admin@demo.test';
const nb = (id: string, values: Record<string, string> = {}) => message('nb', id, values);

test('an admin sees the school archive set up in development and the results not yet delivered, also on a phone', async ({ page }) => {
  await signInWithCode(page, 'demo', ADMIN);

  // The panel's card leads to the results not yet in the archive.
  await page.goto(schoolUrl('demo', '/admin'));
  await page.getByRole('link', { name: new RegExp(`^${nb('admin.panel.archive.title')}`) }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nb('admin.archive.title'));
  // The demo school delivers to the development integrasjonspunkt, so no "not set up" notice.
  await expect(page.getByText(nb('admin.archive.empty'))).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sett det opp i skolens innstillinger.' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The development integrasjonspunkt is served and keeps what it receives.
  const received = await page.request.get(`http://127.0.0.1:${PORT}/dev/eformidling/messages`);
  expect(received.ok()).toBe(true);
  expect(Array.isArray(await received.json())).toBe(true);

  // The settings: on, pointing at the development integrasjonspunkt.
  await page.goto(schoolUrl('demo', '/admin/texts'));
  const section = page.getByRole('region', { name: nb('admin.archiveSettings.heading') });
  await expect(section.getByRole('switch', { name: nb('admin.archiveSettings.enabled') })).toBeChecked();
  await expect(section.getByRole('textbox', { name: nb('admin.archiveSettings.url') })).toHaveValue(/\/dev\/eformidling$/);
  await expect(section.getByRole('textbox', { name: nb('admin.archiveSettings.senderOrgNumber') })).toHaveValue('999888777');

  // A bad organisation number is refused at the field, and nothing is saved.
  const archiveNumber = section.getByRole('textbox', { name: nb('admin.archiveSettings.receiverOrgNumber') });
  await archiveNumber.fill('12345');
  await section.getByRole('button', { name: nb('admin.archiveSettings.save') }).click();
  await expect(section.getByText('Organisasjonsnummeret må ha ni sifre.')).toBeVisible();
  await expect(archiveNumber).toBeFocused();
  await expectNoAxeViolations(page);
  const token = await storedToken(page);
  const stored = (await (
    await page.request.get(`http://127.0.0.1:${PORT}/api/tenant/eformidling`, {
      headers: { Host: `demo.localhost:${PORT}`, Authorization: `Bearer ${token ?? ''}` },
    })
  ).json()) as { receiverOrgNumber: string };
  expect(stored.receiverOrgNumber).toBe('999888777');

  // On a phone the list page fits the screen.
  await page.setViewportSize(NARROW_PHONE.viewport);
  await page.goto(schoolUrl('demo', '/admin/archive'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nb('admin.archive.title'));
  await expectFitsTheScreen(page, 'the archive page');
  await expectNoAxeViolations(page);
});
