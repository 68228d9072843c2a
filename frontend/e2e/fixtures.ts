import { test as base, expect, type Browser, type BrowserContext } from '@playwright/test';

export { expect };

/** Chromium's console message for anything the Content-Security-Policy blocked. */
const CSP_MESSAGE = /Content Security Policy/i;

/**
 * The journeys' `test`: every journey fails when a page of any browser
 * context it opens reports a Content-Security-Policy violation in the
 * console, so the app is known to work under the policy it is served with.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ browser, context }, use) => {
      const violations: string[] = [];
      const watch = (c: BrowserContext) => {
        c.on('console', (message) => {
          if (message.type() === 'error' && CSP_MESSAGE.test(message.text())) {
            violations.push(`${message.location().url}: ${message.text()}`);
          }
        });
      };
      watch(context);
      // Journeys with two people open contexts of their own.
      const newContext = browser.newContext.bind(browser);
      const patched: Browser['newContext'] = async (...args) => {
        const created = await newContext(...args);
        watch(created);
        return created;
      };
      browser.newContext = patched;
      await use(violations);
      browser.newContext = newContext;
      expect(violations, 'Content-Security-Policy violations in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});
