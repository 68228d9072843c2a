#!/usr/bin/env node
// What a phone on a slow network sees: opens the login page, the student's
// home and the student's form page of a running Praksis server in headless
// Chromium, throttled to "Slow 4G" (1.6 Mbit/s down, 750 kbit/s up, 150 ms
// round trip) with a 4x CPU slowdown, first with a cold cache and then with
// a warm one, and prints for each: JavaScript and all bytes as sent over
// the network, requests, Largest Contentful Paint, Total Blocking Time and
// Cumulative Layout Shift. Not pass/fail.
//
// Usage: node bench/web.mjs
// Environment: PRAKSIS_PORT (default 8080), CHROMIUM_PATH (default
// /usr/bin/chromium), BENCH_HOST (default demo), BENCH_STUDENT (default
// ola.nordmann@stud.demo.test), BENCH_RUNS (runs per page and cache state,
// the median is printed; default 3).
import { chromium } from 'playwright-core';
import { signIn } from './server.mjs';

const PORT = process.env.PRAKSIS_PORT ?? '8080';
const HOST = `${process.env.BENCH_HOST ?? 'demo'}.localhost`;
const ORIGIN = `http://${HOST}:${PORT}`;
const STUDENT = process.env.BENCH_STUDENT ?? 'ola.nordmann@stud.demo.test';
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
  const vitals = { lcp: 0, cls: 0, tbt: 0, shifts: [] };
  Object.defineProperty(window, '__vitals', { value: vitals });
  const observe = (type, onEntry) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true });
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
}

/**
 * Loads `url` in `page`, throttled, until `ready` is visible and the network
 * has been quiet, and returns what it cost.
 */
async function measure(page, url, ready) {
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
  await cdp.detach();
  return { jsBytes, bytes, requests, ...vitals };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const token = await signIn(PORT, HOST, STUDENT);
  const heading = (page) => page.getByRole('heading', { level: 1 }).first();

  // The form page's address is the first form the student's forms page links to.
  const probe = await browser.newContext();
  await probe.addInitScript((t) => window.sessionStorage.setItem('token', t), token);
  const probePage = await probe.newPage();
  await probePage.goto(`${ORIGIN}/student/forms`);
  const formLink = probePage.locator('a[href*="/form/"]').first();
  await formLink.waitFor({ timeout: 60_000 });
  const formPath = await formLink.getAttribute('href');
  await probe.close();

  const only = process.env.BENCH_PAGES ? new RegExp(process.env.BENCH_PAGES) : null;
  const pages = [
    // Any path without a page of its own shows the login page (spec §2).
    { name: 'login page', path: '/', signedIn: false, ready: heading },
    { name: 'code sign-in page', path: '/login', signedIn: false, ready: heading },
    { name: 'student home', path: '/student', signedIn: true, ready: heading },
    { name: "student's form page", path: formPath, signedIn: true, ready: (p) => p.locator('main textarea, main input').first() },
  ];
  const rows = [];
  for (const p of pages.filter((page) => !only || only.test(page.name))) {
    const cold = [];
    const warm = [];
    for (let run = 0; run < RUNS; run++) {
      // A new context is a new profile: nothing cached.
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
      await context.addInitScript(observeVitals);
      if (p.signedIn) await context.addInitScript((t) => window.sessionStorage.setItem('token', t), token);
      cold.push(await measure(await context.newPage(), ORIGIN + p.path, p.ready));
      warm.push(await measure(await context.newPage(), ORIGIN + p.path, p.ready));
      await context.close();
    }
    for (const [cache, runs] of [['cold', cold], ['warm', warm]]) {
      const m = (k) => median(runs.map((r) => r[k]));
      rows.push([p.name, cache, (m('jsBytes') / 1000).toFixed(1), (m('bytes') / 1000).toFixed(1), m('requests'),
        Math.round(m('lcp')), Math.round(m('tbt')), m('cls').toFixed(3)]);
    }
  }
  await browser.close();

  console.log(`\nWeb, Slow 4G (1.6 Mbit/s down, 750 kbit/s up, 150 ms RTT), ${CPU_SLOWDOWN}x CPU slowdown, 390x844 phone; median of ${RUNS} runs\n`);
  console.log('| page | cache | JS kB as sent | all kB as sent | requests | LCP ms | TBT ms | CLS |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
