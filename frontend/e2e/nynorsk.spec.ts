import { readFileSync } from 'node:fs';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  expectNoAxeViolations,
  message,
  openMenu,
  pdfText,
  readMail,
  readOneTimeCode,
  schoolApi,
  schoolUrl,
  storedToken,
} from './support';

// Hilde Bakken supervises Ola Nordmann in SYKP2100 this autumn; his signing
// form has its mid-placement part confirmed. She works in Nynorsk here.
const SUPERVISOR = 'hilde.bakken@sykehus.test';
const STUDENT_NAME = 'Ola Nordmann';
const SPECIFIC_FORM = 'Spesifikk kompetanse: medisinsk avdeling';

/** The server's own Nynorsk catalogue: the PDF's texts come from it. */
const serverNn = JSON.parse(
  readFileSync(new URL('../../tenants/texts/locales/nn.json', import.meta.url), 'utf8'),
) as Record<string, string>;

const nn = (id: string, values: Record<string, string> = {}) => message('nn', id, values);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A message as a pattern, its placeholders matching anything. */
const pattern = (id: string) => new RegExp(`^${nn(id).split(/\{\w+\}/).map(escape).join('.+')}$`);

/** Words only Bokmål uses where Nynorsk has its own (ikke/ikkje, hva/kva, veileder/rettleiar…). */
const BOKMAAL = /\b(ikke|hva|hvordan|hvilke|noen|noe|veileder|veiledning|praksisveileder|skolen|vennligst|Hilsen)\b/;

/** Asks for a one-time code on the Nynorsk sign-in page; returns the e-mail it sent. */
async function requestCode(page: Page) {
  await page.goto(schoolUrl('demo'));
  await page.getByRole('link', { name: nn('login.otp.link') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nn('otp.request.title'));
  const since = new Date();
  await page.getByRole('textbox', { name: nn('otp.email.label') }).fill(SUPERVISOR);
  await page.getByRole('button', { name: nn('otp.request.submit') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nn('otp.verify.title'));
  const code = await readOneTimeCode(page.request, SUPERVISOR, since);
  const mail = await readMail(page.request, SUPERVISOR, since);
  return { code, mail };
}

/** Enters the code and waits for the signed-in app, in Nynorsk. */
async function enterCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: nn('otp.code.label') }).fill(code);
  await page.getByRole('button', { name: nn('otp.verify.submit') }).click();
  await page.waitForURL((url) => !/\/(login|otp)/.test(url.pathname));
  await expect(page.getByRole('button', { name: nn('menu.button') })).toBeVisible();
}

interface AdvisorClass {
  subject: { subjectCode: string };
  id: number;
  students: { id: number; displayName: string }[];
  forms: { id: number; name: string }[];
  assignments: { id: number; formId: number; isMidSemester: boolean }[];
}

/** Ola's class, his id and the address of his end-of-placement specific-competence form, through the API. */
async function findOla(page: Page) {
  const token = await storedToken(page);
  const response = await schoolApi(page.request, 'demo', '/api/classes/advisor', { token });
  expect(response.status()).toBe(200);
  const cls = ((await response.json()) as AdvisorClass[]).find((c) => c.subject.subjectCode === 'SYKP2100');
  const studentId = cls?.students.find((s) => s.displayName === STUDENT_NAME)?.id;
  const formId = cls?.forms.find((f) => f.name === SPECIFIC_FORM)?.id;
  const assignment = cls?.assignments.find((a) => a.formId === formId && !a.isMidSemester);
  if (!cls || !studentId || !formId || !assignment) throw new Error('demo data: class, student or form not found');
  return {
    formPath: `/advisor/class/${cls.id}/student/${studentId}/form/${formId}/assignment/${assignment.id}`,
    signingPath: `/advisor/class/${cls.id}/student/${studentId}/signingform`,
  };
}

/** Picks a level other than the one chosen now (the journey may run twice on one database). */
async function chooseAnother(group: Locator, names: string[]): Promise<void> {
  for (const name of names) {
    const radio = group.getByRole('radio', { name, exact: true });
    if (!(await radio.isChecked())) {
      await radio.check();
      return;
    }
  }
  throw new Error('no level to choose');
}

