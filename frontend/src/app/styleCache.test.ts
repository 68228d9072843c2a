import { afterEach, describe, expect, it } from 'vitest';
import { createStyleCache, readStyleNonce } from './styleCache';

describe('the style cache', () => {
  afterEach(() => {
    document.querySelector('meta[name="csp-nonce"]')?.remove();
  });

  it("gives MUI's style elements the page's nonce", () => {
    const meta = document.createElement('meta');
    meta.name = 'csp-nonce';
    meta.content = 'bm9uY2Ugbm9uY2Ugbm9uY2U=';
    document.head.appendChild(meta);
    expect(readStyleNonce()).toBe('bm9uY2Ugbm9uY2Ugbm9uY2U=');
    const cache = createStyleCache();
    cache.sheet.insert('.x{color:red}');
    const style = document.head.querySelector(`style[data-emotion="${cache.key}"]`);
    expect(style?.getAttribute('nonce')).toBe('bm9uY2Ugbm9uY2Ugbm9uY2U=');
  });

  it('has no nonce where the page has none', () => {
    expect(readStyleNonce()).toBeUndefined();
  });
});
