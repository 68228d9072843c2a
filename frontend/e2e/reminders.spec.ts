import { expect, test } from './fixtures';
import { message, readMail, readOneTimeCode, schoolApi, schoolUrl, tokenByCode } from './support';

// Praksis Vest (demo3) speaks Nynorsk. Jonas Berg has delivered his
// mid-placement self-assessment in SYKP2100 this autumn but not the end one.
const HOST = 'demo3';
const ADMIN = 'admin@demo.test';
const STUDENT = 'jonas.berg@stud.demo.test';
/** The deadline the journey sets, and where it places the school's clock: two days before it, at 10:00 in Norway. */
const DUE = '2026-10-07';
const NOW = '2026-10-05T10:00:00+02:00';

const nn = (id: string, values: Record<string, string> = {}) => message('nn', id, values);

interface StudentClass {
  id: number;
  assignments: { id: number; formId: number; isMidSemester: boolean; forms: { name: string; isMainForm?: boolean }[] }[];
}

interface Rule {
  item: string;
  formId?: number;
  isMidSemester: boolean;
  role: string;
  anchor: string;
  offsetDays: number;
  fixedDate?: string;
}

test.describe('deadline reminders', () => {
  test.afterEach(async ({ request }) => {
    // The school's clock goes back to the real time whatever happened.
    await schoolApi(request, HOST, '/dev/clock', { method: 'DELETE' });
  });

  test('two days before a deadline the student gets a reminder in Nynorsk whose link opens the form', async ({ page, request }) => {
    // A retry cannot pass where the first try sent the reminder (each goes once): give the first try room.
    test.slow();
    const admin = await tokenByCode(request, HOST, ADMIN);
    const student = await tokenByCode(request, HOST, STUDENT);
    expect((await schoolApi(request, HOST, '/api/users/me/language', { token: student, method: 'PUT', data: { language: 'nn' } })).status()).toBe(204);
    const choices = { before: true, overdue: true, digest: true };
    expect((await schoolApi(request, HOST, '/api/users/me/reminders', { token: student, method: 'PUT', data: choices })).status()).toBe(200);

    // The student's classes, the current one first.
    const [mine] = (await (await schoolApi(request, HOST, '/api/classes/me/student', { token: student })).json()) as StudentClass[];
    if (!mine) throw new Error('demo data: the student is in no class');
    const end = mine.assignments.find((a) => !a.isMidSemester && a.forms.length > 0);
    const formName = end?.forms[0]?.name;
    if (!end || !formName) throw new Error('demo data: no end-placement assignment in the student class');

    // The class's own rule: the student's end-placement answers are due on DUE.
    const rulesPath = `/api/classes/${mine.id}/deadline-rules`;
    const before = (await (await schoolApi(request, HOST, rulesPath, { token: admin })).json()) as { class: Rule[] };
    const rule: Rule = { item: 'answers', formId: end.formId, isMidSemester: false, role: 'student', anchor: 'fixed', offsetDays: 0, fixedDate: DUE };
    const own = [...before.class.filter((r) => !(r.item === 'answers' && r.formId === end.formId && !r.isMidSemester && r.role === 'student')), rule];
    const saved = await schoolApi(request, HOST, rulesPath, { token: admin, method: 'PUT', data: { rules: own } });
    expect(saved.status(), await saved.text()).toBe(200);
    try {
      const since = new Date();
      const placed = await schoolApi(request, HOST, '/dev/clock', { method: 'POST', data: { now: NOW } });
      expect(placed.status(), await placed.text()).toBe(200);

      // The sweep runs every few seconds in development; the reminder comes.
      // The one-time code sent just before may fall inside readMail's second
      // of slack, so the reminder is told apart by its subject.
      const mail = await readMail(request, STUDENT, since, (m) => m.subject.startsWith('Påminning'));
      expect(mail.subject).toContain('Påminning: frist for');
      expect(mail.subject).toContain('7. okt. 2026');
      expect(mail.text).toContain('(om 2 dagar)');
      expect(mail.text).toContain(formName);
      const link = /https?:\/\/\S+\/assignment\/\d+/.exec(mail.text)?.[0];
      if (!link) throw new Error(`no form link in the reminder:\n${mail.text}`);
      expect(link).toContain(`/student/`);
      expect(link).toContain(`/assignment/${end.id}`);

      // Signed in as the student, the link opens the end-placement form.
      await page.goto(schoolUrl(HOST));
      await page.getByRole('link', { name: nn('login.otp.link') }).click();
      const codeSince = new Date();
      await page.getByRole('textbox', { name: nn('otp.email.label') }).fill(STUDENT);
      await page.getByRole('button', { name: nn('otp.request.submit') }).click();
      const code = await readOneTimeCode(request, STUDENT, codeSince);
      await page.getByRole('textbox', { name: nn('otp.code.label') }).fill(code);
      await page.getByRole('button', { name: nn('otp.verify.submit') }).click();
      await page.waitForURL((url) => !/\/(login|otp)/.test(url.pathname));
      await page.goto(new URL(new URL(link).pathname, schoolUrl(HOST)).toString());
      await expect(page.getByRole('heading', { level: 1 })).toContainText(formName);
    } finally {
      await schoolApi(request, HOST, rulesPath, { token: admin, method: 'PUT', data: { rules: before.class } });
    }
  });
});
