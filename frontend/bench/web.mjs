#!/usr/bin/env node
// What a phone on a slow network sees: opens the login page, the student's
// home and the student's form page of a running Praksis server in headless
// Chromium, throttled to "Slow 4G" (1.6 Mbit/s down, 750 kbit/s up, 150 ms
// round trip) with a 4x CPU slowdown, first with a cold cache and then with
// a warm one, and prints for each: JavaScript and all bytes as sent over
// the network, requests, Largest Contentful Paint, Total Blocking Time and
// Cumulative Layout Shift. On the warm form page it then types a comment
// (an autosave going out meanwhile) and chooses levels, and measures
// Interaction to Next Paint for each; the teacher's class page of forty
// students is the fifth page. Last it prints the aims with what was
// measured. Not pass/fail.
//
// Usage: node bench/web.mjs
// Environment: PRAKSIS_PORT (default 8080), CHROMIUM_PATH (default
// /usr/bin/chromium), BENCH_HOST (default demo), BENCH_STUDENT (default
// ola.nordmann@stud.demo.test), BENCH_TEACHER (default
// load.teacher.1@demo.test, a teacher of the class of forty), BENCH_RUNS (runs per page and cache state,
// the median is printed; default 3).
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { signIn } from './server.mjs';

const PORT = process.env.PRAKSIS_PORT ?? '8080';
const HOST = `${process.env.BENCH_HOST ?? 'demo'}.localhost`;
const ORIGIN = `http://${HOST}:${PORT}`;
const STUDENT = process.env.BENCH_STUDENT ?? 'ola.nordmann@stud.demo.test';
const TEACHER = process.env.BENCH_TEACHER ?? 'load.teacher.1@demo.test';
const RUNS = Number(process.env.BENCH_RUNS ?? '3');

/** Chrome DevTools' "Slow 4G" profile. */
export const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
export const CPU_SLOWDOWN = 4;

/**
 * Collects paint and layout metrics in the page from its first moment:
 * the last LCP candidate, the layout shifts not caused by input, and long
 * tasks (for TBT: the part of each over 50 ms).
 */
