import { createApi, fetchBaseQuery, retry, type FetchArgs } from '@reduxjs/toolkit/query/react';
// The auth feature owns the token; the api slice is its one shared reader.
import { clearToken, getToken } from '@/features/auth/token';
import type { Language } from '@/i18n/language';
import { currentLanguage } from '@/i18n/languageStore';
import { pageNavigation } from '@/lib/navigation';
import { takeEarly } from './earlyRequests';
import { normalizeError } from './errors';

/** Prefix of every API route; the server serves the app and the API on the same host. */
export const API_BASE_URL = '/api/';

/** Text the server puts in the description of a 401 for an expired token (spec §8). */
export const TOKEN_EXPIRED = 'Token has expired';

/**
 * Endpoints whose 401 is theirs to handle: signing out with a token the
 * server already forgot is still signing out, and the caller goes to `/`.
 */
const OWN_401_HANDLING = new Set(['signOut']);

/**
 * Adds the headers every API call carries: `Accept-Language` so server-made
 * texts come in the language shown, and the bearer token when signed in.
 */
export function prepareApiHeaders(headers: Headers, language: Language, token: string | null): Headers {
  headers.set('Accept-Language', language);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/** Reports whether an error means the token is no longer accepted (spec §6, §8). */
export function isRejectedToken(error: unknown): boolean {
  const { statusCode, description } = normalizeError(error);
  return statusCode === 401 || description.includes(TOKEN_EXPIRED);
}

/**
 * Leaves NUL characters out of every text a request sends. Postgres cannot
 * store them, so the server refuses a body that has one; and since they are
 * invisible (pasted with text from another program), nobody could find and
 * remove one, and every save of that text would fail.
 */
export function storableJson(_key: string, value: unknown): unknown {
  return typeof value === 'string' && value.includes('\u0000') ? value.replaceAll('\u0000', '') : value;
}

const fetchOnce = fetchBaseQuery({
  baseUrl: API_BASE_URL,
  prepareHeaders: (headers) => prepareApiHeaders(headers, currentLanguage(), getToken()),
  jsonReplacer: storableJson,
  // A read the entry or a route already sent is taken, not sent again.
  fetchFn: (input, init) => (input instanceof Request ? takeEarly(input) : undefined) ?? fetch(input, init),
});

/** Answers that mean the request never reached a working server: a lost connection or a gateway error. */
const TRANSIENT = new Set<unknown>(['FETCH_ERROR', 502, 503, 504]);

/**
 * Whether a failed call is worth trying again by itself: only reads (GET),
 * which change nothing, and only when the failure was the way there (a
 * replica restarting behind the load balancer, a moment without network),
 * never an answer from the service. Saves are retried by their owners
 * (autosave), which know whether trying again is safe.
 */
export function shouldRetry(error: unknown, args: string | FetchArgs, attempt: number): boolean {
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  const method = typeof args === 'string' ? 'GET' : (args.method ?? 'GET').toUpperCase();
  return attempt <= MAX_RETRIES && method === 'GET' && TRANSIENT.has(status);
}

/** How often a read is tried again. */
export const MAX_RETRIES = 2;

/**
 * The wait before retry n is n × `stepMs`: long enough for the load balancer
 * to notice a replica is gone, short enough that nobody waits for a page.
 * Unit tests set it to 0.
 */
export const retryTiming = { stepMs: 400 };

const rawBaseQuery: typeof fetchOnce = retry(fetchOnce, {
  retryCondition: (error, args: string | FetchArgs, { attempt }) => shouldRetry(error, args, attempt),
  backoff: (attempt) => new Promise((resolve) => setTimeout(resolve, attempt * retryTiming.stepMs)),
});

/**
 * What the signed-in app does when the session ends, before the page loads
 * again at the sign-in page: clears what the device kept for the user, as
 * signing out does. Set by the signed-in layout, so the login page carries
 * none of that code.
 */
export const sessionEnd: { clearDevice: (() => Promise<void>) | null } = { clearDevice: null };

/**
 * The base query with the app's answer to a rejected token: when a call made
 * with a token gets 401 (or an expired-token error), the token is forgotten
 * and what the device kept for the user cleared (see {@link sessionEnd}),
 * and the page loaded again, which shows the sign-in page. Calls made
 * without a token (the sign-in pages) just get the error. Same type as
 * `fetchBaseQuery`, so `meta` still holds the request and response.
 */
export const baseQueryWithSignOut: typeof rawBaseQuery = async (
  args,
  api,
  extraOptions,
) => {
  const hadToken = getToken() !== null;
  const result = await rawBaseQuery(args, api, extraOptions);
  if (result.error && hadToken && !OWN_401_HANDLING.has(api.endpoint) && isRejectedToken(result.error)) {
    clearToken();
    await sessionEnd.clearDevice?.().catch(() => undefined);
    pageNavigation.reload();
  }
  return result;
};

/**
 * The one RTK Query api slice. Features add their endpoints with
 * `api.injectEndpoints` next to the feature, so the slice stays small and
 * code-split screens bring their own endpoints.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithSignOut,
  tagTypes: ['Tenant', 'Me'],
  endpoints: () => ({}),
});
