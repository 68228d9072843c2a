import { expect, test } from './fixtures';
import { expectFitsTheScreen, expectNoAxeViolations, hexToRgb, message, NARROW_PHONE, schoolUrl } from './support';

/** The demo schools `praksis dev` creates. */
const schools = [
  { host: 'demo', appName: 'Praksis Demo', orgNumber: '999 888 777', primaryColor: '#00509E' },
  { host: 'demo2', appName: 'Praksisportalen Nord', orgNumber: '911 222 333', primaryColor: '#2E7D32' },
];

for (const school of schools) {
  test.describe(`login page on ${school.host}.localhost`, () => {
    test('shows the school, in its colours, in Norwegian and English, without accessibility violations', async ({
      page,
    }) => {
      await page.goto(schoolUrl(school.host));

      // The school's name as tab title and as the one h1; its organisation number.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(school.appName);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page).toHaveTitle(school.appName);
      await expect(page.getByText(message('nb', 'login.orgNumber', { orgNumber: school.orgNumber }))).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'nb');

      // The school's primary colour: in the browser chrome and on the Feide button.
      const themeColor = await page.locator('meta[name="theme-color"]').getAttribute('content');
      expect(themeColor?.toLowerCase()).toBe(school.primaryColor.toLowerCase());
      const feide = page.getByRole('link', { name: message('nb', 'login.feide.button') });
      await expect(feide).toBeVisible();
      await expect(feide).toHaveCSS('background-color', hexToRgb(school.primaryColor));
      await expect(feide).toHaveAttribute('href', '/api/auth/feide/start');
      // Vipps starts with a state the app made for this sign-in.
      await expect(page.getByRole('link', { name: message('nb', 'login.vipps.button') })).toHaveAttribute(
        'href',
        /^\/api\/auth\/vipps\/start\?state=[\w-]{32}$/,
      );

      await expectNoAxeViolations(page);

      // Switch to English with the keyboard-reachable language menu.
      await page.getByRole('button', { name: /^Språk:/ }).click();
      await page.getByRole('menuitemradio', { name: message('en', 'language.name.en') }).click();
      await expect(page.getByRole('link', { name: message('en', 'login.feide.button') })).toBeVisible();
      await expect(page.getByText(message('en', 'login.orgNumber', { orgNumber: school.orgNumber }))).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      expect(await page.evaluate(() => window.localStorage.getItem('language'))).toBe('en');
      await expect(page).toHaveTitle(school.appName);

      await expectNoAxeViolations(page);

      // The choice survives a reload.
      await page.reload();
      await expect(page.getByRole('link', { name: message('en', 'login.feide.button') })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(school.appName);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    });

    test('is in the page the server sends, and the script draws it over itself unchanged', async ({ browser, page }) => {
      // Where every heading, text, link and button of the page is, relative
      // to #root (a page without script also shows its <noscript> line).
      const layout = () =>
        [...document.querySelectorAll('#root :is(header, main, footer, h1, h2, p, a, button, hr, li, img)')].map((e) => {
          const root = document.querySelector('#root')?.getBoundingClientRect() ?? new DOMRect();
          const box = e.getBoundingClientRect();
          const style = getComputedStyle(e);
          const at = [box.x - root.x, box.y - root.y, box.width, box.height].map((v) => Math.round(v)).join(',');
          return `${e.tagName} "${e.textContent.trim().slice(0, 24)}" ${at} ${style.color} ${style.backgroundColor} ${style.fontSize} ${style.fontWeight}`;
        });
      for (const width of [390, 1024]) {
        const viewport = { width, height: 844 };
        const noScript = await browser.newContext({ javaScriptEnabled: false, viewport });
        const bare = await noScript.newPage();
        await bare.goto(schoolUrl(school.host));
        await expect(bare.getByRole('heading', { level: 1 })).toHaveText(school.appName);
        const painted = await bare.evaluate(layout);
        await noScript.close();

        await page.setViewportSize(viewport);
        await page.addInitScript(() => {
          const shifts: number[] = [];
          Object.defineProperty(window, '__shifts', { value: shifts });
          new PerformanceObserver((list) => list.getEntries().forEach((e) => shifts.push((e as unknown as { value: number }).value))).observe({
            type: 'layout-shift',
            buffered: true,
          });
        });
        await page.goto(schoolUrl(school.host));
        // React has drawn its own page in place of the server's.
        await expect(page.locator('#praksis-login')).toHaveCount(0);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(school.appName);
        expect(await page.evaluate(layout)).toEqual(painted);
        // Nothing a person sees move: a busy machine now and then records a
        // sliver (0.001) while React commits, far below what shows.
        const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
        expect(shifts.reduce((sum, v) => sum + v, 0)).toBeLessThan(0.01);
      }
    });

    test('keeps a supervisor invitation through every way of signing in', async ({ page }) => {
      await page.goto(schoolUrl(school.host, '/?verificationGuid=0f8e2d6c-1234'));
      await expect(page.getByRole('link', { name: message('nb', 'login.feide.button') })).toHaveAttribute(
        'href',
        '/api/auth/feide/start?verificationGuid=0f8e2d6c-1234',
      );
      await expect(page.getByRole('link', { name: message('nb', 'login.vipps.button') })).toHaveAttribute(
        'href',
        /^\/api\/auth\/vipps\/start\?state=[\w-]{32}&verificationGuid=0f8e2d6c-1234$/,
      );
      await expect(page.getByRole('link', { name: message('nb', 'login.otp.link') })).toHaveAttribute(
        'href',
        '/login?verificationGuid=0f8e2d6c-1234',
      );
      await expect(page.getByText(message('nb', 'login.invitation'))).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('works on a phone with big touch targets', async ({ browser }) => {
      const context = await browser.newContext(NARROW_PHONE);
      const page = await context.newPage();
      await page.goto(schoolUrl(school.host));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(school.appName);

      for (const id of ['login.feide.button', 'login.vipps.button']) {
        const box = await page.getByRole('link', { name: message('nb', id) }).boundingBox();
        expect(box?.height).toBeGreaterThanOrEqual(44);
        // As wide as the screen, but for the page's margins.
        expect(box?.width).toBeGreaterThanOrEqual(NARROW_PHONE.viewport.width - 48);
      }
      // Nothing sticks out sideways (WCAG 1.4.10 reflow).
      await expectFitsTheScreen(page, 'the login page');

      await expectNoAxeViolations(page);
      await context.close();
    });

    test('shows the privacy policy in an accessible dialog and can be used by keyboard', async ({ page }) => {
      await page.goto(schoolUrl(school.host));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(school.appName);

      // The first Tab stops on the language menu, then on the sign-in links.
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: /^Språk:/ })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: message('nb', 'login.feide.button') })).toBeFocused();

      await page.getByRole('button', { name: message('nb', 'footer.privacy') }).click();
      const dialog = page.getByRole('dialog', { name: message('nb', 'footer.privacy') });
      await expect(dialog).toBeVisible();
      await expect(dialog.locator('script')).toHaveCount(0);
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });
  });
}

test('an unknown host shows the school-not-found page', async ({ page }) => {
  await page.goto(schoolUrl('nowhere'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('nb', 'schoolNotFound.title'));
  await expect(page.getByText('nowhere.localhost')).toBeVisible();
  await expect(page.getByRole('link', { name: message('nb', 'login.feide.button') })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('an unknown page inside a school shows the not-found page', async ({ page }) => {
  await page.goto(schoolUrl('demo', '/404'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('nb', 'notFound.title'));
  await expect(page.getByRole('link', { name: message('nb', 'notFound.home') })).toBeVisible();
  await expectNoAxeViolations(page);
});
