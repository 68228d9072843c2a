import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, message, schoolUrl, signInWithCode } from './support';

// The database goes away under a student who is writing: scripts/e2e tells
// where the journeys' Postgres cluster lives, and this journey stops it and
// starts it again, as a restart would.
// playwright.config.ts runs this journey only where both are set.
const PG_DIR = process.env.PRAKSIS_E2E_PG_DIR ?? '';
const PG_PORT = process.env.PRAKSIS_E2E_PG_PORT ?? '';
const LIB = fileURLToPath(new URL('../../scripts/lib.sh', import.meta.url));
const STUDENT = 'sofie.kristiansen@stud.demo.test';

function database(action: 'stop' | 'start') {
  const command = action === 'stop' ? 'pg_stop "$1"' : 'pg_start "$1" "$2" >/dev/null';
  execFileSync('bash', ['-c', `source "$0" && ${command}`, LIB, PG_DIR, PG_PORT], { stdio: 'inherit' });
}

const status = (page: Page) => page.locator('[data-status]');

test('the form page says it is reconnecting while the database is away, and saves the text once it is back', async ({ page }) => {
  test.setTimeout(120_000);
  await signInWithCode(page, 'demo', STUDENT);
  await page.goto(schoolUrl('demo', '/student/forms'));
  await page.getByRole('link', { name: /^Åpne skjemaet / }).first().click();
  const comment = page.getByRole('textbox', { name: message('nb', 'answering.comment.label') }).first();
  const addComment = page.getByRole('button', { name: message('nb', 'answering.comment.add') }).first();
  // The form has loaded when either is there; the box opens with the button.
  await expect(comment.or(addComment).first()).toBeVisible();
  if (await addComment.isVisible()) await addComment.click();
  await expect(comment).toBeEditable();

  try {
    database('stop');
    const text = `Skrevet mens databasen var borte (${Date.now()})`;
    await comment.fill(text);
    await expect(status(page)).toHaveAttribute('data-status', 'reconnecting', { timeout: 20_000 });
    await expect(status(page)).toHaveText(message('nb', 'answering.status.reconnecting'));
    await expect(comment).toHaveValue(text);
    await expectNoAxeViolations(page);

    database('start');
    await expect(status(page)).toHaveAttribute('data-status', 'saved', { timeout: 45_000 });
    await page.reload();
    await expect(page.getByRole('textbox', { name: message('nb', 'answering.comment.label') }).first()).toHaveValue(text);
  } finally {
    database('start');
  }
});
