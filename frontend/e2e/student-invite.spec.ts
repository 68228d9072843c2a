import { expect, test } from './fixtures';
import { expectNoAxeViolations, schoolUrl, signInWith } from './support';
import { acceptPrivacyPolicyIfAsked, api, mailTo, newStudent, pattern, t } from './placement';

// A student who has never signed in (the test provider makes a new one each
// time, with SYKP2100 among their Feide courses), so the journey changes no
// demo person and can run again on the same database.

test('a new student joins a class, starts the form after a confirmation, and invites a supervisor, who gets the invitation by e-mail', async ({ browser }) => {
  test.setTimeout(90_000);
  const { page, name } = await newStudent(browser);

  // Without a class, the home page offers the classes to join, matching ones first.
  await expect(page).toHaveURL(schoolUrl('demo', '/student'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('home.greeting', { name }));
  const classes = page.getByRole('radiogroup');
  await expect(classes).toBeVisible();
  const first = classes.getByRole('radio').first();
  await expect(first).toHaveAccessibleName(/^SYKP2100/);
  await expect(page.getByText(t('student.join.matching'))).toBeVisible();
  await expectNoAxeViolations(page);

  // A class must be chosen.
  await page.getByRole('button', { name: t('student.join.submit') }).click();
  await expect(page.getByText(t('student.join.required'))).toBeVisible();
  await expect(classes).toHaveAccessibleDescription(t('student.join.required'));
  await expectNoAxeViolations(page);

  await first.check();
  await page.getByRole('button', { name: t('student.join.submit') }).click();
  await expect(page.getByText(t('student.join.joined', { code: 'SYKP2100' }))).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: t('student.myClass.title') })).toBeVisible();
  await expect(page.getByText(t('student.supervisors.none'))).toBeVisible();
  await expectNoAxeViolations(page);

  // The forms: the main form's current half and the specific form; no supervisor yet.
  await page.getByRole('link', { name: t('student.toForms') }).click();
  await expect(page).toHaveURL(schoolUrl('demo', '/student/forms'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('student.forms.title'));
  await expect(page.getByRole('link', { name: /^Åpne skjemaet/ })).toHaveCount(2);
  await expectNoAxeViolations(page);

  // Starting a form without a supervisor asks first; the student answers, saved by itself.
  await page.getByRole('link', { name: /^Åpne skjemaet Vurdering av praksisstudier i sykepleie/ }).click();
  const noSupervisor = page.getByRole('dialog', { name: t('student.noSupervisor.title') });
  await expect(noSupervisor).toBeVisible();
  await expect(page).toHaveURL(schoolUrl('demo', '/student/forms'));
  await expectNoAxeViolations(page);
  await noSupervisor.getByRole('button', { name: t('student.noSupervisor.start') }).click();
  await expect(page).toHaveURL(/\/student\/\d+\/form\/\d+\/class\/\d+\/assignment\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vurdering av praksisstudier i sykepleie');
  await expect(page.getByText(t('answering.meta.you', { name }))).toBeVisible();
  const level = page.getByRole('radiogroup').first().getByRole('radio', { name: 'Delvis selvstendig', exact: true });
  await level.check();
  await expect(page.locator('[data-status]')).toHaveText(pattern('answering.status.saved'), { timeout: 15_000 });
  await expectNoAxeViolations(page);
  await page.getByRole('navigation', { name: t('answering.pagesNav') }).getByRole('button', { name: t('answering.close') }).click();
  await expect(page).toHaveURL(schoolUrl('demo', '/student/forms'));

  // Invite the supervisor.
  await page.getByRole('link', { name: t('student.invite') }).click();
  await expect(page).toHaveURL(schoolUrl('demo', '/student/supervisor/invite'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('student.invite.title'));
  await expect(page.getByText(t('student.invite.noInvitation'))).toBeVisible();
  await expectNoAxeViolations(page);

  const email = `veileder.${Date.now()}@sykehus.test`;
  const field = page.getByRole('textbox', { name: t('student.invite.email') });
  await field.fill('ikke-en-adresse');
  await page.getByRole('button', { name: t('student.invite.submit') }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  const since = new Date();
  await field.fill(email);
  await page.getByRole('button', { name: t('student.invite.submit') }).click();
  await expect(page).toHaveURL(schoolUrl('demo', '/student/forms'));
  await expect(page.getByText(t('student.invite.sent', { email }))).toBeVisible();
  await expectNoAxeViolations(page);

  // The e-mail arrives with the link to accept.
  const mail = await mailTo(page, email, since);
  expect(mail.subject).toContain(name);
  expect(mail.text).toContain('/supervisor/accept-invitation?verificationGuid=');

  // The invitation page shows it as sent.
  await page.goto(schoolUrl('demo', '/student/supervisor/invite'));
  await expect(page.getByText(t('student.invite.label.sent'), { exact: true })).toBeVisible();
  await expect(page.getByText(pattern('student.invite.status.sent'))).toContainText(email);
  await expectNoAxeViolations(page);
});

test('a student without a class is sent to the home page, and unknown student paths too', async ({ browser }) => {
  const { page } = await newStudent(browser);
  for (const path of ['/student/forms', '/student/supervisor/invite', '/student/1/form/1/class/1/assignment/1', '/student/no-such-page']) {
    await page.goto(schoolUrl('demo', path));
    await expect(page).toHaveURL(schoolUrl('demo', '/student'));
    await expect(page.getByRole('radiogroup')).toBeVisible();
  }
});

/** A class of the signed-in student, the parts the journey reads. */
interface OwnClass {
  id: number;
  period: { status: string };
  assignments: { id: number; formId: number; isMidSemester: boolean }[];
}

test("a student on last semester's form address is sent to this semester's assignment of that form", async ({ page }) => {
  // Ola Nordmann was in SYKP1200 last spring and is in SYKP2100 now; the journey only reads.
  await signInWith(page, 'feide', 'demo', 'Ola Nordmann');
  await acceptPrivacyPolicyIfAsked(page);
  const me = (await (await api(page, '/api/users/me')).json()) as { id: number };
  const response = await api(page, '/api/classes/me/student');
  expect(response.status()).toBe(200);
  const classes = (await response.json()) as OwnClass[];
  const now = classes.find((c) => c.period.status === 'current');
  const before = classes.find((c) => c.period.status === 'previous');
  if (!now || !before) throw new Error('demo data: Ola has no current and previous class');
  const old = before.assignments.find((a) => a.isMidSemester);
  const same = now.assignments.find((a) => a.formId === old?.formId && a.isMidSemester);
  if (!old || !same) throw new Error('demo data: no mid-semester main form in both classes');

  await page.goto(schoolUrl('demo', `/student/${me.id}/form/${old.formId}/class/${before.id}/assignment/${old.id}`));
  await expect(page).toHaveURL(schoolUrl('demo', `/student/${me.id}/form/${same.formId}/class/${now.id}/assignment/${same.id}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vurdering av praksisstudier i sykepleie');
  await expect(page.getByText(t('answering.half.mid'), { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});
