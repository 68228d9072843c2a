import { expect, test } from './fixtures';
import { expectFitsTheScreen, NARROW_PHONE, schoolUrl } from './support';

// The API reference an integrator reads at /api/docs: Redoc rendering the
// OpenAPI document of the same host, under the page's own policy (the
// fixtures fail the journey on any violation).

/** Redoc reads the whole document before it shows anything; on a busy machine that takes longer than a page of the app. */
const FIRST_RENDER = { timeout: 30_000 };

test('API reference: the document is rendered at /api/docs and can be searched', async ({ page }) => {
  // The first render and the search index each take up to FIRST_RENDER on a busy machine.
  test.setTimeout(90_000);
  await page.goto(schoolUrl('demo', '/api/docs'));
  await expect(page).toHaveTitle('Praksis API reference');
  await expect(page.getByRole('heading', { level: 1, name: /Praksis API/ })).toBeVisible(FIRST_RENDER);
  // An operation: its summary as a heading in the middle panel.
  const operation = page.getByRole('heading', { level: 2, name: /\bOne class\b/ });
  await expect(operation).toBeVisible();

  // The search runs in a worker that Redoc starts from a blob: URL, which
  // only this page's policy allows. The worker indexes the whole document
  // before it answers, which on a busy machine takes as long as the first
  // render.
  await page.getByPlaceholder('Search...').fill('sign-in code');
  await expect(page.locator('[data-role="search:results"] li').first()).toBeVisible(FIRST_RENDER);
});

test.describe('on a phone', () => {
  test.use(NARROW_PHONE);

  test('API reference: readable on a phone, with the menu behind a button', async ({ page }) => {
    await page.goto(schoolUrl('demo', '/api/docs'));
    await expect(page.getByRole('heading', { level: 1, name: /Praksis API/ })).toBeVisible(FIRST_RENDER);
    await expect(page.getByRole('heading', { level: 2, name: /\bOne class\b/ })).toBeAttached();
    // Nothing wider than the screen: the page does not scroll sideways.
    await expectFitsTheScreen(page, 'the API reference');
  });
});
