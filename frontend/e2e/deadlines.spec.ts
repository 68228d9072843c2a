import ICAL from 'ical.js';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  expectFitsTheScreen,
  expectNoAxeViolations,
  message,
  openOnPhone,
  PORT,
  schoolApi,
  schoolUrl,
  signInWithCode,
  tokenByCode,
} from './support';

// Praksisportalen Nord (demo2, Bokmål) has the demo data and few other
// journeys: SYKP2100 this autumn (mid-semester date 9 October, end date
// 27 November) with Per Kristian Dahl teaching Sara Ali, Jonas Berg and
// Mathias Hansen; no student has delivered the end-placement set.
const HOST = 'demo2';
const ADMIN = 'admin@demo.test';
const TEACHER = 'per.kristian.dahl@demo.test';
const STUDENT = 'sara.ali@stud.demo.test';
const SUBJECT = 'SYKP2100';
/** The student's end-placement deadline the journeys set, before the class's end date. */
const DUE = '2026-11-20';
const BEFORE = '2026-11-17T10:00:00+01:00';
const AFTER = '2026-11-23T10:00:00+01:00';

const nb = (id: string, values: Record<string, string> = {}) => message('nb', id, values);

/**
 * The admin's token, signed in once for the whole file: every sign-in
 * takes one of the few codes an address may ask for in a while.
 */
let adminToken: Promise<string> | undefined;
const signInAdmin = (request: APIRequestContext) => (adminToken ??= tokenByCode(request, HOST, ADMIN));

interface Rule {
  item: string;
  formId?: number;
  isMidSemester: boolean;
  role: string;
  anchor: string;
  offsetDays?: number;
  fixedDate?: string;
}

interface Place {
  periodId: number;
  classId: number;
  formId: number;
  formName: string;
}

/** The autumn semester, the SYKP2100 class of it and its main form, as the admin sees them. */
async function place(request: APIRequestContext, admin: string): Promise<Place> {
  const classes = (await (await schoolApi(request, HOST, '/api/classes', { token: admin })).json()) as {
    id: number;
    periodId: number;
    period: { name: string };
    subject: { subjectCode: string };
    forms: { id: number; name: string; isMainForm: boolean }[];
  }[];
  const cls = classes.find((c) => c.subject.subjectCode === SUBJECT && c.period.name === 'Høst 2026');
  const form = cls?.forms.find((f) => f.isMainForm);
  if (!cls || !form) throw new Error(`demo data: no ${SUBJECT} with a main form in Høst 2026`);
  return { periodId: cls.periodId, classId: cls.id, formId: form.id, formName: form.name };
}

type Scope = 'periods' | 'classes';
const rulesPath = (scope: Scope, id: number) => `/api/${scope}/${id}/deadline-rules`;

/** The rules of a semester or class (the class's own), for putting back afterwards. */
async function rulesOf(request: APIRequestContext, admin: string, scope: Scope, id: number): Promise<Rule[]> {
  const body = (await (await schoolApi(request, HOST, rulesPath(scope, id), { token: admin })).json()) as { rules?: Rule[]; class?: Rule[] };
  return (scope === 'periods' ? body.rules : body.class) ?? [];
}

