import { beforeEach, describe, expect, it } from 'vitest';
import { getStoredLanguage, LANGUAGE_STORAGE_KEY, resolveLanguage, storeLanguage } from './language';

describe('language helpers', () => {
  beforeEach(() => window.localStorage.clear());

  it('reads back a stored choice', () => {
    storeLanguage('en');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(getStoredLanguage()).toBe('en');
  });

  it('ignores unknown stored values and reads the old "no" as nb', () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    expect(getStoredLanguage()).toBeNull();
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'no');
    expect(getStoredLanguage()).toBe('nb');
  });

  it('prefers the stored choice, then the school default, then nb', () => {
    expect(resolveLanguage({ stored: 'en', defaultLanguage: 'nb', available: ['nb', 'en'] })).toBe('en');
    expect(resolveLanguage({ stored: null, defaultLanguage: 'en', available: ['nb', 'en'] })).toBe('en');
    expect(resolveLanguage({ stored: null })).toBe('nb');
  });

  it('falls back to the school default when the school does not offer the stored choice', () => {
    expect(resolveLanguage({ stored: 'en', defaultLanguage: 'nb', available: ['nb'] })).toBe('nb');
  });
});