function observeVitals() {
  // inp: the longest interaction (Event Timing entries, by interaction) since `inp` was last set to 0.
  const vitals = { lcp: 0, cls: 0, tbt: 0, inp: 0, shifts: [] };
  Object.defineProperty(window, '__vitals', { value: vitals });
  const observe = (type, onEntry, options = {}) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true, ...options });
    } catch {
      // An entry type this browser does not report.
    }
  };
  observe('largest-contentful-paint', (e) => (vitals.lcp = e.startTime));
  // Which elements moved, for BENCH_LIST: tag, id or class, and the text they start with.
  const describe = (node) =>
    node?.nodeType === 1
      ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${String(node.className).split(' ')[0]} "${(node.textContent ?? '').slice(0, 30)}"`
      : String(node?.nodeName);
  observe('layout-shift', (e) => {
    if (e.hadRecentInput) return;
    vitals.cls += e.value;
    vitals.shifts.push(`${e.value.toFixed(3)} at ${Math.round(e.startTime)} ms: ${(e.sources ?? []).map((s) => describe(s.node)).join(' | ')}`);
  });
  observe('longtask', (e) => (vitals.tbt += Math.max(0, e.duration - 50)));
  // Interaction to Next Paint as web-vitals counts it for a handful of
  // interactions: the longest, from input to the next frame.
  observe('event', (e) => {
    if (e.interactionId) vitals.inp = Math.max(vitals.inp, e.duration);
  }, { durationThreshold: 16 });
}

/** The longest interaction since the last call, once the browser has reported it. */
async function takeInp(page) {
  await page.waitForTimeout(1000);
  return page.evaluate(() => {
    const inp = window.__vitals.inp;
    window.__vitals.inp = 0;
    return inp;
  });
}

/**
 * On the throttled form page: types a comment (opening its field), with an
 * autosave going out halfway, and chooses levels; returns the Interaction
 * to Next Paint of each (ms; null for levels on a page without any).
 */
async function interactWithForm(page) {
  // The demo school's texts are in Bokmål: "Skriv kommentar" opens "Din kommentar".
  await page.getByRole('main').getByRole('button', { name: 'Skriv kommentar' }).first().click();
  const comment = page.getByRole('main').getByLabel('Din kommentar').first();
  await comment.click();
  await takeInp(page);
  await page.keyboard.type('Observerte stell ', { delay: 120 });
  // The autosave goes 3 s after the last change; keep typing while it travels.
  await page.waitForTimeout(3200);
  await page.keyboard.type('og samtale med pasient.', { delay: 120 });
  const typing = await takeInp(page);
  const levels = page.locator('main input[type="radio"]');
  const count = await levels.count();
  if (count === 0) return { typing, level: null };
  for (const i of [0, Math.min(2, count - 1), 1 % count]) {
    await levels.nth(i).click({ force: true });
    await page.waitForTimeout(400);
  }
  return { typing, level: await takeInp(page) };
}

/**
 * Loads `url` in `page`, throttled, until `ready` is visible and the network
 * has been quiet, and returns what it cost; `interact`, if given, then runs
 * on the page still throttled and its answer is returned as `interactions`.
 */
async function measure(page, url, ready, interact) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const types = new Map();
  let requests = 0;
  let bytes = 0;
  let jsBytes = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!e.request.url.startsWith('data:')) requests++;
  });
  const urls = new Map();
  cdp.on('Network.responseReceived', (e) => {
    types.set(e.requestId, e.type);
    urls.set(e.requestId, `${e.response.url} ${e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? '-'}`);
  });
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength;
    if (types.get(e.requestId) === 'Script') jsBytes += e.encodedDataLength;
    if (process.env.BENCH_LIST) console.error(`  ${e.encodedDataLength}\t${types.get(e.requestId)}\t${urls.get(e.requestId)}`);
  });
  await page.goto(url, { waitUntil: 'load' });
  await ready(page).waitFor({ state: 'visible', timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const vitals = await page.evaluate(() => window.__vitals);
  if (process.env.BENCH_LIST) for (const shift of vitals.shifts) console.error(`  shift ${shift}`);
  const interactions = interact ? await interact(page) : null;
  await cdp.detach();
  return { jsBytes, bytes, requests, ...vitals, interactions };
}

/**
 * Makes the next visit to a page in this tab a returning one: the service
 * worker the first visit registered has installed (its precache filled)
 * and controls the tab, and the tab has left the page, as when a nurse
 * comes back to the form later. A signed-in session lives in its tab (the
 * token is in session storage), so a returning visit is the same tab.
 * Pages that register no worker (before sign-in) just leave.
 */
export async function leaveAsReturningVisitor(page) {
  const registered = await page.evaluate(async () => {
    if (!('serviceWorker' in navigator) || !(await navigator.serviceWorker.getRegistration())) return false;
    await Promise.race([navigator.serviceWorker.ready, new Promise((r) => setTimeout(r, 60_000))]);
    return true;
  });
  await page.goto('about:blank');
  if (registered) await throttleServiceWorkers(page.context().browser());
}

/**
 * Throttles the service workers' own requests like the page's: the worker
 * is a target of its own, which the page's network emulation leaves out,
 * so the pages and API answers it fetches would otherwise travel at the
 * machine's speed. (Its CPU is not slowed: Chromium offers no slowdown
 * for a worker.)
 */
async function throttleServiceWorkers(browser) {
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  for (const target of targetInfos.filter((t) => t.type === 'service_worker')) {
    const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false });
    const commands = [['Network.enable', {}], ['Network.emulateNetworkConditions', SLOW_4G]];
    for (const [i, [method, params]] of commands.entries()) {
      await cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: i + 1, method, params }) });
    }
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The address of the first link matching `selector` on `path`, for a signed-in `token`. */
async function firstLink(browser, token, path, selector) {
  const probe = await browser.newContext();
  await probe.addInitScript((t) => window.sessionStorage.setItem('token', t), token);
  const page = await probe.newPage();
  await page.goto(`${ORIGIN}${path}`);
  const link = page.locator(selector).first();
  await link.waitFor({ timeout: 60_000 });
  const href = await link.getAttribute('href');
  await probe.close();
  return href;
}

/** The aims of the form page's work (issue "the form page at the bedside"), in ms. */
const AIMS = [
  { what: 'login page, cold: largest paint', page: 'login page', cache: 'cold', key: 'lcp', aim: 1000 },
  { what: "student's form page, cold: largest paint", page: "student's form page", cache: 'cold', key: 'lcp', aim: 2000 },
  { what: "student's form page, warm (returning): largest paint", page: "student's form page", cache: 'warm', key: 'lcp', aim: 800 },
  { what: 'form page total blocking time, cold', page: "student's form page", cache: 'cold', key: 'tbt', aim: 300 },
  { what: 'interaction to next paint, typing a comment (autosave running)', page: "student's form page", cache: 'warm', key: 'typing', aim: 100 },
  { what: 'interaction to next paint, choosing a level', page: "student's form page", cache: 'warm', key: 'level', aim: 100 },
  { what: "teacher's class page of 40 students, warm: largest paint", page: "teacher's class page (40 students)", cache: 'warm', key: 'lcp', aim: 1000 },
];

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const only = process.env.BENCH_PAGES ? new RegExp(process.env.BENCH_PAGES) : null;
  const wanted = (name) => !only || only.test(name);
  const token = await signIn(PORT, HOST, STUDENT);
  const heading = (page) => page.getByRole('heading', { level: 1 }).first();

  // The form page's address is the first form the student's forms page links to.
  const formPath = await firstLink(browser, token, '/student/forms', 'a[href*="/form/"]');
  const classPage = "teacher's class page (40 students)";
  // The teacher's first class: scripts/bench-web fills it up to 40 students.
  const teacherToken = wanted(classPage) ? await signIn(PORT, HOST, TEACHER) : null;
  const classPath = teacherToken ? await firstLink(browser, teacherToken, '/teacher', 'a[href*="/teacher/class/"]') : null;

  const pages = [
    // Any path without a page of its own shows the login page (spec §2).
    { name: 'login page', path: '/', ready: heading },
    { name: 'code sign-in page', path: '/login', ready: heading },
    { name: 'student home', path: '/student', token, ready: heading },
    {
      name: "student's form page",
      path: formPath,
      token,
      ready: (p) => p.locator('main textarea, main input').first(),
      // Typing and choosing on the warm page, as a nurse does all day.
      interact: interactWithForm,
    },
    // The page reads all forty and shows the teacher's own students first: ready when they are drawn.
    { name: classPage, path: classPath, token: teacherToken, ready: (p) => p.locator('main a[href*="/student/"]').first() },
  ];
  const rows = [];
  const medians = new Map();
  for (const p of pages.filter((page) => wanted(page.name))) {
    const cold = [];
    const warm = [];
    for (let run = 0; run < RUNS; run++) {
      // A new context is a new profile: nothing cached.
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
      await context.addInitScript(observeVitals);
      if (p.token) await context.addInitScript((t) => window.sessionStorage.setItem('token', t), p.token);
      const tab = await context.newPage();
      cold.push(await measure(tab, ORIGIN + p.path, p.ready));
      await leaveAsReturningVisitor(tab);
      warm.push(await measure(tab, ORIGIN + p.path, p.ready, p.interact));
      await context.close();
    }
    for (const [cache, runs] of [['cold', cold], ['warm', warm]]) {
      const m = (k) => median(runs.map((r) => r[k]));
      rows.push([p.name, cache, (m('jsBytes') / 1000).toFixed(1), (m('bytes') / 1000).toFixed(1), m('requests'),
        Math.round(m('lcp')), Math.round(m('tbt')), m('cls').toFixed(3)]);
      const at = (key) => `${p.name}/${cache}/${key}`;
      medians.set(at('lcp'), m('lcp'));
      medians.set(at('tbt'), m('tbt'));
      for (const key of ['typing', 'level']) {
        const values = runs.map((r) => r.interactions?.[key]).filter((v) => typeof v === 'number');
        if (values.length > 0) medians.set(at(key), median(values));
      }
    }
  }
  await browser.close();

  console.log(`\nWeb, Slow 4G (1.6 Mbit/s down, 750 kbit/s up, 150 ms RTT), ${CPU_SLOWDOWN}x CPU slowdown, 390x844 phone; median of ${RUNS} runs\n`);
  console.log('| page | cache | JS kB as sent | all kB as sent | requests | LCP ms | TBT ms | CLS |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);

  console.log('\nAims (ms)\n');
  console.log('| aim | measured | aim | met |');
  console.log('| --- | ---: | ---: | --- |');
  for (const a of AIMS) {
    const v = medians.get(`${a.page}/${a.cache}/${a.key}`);
    const shown = v === undefined ? 'not measured' : String(Math.round(v));
    console.log(`| ${a.what} | ${shown} | ≤ ${a.aim} | ${v === undefined ? '–' : v <= a.aim ? 'yes' : 'no'} |`);
  }
}

// Run as a command, not when bench/trace.mjs imports the throttling from here.
if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
