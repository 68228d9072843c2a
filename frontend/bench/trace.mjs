#!/usr/bin/env node
// Where the form page's time goes on the throttled phone of bench/web.mjs:
// loads the student's form page cold and then warm with the same throttling
// (Slow 4G, 4x CPU, 390x844), records the main thread's CPU profile and the
// request waterfall, and prints the LCP element and when it was drawn, the
// functions and scripts with the most time, and each request's start and end.
//
// Usage: node bench/trace.mjs (against a running `praksis dev`; same
// environment as bench/web.mjs). TRACE_OUT=dir also writes the CPU profiles
// (.cpuprofile, for the browser's performance panel).
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { signIn } from './server.mjs';
import { CPU_SLOWDOWN, leaveAsReturningVisitor, SLOW_4G } from './web.mjs';

const PORT = process.env.PRAKSIS_PORT ?? '8080';
const HOST = `${process.env.BENCH_HOST ?? 'demo'}.localhost`;
const ORIGIN = `http://${HOST}:${PORT}`;
const STUDENT = process.env.BENCH_STUDENT ?? 'ola.nordmann@stud.demo.test';

/** The LCP entries and long tasks as the page reports them. */
function observe() {
  const seen = { lcp: [], long: [] };
  Object.defineProperty(window, '__trace', { value: seen });
  const describe = (node) =>
    node?.nodeType === 1 ? `${node.tagName.toLowerCase()}.${String(node.className).split(' ')[0]} "${(node.textContent ?? '').slice(0, 40)}"` : String(node?.nodeName);
  new PerformanceObserver((l) => l.getEntries().forEach((e) => seen.lcp.push(`${Math.round(e.startTime)} ms ${e.size}px ${describe(e.element)}`))).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => l.getEntries().forEach((e) => seen.long.push([Math.round(e.startTime), Math.round(e.duration)]))).observe({ type: 'longtask', buffered: true });
}

/** Self time per function and per script from a CPU profile (ms, slowed down as recorded). */
function summarise(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (dt[i] ?? 0) / 1000);
  const fns = new Map();
  const scripts = new Map();
  for (const [id, ms] of self) {
    const f = byId.get(id).callFrame;
    const file = f.url ? f.url.replace(/^.*\//, '') : `(${f.functionName || 'program'})`;
    const key = `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`;
    fns.set(key, (fns.get(key) ?? 0) + ms);
    scripts.set(file, (scripts.get(file) ?? 0) + ms);
  }
  const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${v.toFixed(0).padStart(6)} ms  ${k}`);
  return { fns: top(fns, 40), scripts: top(scripts, 25) };
}

async function run(context, url, label, tab) {
  const page = tab ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  const reqs = new Map();
  let t0 = null;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.request.url.startsWith('data:')) return;
    t0 ??= e.timestamp;
    reqs.set(e.requestId, { url: e.request.url.replace(ORIGIN, ''), start: e.timestamp, initiator: e.initiator?.type });
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = reqs.get(e.requestId);
    if (r) { r.status = e.response.status; r.sw = e.response.fromServiceWorker; r.disk = e.response.fromDiskCache; }
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = reqs.get(e.requestId);
    if (r) { r.end = e.timestamp; r.bytes = e.encodedDataLength; }
  });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'load' });
  await page.locator('main textarea, main input').first().waitFor({ state: 'visible', timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const { profile } = await cdp.send('Profiler.stop');
  const seen = await page.evaluate(() => window.__trace);
  const nav = await page.evaluate(() => JSON.stringify(performance.getEntriesByType('navigation')[0]?.toJSON?.() ?? {}));
  console.log(`\n=== ${label} ===`);
  console.log('LCP candidates:'); seen.lcp.forEach((l) => console.log('  ' + l));
  const tbt = seen.long.reduce((s, [, d]) => s + Math.max(0, d - 50), 0);
  console.log(`long tasks (start ms, duration ms), TBT ${tbt}:`, JSON.stringify(seen.long));
  const { fns, scripts } = summarise(profile);
  console.log('self time by script:'); scripts.forEach((l) => console.log('  ' + l));
  console.log('self time by function:'); fns.forEach((l) => console.log('  ' + l));
  console.log('requests (start..end ms from the first, bytes, status, from):');
  for (const r of [...reqs.values()].sort((a, b) => a.start - b.start)) {
    const ms = (t) => (t === undefined ? '   ?' : String(Math.round((t - t0) * 1000)).padStart(5));
    console.log(`  ${ms(r.start)}..${ms(r.end)} ${String(r.bytes ?? '').padStart(7)} ${r.status ?? '?'} ${r.sw ? 'sw' : r.disk ? 'disk' : 'net'} ${r.initiator} ${r.url.slice(0, 110)}`);
  }
  if (process.env.TRACE_OUT) writeFileSync(`${process.env.TRACE_OUT}/${label}.cpuprofile`, JSON.stringify(profile));
  void nav;
  await cdp.detach();
  return page;
}

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const token = await signIn(PORT, HOST, STUDENT);
    const probe = await browser.newContext();
    await probe.addInitScript((t) => window.sessionStorage.setItem('token', t), token);
    const p = await probe.newPage();
    await p.goto(`${ORIGIN}/student/forms`);
    const link = p.locator('a[href*="/form/"]').first();
    await link.waitFor({ timeout: 60_000 });
    const formPath = await link.getAttribute('href');
    await probe.close();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    await context.addInitScript(observe);
    await context.addInitScript((t) => window.sessionStorage.setItem('token', t), token);
    const tab = await run(context, ORIGIN + formPath, 'cold');
    await leaveAsReturningVisitor(tab);
    await run(context, ORIGIN + formPath, 'warm', tab);
  } finally {
    // Closed on failure too, so the command ends with its exit status.
    await browser.close();
  }
}

// A failed trace ends the command with a non-zero status once its output is out.
main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
