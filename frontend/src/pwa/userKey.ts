import { USER_KEY_PARAM } from './cacheNames';

/**
 * The user a bearer token belongs to (the JWT's subject; the token itself
 * changes on every renewal, the user does not). The server checks the
 * token; this only keeps one user's answers apart from another's.
 */
export function userOf(authorization: string): string | null {
  try {
    const payload = authorization.replace(/^Bearer\s+/i, '').split('.')[1];
    if (!payload) return null;
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' && sub !== '' ? sub : null;
  } catch {
    return null;
  }
}

/**
 * The key under which the service worker keeps an API answer: its address
 * with the user it was for, so the page finds the same copy the worker
 * would answer with offline. Without a token the address is the key.
 */
export function apiCacheKey(url: string, authorization: string | null): string {
  if (!authorization) return url;
  const key = new URL(url);
  key.searchParams.set(USER_KEY_PARAM, userOf(authorization) ?? 'unknown');
  return key.href;
}
