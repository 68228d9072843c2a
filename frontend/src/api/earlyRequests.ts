import { getToken } from '@/features/auth/token';
import { currentLanguage } from '@/i18n/languageStore';
import { API_CACHE } from '@/pwa/cacheNames';
import { apiCacheKey } from '@/pwa/userKey';

/**
 * API reads started before the code that uses their answers has loaded
 * (the entry asks for the user while the signed-in app downloads; a route
 * asks for its page's data while the page's code does). The api slice's
 * fetch takes a started request instead of sending the same one again.
 * Kept out of the api slice so the entry can start them without RTK Query.
 */
const started = new Map<string, Promise<Response>>();

/**
 * The reads the page itself started before any script of the app arrived
 * (api/httpapi/earlyreads.js): with the token and language they went with.
 */
interface PageReads {
  token: string;
  language: string;
  started: Record<string, Promise<Response>>;
}

declare global {
  interface Window {
    __praksisReads?: PageReads;
  }
}

/**
 * Takes over the page's reads, once, when they went with this page load's
 * token and language (the first render may use another language than the
 * page assumed: then the app asks again, and the page's answers go unused).
 */
function adoptPageReads(): void {
  const reads = window.__praksisReads;
  if (!reads) return;
  window.__praksisReads = undefined;
  if (reads.token !== getToken() || reads.language !== currentLanguage()) return;
  for (const [url, response] of Object.entries(reads.started)) {
    if (!started.has(url)) started.set(url, response);
  }
}

/** The address of an API read, as the api slice asks for it (`users/me` → `/api/users/me`). */
function apiUrl(path: string): string {
  return new URL(`/api/${path}`, window.location.origin).href;
}

/** The headers every API call carries (see prepareApiHeaders in the api slice). */
function earlyHeaders(): Headers {
  const headers = new Headers({ 'Accept-Language': currentLanguage() });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/** Sends the GET of an API path now, unless it is on its way already. */
export function startEarly(path: string): void {
  adoptPageReads();
  const url = apiUrl(path);
  if (started.has(url) || typeof fetch !== 'function') return;
  const response = fetch(url, { headers: earlyHeaders() });
  // A failure is the api slice's to report when it takes the request.
  response.catch(() => undefined);
  started.set(url, response);
}

/**
 * The started answer to a request the api slice is about to send, taken
 * once: a GET with the same address and token. Anything else is undefined.
 */
export function takeEarly(request: Request): Promise<Response> | undefined {
  if (request.method !== 'GET') return undefined;
  adoptPageReads();
  const response = started.get(request.url);
  if (!response) return undefined;
  started.delete(request.url);
  const token = getToken();
  // Started under another token (a renewal in between answers for the same user).
  if ((request.headers.get('Authorization') ?? '') !== (token ? `Bearer ${token}` : '')) return undefined;
  return response;
}

/**
 * The answer the service worker kept on this device for an API path and
 * the signed-in user, parsed; undefined when there is none (first visit,
 * another user, no Cache Storage).
 */
export async function deviceCopy(path: string): Promise<unknown> {
  try {
    if (typeof caches === 'undefined') return undefined;
    const cache = await caches.open(API_CACHE);
    const token = getToken();
    const kept = await cache.match(apiCacheKey(apiUrl(path), token ? `Bearer ${token}` : null));
    return kept ? ((await kept.json()) as unknown) : undefined;
  } catch {
    return undefined;
  }
}
