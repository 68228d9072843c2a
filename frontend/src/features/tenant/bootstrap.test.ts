import { afterEach, describe, expect, it } from 'vitest';
import { demoTenant } from '@/testing/fixtures';
import { normalizeTenant, readInjectedTenant, TENANT_DATA_ID } from './bootstrap';

/** Puts a data block into the page as the server does. */
function inject(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = TENANT_DATA_ID;
  block.textContent = text;
  document.head.appendChild(block);
}

describe('readInjectedTenant', () => {
  afterEach(() => {
    document.getElementById(TENANT_DATA_ID)?.remove();
  });

  it('returns the school from the JSON data block', () => {
    inject(JSON.stringify(demoTenant()));
    expect(readInjectedTenant()?.appName).toBe('Praksis Demo');
  });

  it('returns null when nothing, something malformed or something that is not JSON was injected', () => {
    expect(readInjectedTenant()).toBeNull();
    inject(JSON.stringify({ appName: 'x' }));
    expect(readInjectedTenant()).toBeNull();
    document.getElementById(TENANT_DATA_ID)?.remove();
    inject(JSON.stringify({ ...demoTenant(), theme: { primaryColor: '#000' } }));
    expect(readInjectedTenant()).toBeNull();
    document.getElementById(TENANT_DATA_ID)?.remove();
    inject('{not json');
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
    const tenant = normalizeTenant({ ...demoTenant(), languages: ['nb', 'nn', 'sv', 'en'] });
    expect(tenant?.languages).toEqual(['nb', 'nn', 'en']);
    const odd = normalizeTenant({ ...demoTenant(), defaultLanguage: 'sv', languages: ['sv'], language: 'sv' });
    expect(odd).toMatchObject({ defaultLanguage: 'nb', languages: ['nb'], language: 'nb' });
    const nynorsk = normalizeTenant({ ...demoTenant(), defaultLanguage: 'nn', languages: ['nb', 'nn', 'en'], language: 'nn' });
    expect(nynorsk).toMatchObject({ defaultLanguage: 'nn', language: 'nn' });
  });
});
