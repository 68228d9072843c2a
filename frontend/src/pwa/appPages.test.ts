import { describe, expect, it } from 'vitest';
import { isAppPage } from './appPages';

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
