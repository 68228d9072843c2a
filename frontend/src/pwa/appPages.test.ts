import { describe, expect, it } from 'vitest';
import { isAppPage, withoutServerLogin } from './appPages';

const origin = 'https://a.example';

describe('isAppPage', () => {
  it.each([
    ['/', true],
    ['/student/forms', true],
    ['/login', true],
    ['/apidocs', true],
    ['/api/docs', false],
    ['/api', false],
    ['/dev/mail', false],
  ])('%s → %s', (path, expected) => {
    expect(isAppPage(new URL(path, origin), origin)).toBe(expected);
  });

  it('leaves pages of another origin alone', () => {
    expect(isAppPage(new URL('https://b.example/student'), origin)).toBe(false);
  });
});

describe('withoutServerLogin', () => {
  it('leaves out the login page the server wrote into the page, and nothing else', () => {
    const page =
      '<head><title>T</title></head><body><div id="root"><!--praksis:login--><div id="praksis-login"><h1>Skole</h1></div><!--/praksis:login--></div><script type="module" src="/a.js"></script></body>';
    expect(withoutServerLogin(page)).toBe(
      '<head><title>T</title></head><body><div id="root"></div><script type="module" src="/a.js"></script></body>',
    );
  });

  it('keeps a page without it as it is', () => {
    const page = '<body><div id="root"></div></body>';
    expect(withoutServerLogin(page)).toBe(page);
  });
});