test('a Nynorsk school greets a new visitor in Nynorsk', async ({ page }) => {
  await page.goto(schoolUrl('demo3'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'nn');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Praksis Vest');
  await expect(page.getByText(nn('login.intro'))).toBeVisible();
  await expect(page.getByRole('link', { name: nn('login.feide.button') })).toBeVisible();
  await expect(page.getByRole('button', { name: `${nn('language.buttonLabel')} Nynorsk` })).toBeVisible();
  await expect(page.locator('main')).not.toContainText(BOKMAAL);
  await expectNoAxeViolations(page);
});

test('a browser that asks for Nynorsk gets a Bokmål school in Nynorsk', async ({ browser }) => {
  for (const locale of ['nn-NO', 'nn']) {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto(schoolUrl('demo'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'nn');
    await expect(page.getByRole('link', { name: nn('login.feide.button') })).toBeVisible();
    await expect(page.getByText(nn('login.intro'))).toBeVisible();
    await expectNoAxeViolations(page);
    await context.close();
  }
});

test('in Nynorsk: sign in with a code, answer a form, open the signing form and its PDF', async ({ page }) => {
  test.setTimeout(180_000);

  // The language switch offers the three languages; the supervisor picks Nynorsk.
  await page.goto(schoolUrl('demo'));
  await page.getByRole('button', { name: /^Språk:/ }).click();
  const options = page.getByRole('menuitemradio');
  await expect(options).toHaveText(['Norsk (bokmål)', 'Norsk (nynorsk)', 'English']);
  await page.getByRole('menuitemradio', { name: 'Norsk (nynorsk)' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nn');
  await expect(page.getByText(nn('login.intro'))).toBeVisible();
  await expect(page.getByRole('link', { name: nn('login.vipps.button') })).toBeVisible();
  await expectNoAxeViolations(page);

  // Signing in stores the choice as hers (the first code follows the
  // language stored before, whatever that was).
  const first = await requestCode(page);
  await expectNoAxeViolations(page);
  await enterCode(page, first.code);
  await expect
    .poll(async () => {
      const me = await schoolApi(page.request, 'demo', '/api/users/me', { token: await storedToken(page) });
      return ((await me.json()) as { language?: string }).language;
    })
    .toBe('nn');

  // Signed out and in again: the code now comes in Nynorsk.
  const menu = await openMenu(page, 'nn');
  await menu.getByRole('button', { name: nn('menu.signOut') }).click();
  await expect(page.getByRole('link', { name: nn('login.feide.button') })).toBeVisible();
  const { code, mail } = await requestCode(page);
  expect(mail.subject).toBe('Eingongskode til Praksis Demo');
  expect(mail.text).toContain('Her er eingongskoden din for å logge inn i Praksis Demo');
  expect(mail.text).toContain('Helsing Praksis Demo');
  expect(mail.text).not.toMatch(BOKMAAL);
  await enterCode(page, code);
  await expectNoAxeViolations(page);

  // An answer on the independence scale, whose levels read in Nynorsk.
  const ola = await findOla(page);
  await page.goto(schoolUrl('demo', ola.formPath));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SPECIFIC_FORM);
  await expect(page.getByText(nn('answering.meta.you', { name: 'Hilde Bakken' }))).toBeVisible();
  await expect(page.getByText(nn('answering.half.end'), { exact: true })).toBeVisible();
  const vitals = page.getByRole('radiogroup', { name: /^\d+\. Måler og vurderer vitale parametre/ });
  await expect(vitals.getByRole('radio', { name: 'Sjølvstendig', exact: true })).toBeVisible();
  await chooseAnother(vitals, ['Rettleidd', 'Assistert']);
  await expect(page.locator('[data-status]')).toHaveText(pattern('answering.status.saved'), { timeout: 15_000 });
  await expectNoAxeViolations(page);

  // The signing form, in Nynorsk.
  await page.goto(schoolUrl('demo', ola.signingPath));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nn('signing.title'));
  await expect(page.getByRole('heading', { level: 2, name: nn('signing.signatures.heading') })).toBeVisible();
  await expect(page.getByText(pattern('signing.mid.confirmed'))).toBeVisible();
  await expect(page.getByText(nn('signing.info.advisor'), { exact: true }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // Its PDF, fetched by the page in Nynorsk.
  const pdfResponse = page.waitForResponse((r) => r.url().includes('/signingform/pdf') && r.request().method() === 'GET');
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: new RegExp(`^${escape(nn('signing.pdf'))}`) }).click();
  const response = await pdfResponse;
  expect(response.status()).toBe(200);
  const text = pdfText(await response.body());
  expect(text).toContain(STUDENT_NAME);
  for (const id of ['signing.pdf.title', 'signing.pdf.advisor', 'signing.pdf.teacher', 'signing.pdf.mid', 'signing.pdf.signatures', 'signing.pdf.notSigned', 'signing.q.midFeedback']) {
    expect(text, id).toContain(serverNn[id]);
  }
  expect(serverNn['signing.pdf.advisor']).toBe('Praksisrettleiar');
  expect(text).toContain('Side 1 av');
  expect(text).not.toMatch(/Praksisveileder|Praksislærer\b|Midtveisvurdering|Ikke signert/);
  await (await popup).close();
});
