import { expect, test } from './fixtures';
import { expectFitsTheScreen, expectNoAxeViolations, openOnPhone, pdfText, schoolUrl, signInWith, signInWithCode } from './support';
import { api, classId, t } from './placement';

// Ida Karlsen was in SYKP1200 in autumn 2025 and SYKP3100 last spring (both
// assessed and passed) and is in SYKP2200 now, where Siri Lunde is her
// practice teacher; no other journey signs Ida in. Ida's sharing changes
// during the second test, so the tests run one after the other.
const STUDENT = 'ida.karlsen@stud.demo.test';
const STUDENT_NAME = 'Ida Karlsen';
const TEACHER = 'Siri Lunde';
const EARLIER = /^SYKP1200 Høst 2025/;

test.describe.configure({ mode: 'serial' });

test('a student with three placements sees her progress as chart and table and downloads it as a PDF', async ({ page }) => {
  test.setTimeout(120_000);
  await signInWithCode(page, 'demo', STUDENT);
  await page.getByRole('link', { name: t('student.progressLink') }).click();
  await expect(page).toHaveURL(schoolUrl('demo', '/student/progress'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('progress.title'));

  // Every placement is in the tables, the earlier ones with levels; the chart is drawn beside them.
  for (const placement of [EARLIER, /^SYKP3100 Vår 2026/]) {
    await expect(page.getByText(placement).first()).toBeVisible();
  }
  const area = page.getByRole('region', { name: 'Kommunikasjon og samhandling' });
  await expect(area.locator('svg').first()).toBeVisible();
  await expect(area.getByRole('cell', { name: t('placement.level.2') }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // The PDF of the whole record, with the student's name and every placement.
  const response = page.waitForResponse((r) => r.url().includes('/progress/pdf') && r.request().method() === 'GET');
  const tab = page.context().waitForEvent('page');
  await page.getByRole('button', { name: t('progress.pdf') }).click();
  const pdf = await response;
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const text = pdfText(await pdf.body());
  for (const expected of [STUDENT_NAME, 'SYKP1200', 'SYKP3100', 'SYKP2200']) expect(text).toContain(expected);
  await (await tab).close();

  // On a phone the page fits the screen.
  const phone = await openOnPhone(page, 'Student');
  await phone.goto(schoolUrl('demo', '/student/progress'));
  await expect(phone.getByText(EARLIER).first()).toBeVisible();
  await expectFitsTheScreen(phone, 'the progress page');
  await phone.context().close();
});

test('a student shares earlier placements with her current teacher, who then sees them, and stops sharing', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signInWithCode(page, 'demo', STUDENT);
  const me = (await (await api(page, '/api/users/me')).json()) as { id: number };
  const surgical = await classId(page, 'SYKP2200');
  await page.goto(schoolUrl('demo', '/student/progress'));
  const toggle = page.getByRole('switch', { name: t('progress.sharing.toggle') });
  await expect(toggle).not.toBeChecked();

  // The teacher, before: only the current placement.
  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await signInWith(teacher, 'feide', 'demo', TEACHER);
  await teacher.goto(schoolUrl('demo', `/teacher/class/${surgical}/student/${me.id}`));
  await teacher.getByRole('link', { name: t('placement.student.recordLink') }).click();
  await expect(teacher).toHaveURL(schoolUrl('demo', `/teacher/class/${surgical}/student/${me.id}/progress`));
  await expect(teacher.getByRole('heading', { level: 1 })).toHaveText(t('progress.titleOf', { name: STUDENT_NAME }));
  await expect(teacher.getByText(t('progress.otherNotShared'))).toBeVisible();
  await expect(teacher.getByText(EARLIER)).toHaveCount(0);
  await expectNoAxeViolations(teacher);

  // The student shares, confirming in a dialog.
  await toggle.click();
  const share = page.getByRole('dialog', { name: t('progress.sharing.startTitle') });
  await expect(share).toBeVisible();
  await expectNoAxeViolations(page);
  await share.getByRole('button', { name: t('progress.sharing.start') }).click();
  await expect(share).toBeHidden();
  await expect(toggle).toBeChecked();

  // The teacher now sees the earlier placements' results.
  await teacher.reload();
  await expect(teacher.getByText(t('progress.otherShared'))).toBeVisible();
  await expect(teacher.getByText(EARLIER).first()).toBeVisible();
  await expectNoAxeViolations(teacher);

  // The student stops sharing; the teacher no longer sees them.
  await toggle.click();
  const stop = page.getByRole('dialog', { name: t('progress.sharing.stopTitle') });
  await stop.getByRole('button', { name: t('progress.sharing.stop') }).click();
  await expect(stop).toBeHidden();
  await expect(toggle).not.toBeChecked();
  await teacher.reload();
  await expect(teacher.getByText(t('progress.otherNotShared'))).toBeVisible();
  await expect(teacher.getByText(EARLIER)).toHaveCount(0);
  await teacherContext.close();
});
