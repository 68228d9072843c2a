import { afterEach, describe, expect, it } from 'vitest';
import { demoTenant } from '@/testing/fixtures';
import { normalizeTenant, readInjectedTenant } from './bootstrap';

describe('readInjectedTenant', () => {
  afterEach(() => {
    delete window.__PRAKSIS_TENANT__;
  });

  it('returns the injected school', () => {
    window.__PRAKSIS_TENANT__ = demoTenant();
    expect(readInjectedTenant()?.appName).toBe('Praksis Demo');
  });

  it('returns null when nothing or something malformed was injected', () => {
    expect(readInjectedTenant()).toBeNull();
    window.__PRAKSIS_TENANT__ = { appName: 'x' };
    expect(readInjectedTenant()).toBeNull();
    window.__PRAKSIS_TENANT__ = { ...demoTenant(), theme: { primaryColor: '#000' } };
    expect(readInjectedTenant()).toBeNull();
  });
});

describe('normalizeTenant', () => {
  it('accepts what the server sends when optional fields are left out', () => {
    const { theme, ...rest } = demoTenant();
    const tenant = normalizeTenant({
      ...rest,
      theme: { primaryColor: theme.primaryColor, secondaryColor: theme.secondaryColor },
      accessibilityStatement: undefined,
    });
    expect(tenant?.theme.logoUrl).toBeNull();
    expect(tenant?.theme.faviconUrl).toBeNull();
    expect(tenant?.accessibilityStatement).toBe('');
  });

  it('keeps only languages the app has messages for', () => {
    const tenant = normalizeTenant({ ...demoTenant(), languages: ['nb', 'nn', 'en'] });
    expect(tenant?.languages).toEqual(['nb', 'en']);
    const odd = normalizeTenant({ ...demoTenant(), defaultLanguage: 'nn', languages: ['nn'], language: 'nn' });
    expect(odd).toMatchObject({ defaultLanguage: 'nb', languages: ['nb'], language: 'nb' });
  });
});