async function putRules(request: APIRequestContext, admin: string, scope: Scope, id: number, rules: Rule[]) {
  const saved = await schoolApi(request, HOST, rulesPath(scope, id), { token: admin, method: 'PUT', data: { rules } });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** Places the school's clock and the browser's at the same moment. */
async function placeClocks(page: Page, request: APIRequestContext, now: string) {
  const placed = await schoolApi(request, HOST, '/dev/clock', { method: 'POST', data: { now } });
  expect(placed.status(), await placed.text()).toBe(200);
  await page.clock.setFixedTime(new Date(now));
}

/** The student's end-placement answers due on DUE: the class's own rule. */
const studentEndRule = (p: Place): Rule => ({
  item: 'answers',
  formId: p.formId,
  isMidSemester: false,
  role: 'student',
  anchor: 'fixed',
  fixedDate: DUE,
});

test.describe('deadlines', () => {
  test.afterEach(async ({ request }) => {
    // The school's clock goes back to the real time whatever happened.
    await schoolApi(request, HOST, '/dev/clock', { method: 'DELETE' });
  });

  test('an admin sets a rule for the semester and overrides it for one class', async ({ page, request }) => {
    test.slow();
    const admin = await signInAdmin(request);
    const p = await place(request, admin);
    const semesterBefore = await rulesOf(request, admin, 'periods', p.periodId);
    const classBefore = await rulesOf(request, admin, 'classes', p.classId);
    await putRules(request, admin, 'periods', p.periodId, []);
    await putRules(request, admin, 'classes', p.classId, []);
    try {
      await signInWithCode(page, HOST, ADMIN);
      // The semester: the student's mid-placement answers three days before the class's mid-semester date.
      await page.goto(schoolUrl(HOST, `/admin/semesters/${p.periodId}`));
      const semester = page.locator('section').filter({ has: page.getByRole('heading', { name: nb('admin.deadlines.heading'), exact: true }) });
      const line = semester.locator(`[data-rule="answers/${p.formId}/mid/student"]`);
      await line.getByRole('combobox').click();
      await page.getByRole('option', { name: nb('admin.deadlines.fromMid') }).click();
      await line.getByRole('spinbutton').fill('-3');
      await semester.getByRole('button', { name: nb('admin.deadlines.save') }).click();
      await expect
        .poll(async () => (await rulesOf(request, admin, 'periods', p.periodId)).map((r) => `${r.role}:${r.anchor}:${r.offsetDays}`))
        .toEqual(['student:midSemester:-3']);

      // The class shows it as inherited, with the due date it gives (9 October less three days).
      await page.goto(schoolUrl(HOST, `/admin/class/${p.classId}`));
      const own = page.locator('section').filter({ has: page.getByRole('heading', { name: nb('admin.classDeadlines.heading'), exact: true }) });
      const classLine = own.locator(`[data-rule="answers/${p.formId}/mid/student"]`);
      await expect(classLine).toHaveAttribute('data-own', 'false');
      await expect(classLine).toContainText(`${nb('admin.deadlines.fromMid')}: -3`);
      await expect(classLine).toContainText('6. okt. 2026');
      await expectNoAxeViolations(page);

      // The admin overrides it for the class with the keyboard: one day before instead.
      await classLine.getByRole('button', { name: /^Overstyr/ }).focus();
      await page.keyboard.press('Enter');
      await expect(classLine).toHaveAttribute('data-own', 'true');
      await classLine.getByRole('spinbutton').fill('-1');
      await own.getByRole('button', { name: nb('admin.classDeadlines.save') }).click();
      await expect(classLine).toContainText('8. okt. 2026');
      expect((await rulesOf(request, admin, 'classes', p.classId)).map((r) => `${r.role}:${r.anchor}:${r.offsetDays}`)).toEqual([
        'student:midSemester:-1',
      ]);
      expect((await rulesOf(request, admin, 'periods', p.periodId)).map((r) => r.offsetDays)).toEqual([-3]);
      await expectNoAxeViolations(page);

      // On a phone the editor fits the screen.
      const phone = await openOnPhone(page, 'Admin');
      await phone.goto(schoolUrl(HOST, `/admin/class/${p.classId}`));
      await expect(phone.locator(`[data-rule="answers/${p.formId}/mid/student"]`)).toHaveAttribute('data-own', 'true');
      await expectFitsTheScreen(phone, 'the class deadlines');
      await phone.context().close();
    } finally {
      await putRules(request, admin, 'classes', p.classId, classBefore);
      await putRules(request, admin, 'periods', p.periodId, semesterBefore);
    }
  });

  test('a student sees the due date, and once the clock passes it the overdue state', async ({ page, request }) => {
    test.slow();
    const admin = await signInAdmin(request);
    const p = await place(request, admin);
    const classBefore = await rulesOf(request, admin, 'classes', p.classId);
    await putRules(request, admin, 'classes', p.classId, [studentEndRule(p)]);
    try {
      await placeClocks(page, request, BEFORE);
      await signInWithCode(page, HOST, STUDENT);
      await page.goto(schoolUrl(HOST, '/student/forms'));
      const open = page.locator('[data-deadline="open"]').filter({ hasText: '20. nov.' }).first();
      await expect(open).toContainText(nb('deadline.open', { date: '20. nov.', relative: 'om 3 dager' }));
      await expect(page.locator('[data-deadline="overdue"]')).toHaveCount(0);

      await placeClocks(page, request, AFTER);
      await page.reload();
      const overdue = page.locator('[data-deadline="overdue"]').filter({ hasText: '20. nov.' }).first();
      await expect(overdue).toContainText(nb('deadline.overdue', { date: '20. nov.', relative: 'for 3 dager siden' }));
      await expectNoAxeViolations(page);
    } finally {
      await putRules(request, admin, 'classes', p.classId, classBefore);
    }
  });

  test('a teacher filters the students late per role', async ({ page, request }) => {
    test.slow();
    const admin = await signInAdmin(request);
    const p = await place(request, admin);
    const classBefore = await rulesOf(request, admin, 'classes', p.classId);
    // Only the students have an end deadline, and it has passed; the end date has not.
    await putRules(request, admin, 'classes', p.classId, [studentEndRule(p)]);
    try {
      await placeClocks(page, request, AFTER);
      await signInWithCode(page, HOST, TEACHER);
      await page.goto(schoolUrl(HOST, `/teacher/class/${p.classId}`));
      // The class page opens with the teacher's checklist until it is dismissed for good; close it for now.
      const checklist = page.getByRole('dialog', { name: nb('teacher.checklist.title') });
      await expect(checklist).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(checklist).toBeHidden();
      const table = page.getByRole('table');
      await expect(table.getByRole('row')).not.toHaveCount(1);
      const filter = page.locator('.MuiTextField-root', { hasText: nb('teacher.students.late') }).getByRole('combobox');

      await filter.click();
      await page.getByRole('option', { name: new RegExp(`^${nb('placement.party.student')} \\(\\d+\\)`) }).click();
      const rows = table.locator('tbody tr');
      await expect(rows).not.toHaveCount(0);
      const shown = await rows.count();
      for (let i = 0; i < shown; i++) await expect(rows.nth(i).locator('[data-late="student"]')).not.toHaveCount(0);
      await expect(rows.first()).toContainText('20. nov.');

      // The supervisors and the teacher have no deadline that has passed: no one is late in those roles.
      for (const party of ['advisor', 'teacher'] as const) {
        await filter.click();
        await page.getByRole('option', { name: new RegExp(`^${nb(`placement.party.${party}`)} \\(\\d+\\)`) }).click();
        const late = table.locator(`tbody tr:has([data-late="${party}"])`);
        await expect(rows).toHaveCount(await late.count());
      }
      await expectNoAxeViolations(page);
    } finally {
      await putRules(request, admin, 'classes', p.classId, classBefore);
    }
  });

  test('the calendar feed is a calendar a parser reads, with the student’s deadline and the class’s dates', async ({ request }) => {
    const admin = await signInAdmin(request);
    const p = await place(request, admin);
    const classBefore = await rulesOf(request, admin, 'classes', p.classId);
    await putRules(request, admin, 'classes', p.classId, [studentEndRule(p)]);
    try {
      const student = await tokenByCode(request, HOST, STUDENT);
      const made = await schoolApi(request, HOST, '/api/users/me/calendar', { token: student, method: 'POST' });
      expect(made.status(), await made.text()).toBe(201);
      const { path } = (await made.json()) as { path: string };
      const feed = await schoolApi(request, HOST, path);
      expect(feed.status()).toBe(200);
      expect(feed.headers()['content-type']).toContain('text/calendar');
      expect(feed.headers().etag).toBeTruthy();
      expect(feed.headers()['last-modified']).toBeTruthy();

      const calendar = ICAL.Component.fromString(await feed.text());
      expect(calendar.name).toBe('vcalendar');
      const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
      const days = Object.fromEntries(events.map((e) => [e.summary, e.startDate.toString()]));
      expect(days).toMatchObject({
        [`Midtveis i praksis – ${SUBJECT}`]: '2026-10-09',
        [`Praksis slutter – ${SUBJECT}`]: '2026-11-27',
        [`Frist: ${p.formName}, slutt – ${SUBJECT}`]: DUE,
      });
      for (const e of events) expect(e.startDate.isDate, `${e.summary} is an all-day event`).toBe(true);

      // A client that has it is told so; the renewed address is gone.
      const again = await request.fetch(feed.url(), {
        headers: { Host: `${HOST}.localhost:${PORT}`, 'If-Modified-Since': feed.headers()['last-modified'] ?? '' },
      });
      expect(again.status()).toBe(304);
      const renewed = await schoolApi(request, HOST, '/api/users/me/calendar', { token: student, method: 'POST' });
      expect(renewed.status()).toBe(201);
      expect((await schoolApi(request, HOST, path)).status()).toBe(404);
    } finally {
      await putRules(request, admin, 'classes', p.classId, classBefore);
    }
  });
});
