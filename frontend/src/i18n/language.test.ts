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

  it('shows a new visitor a Nynorsk school in Nynorsk, and keeps a stored Nynorsk choice', () => {
    expect(resolveLanguage({ stored: null, defaultLanguage: 'nn', available: ['nb', 'nn', 'en'] })).toBe('nn');
    storeLanguage('nn');
    expect(getStoredLanguage()).toBe('nn');
    expect(resolveLanguage({ stored: 'nn', defaultLanguage: 'nb', available: ['nb', 'nn', 'en'] })).toBe('nn');
  });

  it('follows a browser that asks for Nynorsk first, unless the user chose otherwise', () => {
    const all = ['nb', 'nn', 'en'];
    for (const browser of [['nn'], ['nn-NO', 'nn', 'en-US'], ['no-NN'], ['de-DE', 'nn-NO']]) {
      expect(resolveLanguage({ stored: null, defaultLanguage: 'nb', available: all, browser }), browser.join()).toBe('nn');
    }
    for (const browser of [['nb-NO', 'nn'], ['en-US', 'nn'], ['no'], ['de'], []]) {
      expect(resolveLanguage({ stored: null, defaultLanguage: 'nb', available: all, browser }), browser.join()).toBe('nb');
    }
    expect(resolveLanguage({ stored: 'en', defaultLanguage: 'nb', available: all, browser: ['nn'] })).toBe('en');
    expect(resolveLanguage({ stored: null, defaultLanguage: 'en', available: ['nb', 'en'], browser: ['nn'] })).toBe('en');
  });

  // react-intl formats with the language code as locale: Nynorsk must get the
  // Norwegian day-month order, decimal comma, space as thousands separator
  // and Norwegian alphabetical order (æ, ø, å last), as Bokmål does.
  it('formats dates, numbers and sorts in Nynorsk as in Norwegian', () => {
    const date = new Date(Date.UTC(2026, 10, 25, 12));
    const options = { day: 'numeric', month: '2-digit', year: 'numeric', timeZone: 'UTC' } as const;
    expect(new Intl.DateTimeFormat('nn', options).format(date)).toBe(new Intl.DateTimeFormat('nb', options).format(date));
    expect(new Intl.DateTimeFormat('nn', options).format(date)).toBe('25.11.2026');
    expect(new Intl.NumberFormat('nn').format(1234.5)).toBe(new Intl.NumberFormat('nb').format(1234.5));
    expect(new Intl.NumberFormat('nn').format(0.5)).toBe('0,5');
    const names = ['Åse', 'Øystein', 'Zoe', 'Ærle', 'Anne'];
    expect([...names].sort(new Intl.Collator('nn').compare)).toEqual(['Anne', 'Zoe', 'Ærle', 'Øystein', 'Åse']);
    expect(new Intl.DateTimeFormat('nn', { month: 'long', timeZone: 'UTC' }).format(date)).toBe('november');
  });
});
