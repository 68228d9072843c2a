import { expect, test } from './fixtures';
import { expectFitsTheScreen, expectNoAxeViolations, NARROW_PHONE, schoolUrl, signInWith } from './support';
import { t } from './placement';

// Anders Moen supervises in SYKP2100, but Ola Nordmann is Hilde Bakken's
// student: Anders may read Ola's assessments, not answer them, and does not
// see Ola's warning. Nothing is changed. On a phone, as supervisors use it.
const SUPERVISOR = 'Anders Moen';
const STUDENT = 'Ola Nordmann';

test('on a phone, a supervisor reads another supervisor’s student read-only', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext(NARROW_PHONE);
  const page = await context.newPage();
  await signInWith(page, 'vipps', 'demo', SUPERVISOR);

  // Home: the supervisor's own students, each one tap from the form.
  await expect(page).toHaveURL(schoolUrl('demo', '/advisor'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('home.greeting', { name: SUPERVISOR }));
  await expect(page.getByRole('link', { name: t('advisor.student.assessNamed', { name: 'Jonas Berg' }) })).toBeVisible();
  await expectFitsTheScreen(page, 'the home page');
  await expectNoAxeViolations(page);

  // The class: own students, and the others that could be taken on.
  await page.getByRole('link', { name: /^Åpne klassen/ }).first().click();
  await expect(page).toHaveURL(/\/advisor\/class\/\d+$/);
  const others = page.getByRole('region', { name: t('advisor.class.others') });
  await expect(others.getByRole('button', { name: t('advisor.class.takeNamed', { name: STUDENT }) })).toBeVisible();
  const take = others.getByRole('button', { name: t('advisor.class.take') }).first();
  const box = await take.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  await expectFitsTheScreen(page, 'the class page');
  await expectNoAxeViolations(page);

  // The student page: answers compared, the warning not shown, no warning actions.
  await others.getByRole('link', { name: STUDENT }).click();
  await expect(page).toHaveURL(/\/advisor\/class\/\d+\/student\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(STUDENT);
  await expect(page.getByText(t('placement.warning.notVisible'))).toBeVisible();
  await expect(page.getByRole('button', { name: t('placement.warning.write') })).toHaveCount(0);
  const comparison = page.getByRole('region', { name: t('placement.compare.title') });
  await comparison.getByRole('button', { name: t('placement.half.mid'), exact: true }).click();
  await comparison.getByRole('button', { name: /^Pasientsentrert sykepleie/ }).click();
  await expect(comparison.getByText('Kartlegger pasientens behov for sykepleie systematisk og bruker relevante kartleggingsverktøy.')).toBeVisible();
  await expectFitsTheScreen(page, 'the student page');
  // The charts of the development from mid to end, folded away on a phone.
  await comparison.getByRole('button', { name: t('placement.compare.developmentTitle') }).click();
  await expect(comparison.getByRole('figure', { name: 'Pasientsentrert sykepleie' })).toBeVisible();
  await expectFitsTheScreen(page, 'the development charts');
  await expectNoAxeViolations(page);

  // The form: Hilde's and Ola's answers, read only.
  await page
    .getByRole('link', { name: t('placement.forms.openNamed', { form: 'Vurdering av praksisstudier i sykepleie', half: t('placement.half.mid') }) })
    .click();
  await expect(page).toHaveURL(/\/advisor\/class\/\d+\/student\/\d+\/form\/\d+\/assignment\/\d+$/);
  await expect(page.getByText(t('answering.readOnly.title'))).toBeVisible();
  await expect(page.getByText(STUDENT).first()).toBeVisible();
  await expect(page.getByText('Hilde Bakken (PV)').first()).toBeVisible();
  const level = '(Selvstendig|Delvis selvstendig|Veiledet|Assistert|Uselvstendig)';
  await expect(page.getByText(new RegExp(`^${t('answering.readOnly.answer')}: ${level}$`)).first()).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: t('answering.send') })).toHaveCount(0);
  await expectFitsTheScreen(page, 'the form');
  await expectNoAxeViolations(page);
  await context.close();
});
