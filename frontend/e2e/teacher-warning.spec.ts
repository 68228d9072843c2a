import { expect, test } from './fixtures';
import { expectFitsTheScreen, expectNoAxeViolations, openOnPhone, schoolUrl, signInWith } from './support';
import { api, classId, newStudent, pattern, singular, t } from './placement';

// Siri Lunde teaches SYKP2200 this autumn and no other journey signs her in.
// A new student joins her class; she takes the student, answers the form for
// the student, gives a warning, and the student confirms reading it.
const TEACHER = 'Siri Lunde';
const MAIN_FORM = 'Vurdering av praksisstudier i sykepleie';

test('a teacher assigns a student, answers the form for the student and sends a warning, which the student confirms', async ({ browser }) => {
  test.setTimeout(120_000);
  const student = await newStudent(browser);
  const surgical = await classId(student.page, 'SYKP2200');
  expect((await api(student.page, `/api/classes/${surgical}/students/me`, { method: 'POST' })).status()).toBe(201);

  // The teacher's home: her subjects by semester.
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWith(page, 'feide', 'demo', TEACHER);
  await expect(page).toHaveURL(schoolUrl('demo', '/teacher'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('home.greeting', { name: TEACHER }));
  await expectNoAxeViolations(page);

  // The class page opens with the checklist until it is dismissed.
  await page.getByRole('link', { name: /^SYKP2200/ }).first().click();
  await expect(page).toHaveURL(schoolUrl('demo', `/teacher/class/${surgical}`));
  const checklist = page.getByRole('dialog', { name: t('teacher.checklist.title') });
  await expect(checklist).toBeVisible();
  await expect(checklist.getByRole('heading', { name: t('teacher.checklist.mid') })).toBeVisible();
  await expectNoAxeViolations(page);
  await checklist.getByRole('button', { name: t('teacher.checklist.dismiss') }).click();
  await expect(checklist).toBeHidden();
  await expectNoAxeViolations(page);

  // Take the new student.
  await page.getByRole('button', { name: t('teacher.students.add') }).click();
  const assign = page.getByRole('dialog', { name: t('teacher.assign.title') });
  await expect(assign).toBeVisible();
  await expectNoAxeViolations(page);
  await assign.getByRole('checkbox', { name: new RegExp(student.name) }).check();
  await assign.getByRole('button', { name: /^Legg til \(1\)$/ }).click();
  await expect(assign).toBeHidden();
  await expect(page.getByText(singular('teacher.assign.done'))).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: student.name }) });
  await expect(row).toContainText(t('teacher.overview.yours'));
  await expect(row).toContainText(t('teacher.overview.noSupervisor'));

  // The student page: the last date for a warning, and the warning dialog.
  await row.getByRole('link', { name: student.name }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(student.name);
  await expect(page.getByText(pattern('placement.warning.deadline'))).toBeVisible();
  await expect(page.getByText(t('placement.warning.none'))).toBeVisible();
  await expectNoAxeViolations(page);

  // The teacher answers the main form for the student; the answer is saved by itself and kept.
  const studentUrl = page.url();
  await page
    .getByRole('link', { name: t('placement.forms.openNamed', { form: MAIN_FORM, half: t('placement.half.end') }) })
    .click();
  await expect(page).toHaveURL(/\/teacher\/class\/\d+\/student\/\d+\/form\/\d+\/assignment\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(MAIN_FORM);
  await expect(page.getByText(t('answering.meta.you', { name: TEACHER }))).toBeVisible();
  await expect(page.getByText(student.name, { exact: true })).toBeVisible();
  const level = page.getByRole('radiogroup').first().getByRole('radio', { name: 'Veiledet', exact: true });
  await expect(level).not.toBeChecked();
  await level.check();
  await expect(page.locator('[data-status]')).toHaveText(pattern('answering.status.saved'), { timeout: 15_000 });
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(page.getByRole('radiogroup').first().getByRole('radio', { name: 'Veiledet', exact: true })).toBeChecked();
  await page.getByRole('navigation', { name: t('answering.pagesNav') }).getByRole('button', { name: t('answering.close') }).click();
  await expect(page).toHaveURL(studentUrl);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(student.name);

  await page.getByRole('button', { name: t('placement.warning.write') }).click();
  const dialog = page.getByRole('dialog', { name: t('placement.warning.dialog.title', { name: student.name }) });
  await expect(dialog).toBeVisible();
  const send = dialog.getByRole('button', { name: t('placement.warning.dialog.send') });
  await expect(send).toBeDisabled();
  await expectNoAxeViolations(page);
  await dialog
    .getByRole('textbox', { name: new RegExp(`^${t('placement.warning.field.comment')}`) })
    .fill('Læringsutbyttet om legemiddelhåndtering er ikke nådd: dobbeltkontroll er hoppet over to ganger.');
  await dialog
    .getByRole('textbox', { name: new RegExp(`^${t('placement.warning.field.passRequirement')}`) })
    .fill('Håndtere legemidler etter prosedyre med dobbeltkontroll, minst «Delvis selvstendig» ved sluttvurderingen.');
  await expect(send).toBeDisabled();
  // The draft is saved by itself after three seconds.
  await expect(dialog.getByText(pattern('placement.warning.saved'))).toBeVisible({ timeout: 10_000 });
  await dialog
    .getByRole('textbox', { name: new RegExp(`^${t('placement.warning.field.passRequirementSummary')}`) })
    .fill('Trygg legemiddelhåndtering. Du får tilbud om en samtale.');
  await expect(send).toBeEnabled();
  await send.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(t('placement.warning.sent'))).toBeVisible();
  await expect(page.getByText(t('placement.warning.notConfirmed'))).toBeVisible();
  // Not to be deleted before the student has read it.
  await expect(page.getByRole('button', { name: t('placement.warning.delete') })).toHaveCount(0);
  await expect(page.getByText(t('placement.warning.deleteAfterConfirm'))).toBeVisible();
  await expectNoAxeViolations(page);

  // The class page on a phone, with the warning given: each student's card
  // holds its chips and badges.
  const phone = await openOnPhone(page, 'Teacher');
  await phone.goto(schoolUrl('demo', `/teacher/class/${surgical}`));
  await phone.getByRole('dialog', { name: t('teacher.checklist.title') }).getByRole('button', { name: t('teacher.checklist.dismiss') }).click();
  const card = phone.getByRole('listitem').filter({ has: phone.getByRole('link', { name: student.name }) });
  await expect(card).toContainText(t('teacher.overview.warning.given'));
  await expectFitsTheScreen(phone, 'the class page');
  await phone.context().close();

  // The student sees the warning until confirming it.
  const studentPage = student.page;
  await studentPage.goto(schoolUrl('demo', '/student/forms'));
  const notice = studentPage.getByRole('region', { name: t('student.warning.noticeTitle') });
  await expect(notice).toBeVisible();
  await expect(studentPage.getByText(t('student.warning.nextTitle'))).toBeVisible();
  await expect(studentPage.getByText(/dobbeltkontroll er hoppet over to ganger/)).toBeVisible();
  await expectNoAxeViolations(studentPage);
  await notice.getByRole('link', { name: t('student.warning.read') }).click();
  await expect(studentPage.getByRole('heading', { level: 2, name: t('student.warning.title') })).toBeFocused();
  await studentPage.getByRole('button', { name: t('student.warning.confirm') }).click();
  await expect(studentPage.getByText(t('student.warning.confirmedToast'))).toBeVisible();
  await expect(notice).toBeHidden();
  await expect(studentPage.getByText(pattern('student.warning.confirmedAt'))).toBeVisible();
  await expectNoAxeViolations(studentPage);

  // The teacher sees it confirmed, in the class list too; the checklist stays dismissed.
  await page.reload();
  await expect(page.getByText(pattern('placement.warning.confirmedBy'))).toBeVisible();
  await page.getByRole('link', { name: t('placement.back.class') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(checklist).toBeHidden();
  await expect(page.getByRole('row').filter({ has: page.getByRole('link', { name: student.name }) })).toContainText(
    t('teacher.overview.warning.confirmed'),
  );

  // Once confirmed, the teacher may delete it, after confirming.
  await row.getByRole('link', { name: student.name }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(student.name);
  await page.getByRole('button', { name: t('placement.warning.delete') }).click();
  const deletion = page.getByRole('dialog', { name: t('placement.warning.deleteTitle') });
  await expect(deletion).toBeVisible();
  // Cancel has the focus, so Enter cannot delete by accident.
  await expect(deletion.getByRole('button', { name: t('common.cancel') })).toBeFocused();
  await expectNoAxeViolations(page);
  await deletion.getByRole('button', { name: t('placement.warning.deleteConfirm') }).click();
  await expect(deletion).toBeHidden();
  await expect(page.getByText(t('toast.deleted'))).toBeVisible();
  await expect(page.getByText(t('placement.warning.none'))).toBeVisible();
});
