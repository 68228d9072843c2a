import { expect, test } from './fixtures';
import { expectNoAxeViolations, schoolUrl } from './support';
import { acceptPrivacyPolicyIfAsked, api, classId, invitationLink, mailTo, newStudent, pattern, t } from './placement';

// A new student in SYKP2100 invites Tone Hagen, a nurse without an account
// whom the Vipps test provider knows; her first Vipps sign-in through the
// invitation makes her a supervisor. Another run on the same database gives
// Tone a further student, which the journey allows for.
const SUPERVISOR = { name: 'Tone Hagen', email: 'tone.hagen@sykehus.test' };

test('an invited supervisor accepts through Vipps and assesses the student', async ({ browser }) => {
  test.setTimeout(120_000);

  // The student joins and invites (the screens for this have their own journey).
  const student = await newStudent(browser);
  const join = await api(student.page, `/api/classes/${await classId(student.page, 'SYKP2100')}/students/me`, { method: 'POST' });
  expect(join.status()).toBe(201);
  const since = new Date();
  const invite = await api(student.page, '/api/invitations/advisor', { method: 'POST', body: { email: SUPERVISOR.email } });
  expect(invite.status()).toBe(201);
  const link = invitationLink(await mailTo(student.page, SUPERVISOR.email, since));

  // The supervisor opens the link, signs in with Vipps, and lands among her students.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByText(t('login.invitation'))).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: t('login.vipps.button') }).click();
  await page.waitForURL(/\/dev\/idp\/vipps\//);
  await page.getByRole('button', { name: new RegExp(`^${SUPERVISOR.name}`) }).click();

  await expect(page).toHaveURL(schoolUrl('demo', '/advisor'), { timeout: 20_000 });
  await acceptPrivacyPolicyIfAsked(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('home.greeting', { name: SUPERVISOR.name }));
  await expect(page.getByText(t('advisor.accept.done', { name: student.name }))).toBeVisible();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: student.name }) });
  await expect(card).toBeVisible();
  await expectNoAxeViolations(page);

  // One tap to the student's form; the supervisor answers a question.
  await card.getByRole('link', { name: t('advisor.student.assessNamed', { name: student.name }) }).click();
  await expect(page).toHaveURL(/\/advisor\/class\/\d+\/student\/\d+\/form\/\d+\/assignment\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vurdering av praksisstudier i sykepleie');
  await expect(page.getByText(student.name, { exact: true })).toBeVisible();
  const question = page.getByRole('radiogroup', { name: /^1\. Kartlegger pasientens behov/ });
  await question.getByRole('radio', { name: 'Veiledet', exact: true }).check();
  await expect(page.locator('[data-status]')).toHaveText(pattern('answering.status.saved'), { timeout: 15_000 });
  await expectNoAxeViolations(page);

  // The student page shows the answer counted.
  await page.goto(schoolUrl('demo', '/advisor'));
  await card.getByRole('link', { name: t('advisor.student.openNamed', { name: student.name }) }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(student.name);
  await expect(page.getByRole('progressbar', { name: /^Praksisveileder: 1 av \d+ besvart/ }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // An unknown invitation says so, and moves on after a while.
  await page.goto(schoolUrl('demo', '/supervisor/accept-invitation?verificationGuid=00000000-0000-4000-8000-000000000000'));
  await expect(page.getByRole('alert')).toContainText(t('advisor.accept.failed'));
  await expectNoAxeViolations(page);
  await expect(page).toHaveURL(schoolUrl('demo', '/advisor'), { timeout: 12_000 });
});
