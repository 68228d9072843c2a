import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * The nonce the server gave this page for its style elements
 * (`<meta name="csp-nonce">`): the Content-Security-Policy lets in only
 * style elements that carry it. Undefined without one (tests, the Vite dev
 * server).
 */
export function readStyleNonce(source: Document = document): string | undefined {
  const nonce = source.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  return nonce === '' ? undefined : nonce;
}

/** MUI's style cache, whose style elements carry the page's nonce. */
export function createStyleCache(nonce = readStyleNonce()): EmotionCache {
  return createCache({ key: 'css', nonce });
}
