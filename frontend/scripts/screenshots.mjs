#!/usr/bin/env node
// The pictures of the product in the README, taken from the demo schools so
// that they show the app as it is: the student's form page and a teacher's
// class page on a 390x844 phone screen, written as PNGs to docs/images/.
//
// Usage: node scripts/screenshots.mjs (scripts/screenshots starts the server)
// Environment: PRAKSIS_PORT (default 8080), CHROMIUM_PATH (default
// /usr/bin/chromium), SCREENSHOTS_DIR (default ../docs/images).
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { signIn } from '../bench/server.mjs';

const PORT = process.env.PRAKSIS_PORT ?? '8080';
const HOST = 'demo.localhost';
const ORIGIN = `http://${HOST}:${PORT}`;
const OUT = resolve(process.env.SCREENSHOTS_DIR ?? new URL('../../docs/images', import.meta.url).pathname);
const STUDENT = 'ola.nordmann@stud.demo.test';
const TEACHER = 'per.kristian.dahl@demo.test';

/** A phone-sized, signed-in page of a new browser profile. */
async function phonePage(browser, token) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await context.addInitScript((t) => window.sessionStorage.setItem('token', t), token);
  return context.newPage();
}

/** Opens the first link of `listPath` that matches `linkSelector`, waits for `ready`, and saves the screen. */
async function shoot(page, listPath, linkSelector, ready, file) {
  await page.goto(ORIGIN + listPath);
  const link = page.locator(linkSelector).first();
  await link.waitFor({ timeout: 60_000 });
  await page.goto(ORIGIN + (await link.getAttribute('href')));
  await ready(page).waitFor({ state: 'visible', timeout: 60_000 });
  // A first visit may open a checklist; the picture shows the page under it.
  const dialog = page.getByRole('dialog');
  if (await dialog.isVisible()) {
    await dialog.getByRole('button').last().click();
    await dialog.waitFor({ state: 'hidden' });
  }
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${OUT}/${file}`, animations: 'disabled' });
  console.log(`wrote ${OUT}/${file}`);
}

async function main() {
  await mkdir(OUT, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
  });
  const student = await phonePage(browser, await signIn(PORT, HOST, STUDENT));
  await shoot(student, '/student/forms', 'a[href*="/form/"]', (p) => p.locator('main textarea, main input').first(), 'student-form.png');
  const teacher = await phonePage(browser, await signIn(PORT, HOST, TEACHER));
  await shoot(teacher, '/teacher', 'a[href*="/teacher/class/"]', (p) => p.getByRole('heading', { level: 1 }).first(), 'teacher-class.png');
  await browser.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
