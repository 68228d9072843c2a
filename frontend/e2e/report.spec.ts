import { expect, test } from './fixtures';
import { expectFitsTheScreen, expectNoAxeViolations, message, openOnPhone, schoolUrl, signInWith } from './support';

const nb = (id: string, values: Record<string, string> = {}) => message('nb', id, values);
// Marte Solberg is a teacher and an admin; Feide spares the admin's address its sign-in codes.
const ADMIN = 'Marte Solberg';
// This autumn Ola Nordmann is in SYKP2100, and Jonas Berg has a warning
// there; other journeys may add students, so counts are read off the page.
const CLASS = 'SYKP2100 – Praksisstudier i spesialisthelsetjenesten – medisinsk avdeling';

test('an admin opens the semester report on a phone, filters it and follows a number to its students', async ({ page }) => {
  test.setTimeout(120_000);
  await signInWith(page, 'feide', 'demo', ADMIN);
  const phone = await openOnPhone(page, 'Admin');

  // From the semester's page to its live report.
  await phone.goto(schoolUrl('demo', '/admin/semesters'));
  await phone.getByRole('link', { name: /^Høst 2026/ }).click();
  await phone.getByRole('link', { name: nb('admin.report.open') }).click();
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText(nb('admin.report.titleOf', { semester: 'Høst 2026' }));
  const section = phone.getByRole('region', { name: CLASS });
  await expect(section).toBeVisible();
  await expect(phone.getByRole('region', { name: /^SYKP2200/ })).toBeVisible();
  await expectFitsTheScreen(phone, 'the semester report');
  await expectNoAxeViolations(phone);

  // The subject filter is kept in the address and narrows the report to one class.
  await phone.getByRole('combobox', { name: nb('admin.report.subject') }).click();
  await phone.getByRole('option', { name: CLASS }).click();
  await expect(phone).toHaveURL(/\/report\?subjectId=\d+$/);
  await expect(phone.getByRole('region', { name: /^SYKP2200/ })).toHaveCount(0);
  await phone.reload();
  await expect(phone.getByRole('region', { name: CLASS })).toBeVisible();
  await expect(phone.getByRole('region', { name: /^SYKP2200/ })).toHaveCount(0);

  // A number leads to the students behind it, and a name to the student's page.
  const warned = section.getByRole('link', { name: /^\d+ – Varsler: Gitt/ });
  const given = Number(await warned.textContent());
  await warned.click();
  await expect(phone).toHaveURL(/\/report\/students\?classId=\d+&metric=warningGiven$/);
  const list = phone.getByRole('list', { name: nb('admin.report.drill.list') });
  await expect(list.getByRole('link')).toHaveCount(given);
  await expect(list.getByRole('link', { name: /Jonas Berg/ })).toBeVisible();
  await expectFitsTheScreen(phone, 'the students behind a number');
  await expectNoAxeViolations(phone);
  await phone.goBack();
  const everyone = phone.getByRole('region', { name: CLASS }).getByRole('link', { name: /^\d+ – SYKP2100/ });
  const students = Number(await everyone.textContent());
  expect(students).toBeGreaterThanOrEqual(5);
  await everyone.click();
  await expect(list.getByRole('link')).toHaveCount(students);
  await list.getByRole('link', { name: /Ola Nordmann/ }).click();
  await expect(phone).toHaveURL(/\/admin\/users\/\d+$/);
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Ola Nordmann');

  // Last spring's report has teachers' end levels: the heat map, the table of
  // expectations beside it, and a cell's students.
  await phone.goto(schoolUrl('demo', '/admin/semesters'));
  await phone.getByRole('link', { name: /^Vår 2026/ }).click();
  await phone.getByRole('link', { name: nb('admin.report.open') }).click();
  const spring = phone.getByRole('region', { name: /^SYKP3100/ });
  const heat = spring.getByRole('table', { name: nb('admin.report.heatCaption') });
  await expect(heat).toBeVisible();
  await expect(spring.getByRole('table', { name: nb('admin.report.expectCaption') })).toBeVisible();
  await expectFitsTheScreen(phone, 'a report with end levels');
  await expectNoAxeViolations(phone);
  const cell = heat.getByRole('link', { name: /^[1-9]\d* – Kommunikasjon og samhandling: / }).first();
  const answers = Number(await cell.textContent());
  await cell.click();
  await expect(list.getByRole('link', { name: /Ida Karlsen/ })).toBeVisible();
  expect(answers).toBeGreaterThan(0);
  await phone.context().close();
});
