import { defineConfig } from '@playwright/test';

/**
 * Browser journeys against a running Praksis server (`praksis serve` or
 * `praksis dev`), which the calling script starts; there is no webServer
 * block on purpose. Set PRAKSIS_PORT when it does not listen on 8080.
 * Uses the system Chromium; no browser is downloaded.
 */
export default defineConfig({
  testDir: './e2e',
  // The journey that stops and starts the database needs the cluster of
  // scripts/e2e; behind PgBouncer (scripts/cluster-test) it is left out.
  testIgnore: process.env.PRAKSIS_E2E_PG_DIR ? [] : ['database-away.spec.ts'],
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  // One more try for a journey that failed: a journey that fails twice fails
  // the run, and one that passed on its second try is reported as flaky.
  retries: 1,
  forbidOnly: true,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    // The service worker answers from its caches and hides requests from
    // page.route; only the offline journeys (offline.spec.ts) allow it.
    serviceWorkers: 'block',
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
