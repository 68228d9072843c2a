import { withQuery } from '@/lib/url';

/**
 * What a sign-in carries through its round trip (to Feide or Vipps and back,
 * or through the one-time-code pages), kept in session storage so it
 * survives the page loads on the way: a supervisor invitation's
 * `verificationGuid`, a local `redirect_uri` to go to afterwards, and the
 * `state` of a Vipps sign-in.
 */
export const SIGN_IN_STORAGE_KEYS = {
  verificationGuid: 'signIn.verificationGuid',
  redirectUri: 'signIn.redirectUri',
  vippsState: 'signIn.vippsState',
} as const;

/** Where the accept-invitation page lives; a pending invitation goes there after sign-in. */
export const ACCEPT_INVITATION_PATH = '/supervisor/accept-invitation';

/** The parameters a sign-in keeps for afterwards. */
export interface PendingSignIn {
  verificationGuid: string | null;
  redirectUri: string | null;
}

function read(key: string): string | null {
  try {
    const value = window.sessionStorage.getItem(key);
    return value && value.trim() !== '' ? value : null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value) window.sessionStorage.setItem(key, value);
    else window.sessionStorage.removeItem(key);
  } catch {
    // Without storage the parameters are lost on the way; sign-in still works.
  }
}

/**
 * Returns the value when it is a path on this site (`/…`, not `//host` or a
 * URL), else null, so a crafted link cannot send the browser elsewhere after
 * sign-in.
 */
export function localPath(value: string | null | undefined): string | null {
  if (!value) return null;
  const path = value.trim();
  if (!path.startsWith('/') || path.startsWith('//') || /[\\\s]/.test(path) || path.includes('://')) return null;
  return path;
}

/** Reads `verificationGuid` and `redirect_uri` from a query string; a non-local redirect is dropped. */
export function signInParams(search: URLSearchParams): PendingSignIn {
  const verificationGuid = search.get('verificationGuid')?.trim();
  return {
    verificationGuid: verificationGuid === undefined || verificationGuid === '' ? null : verificationGuid,
    redirectUri: localPath(search.get('redirect_uri')),
  };
}

/** Keeps the parameters present for after sign-in; absent ones leave earlier values alone. */
export function rememberSignIn({ verificationGuid, redirectUri }: PendingSignIn): void {
  if (verificationGuid) write(SIGN_IN_STORAGE_KEYS.verificationGuid, verificationGuid);
  if (redirectUri) write(SIGN_IN_STORAGE_KEYS.redirectUri, redirectUri);
}

/** The parameters kept for after sign-in. */
export function pendingSignIn(): PendingSignIn {
  return {
    verificationGuid: read(SIGN_IN_STORAGE_KEYS.verificationGuid),
    redirectUri: localPath(read(SIGN_IN_STORAGE_KEYS.redirectUri)),
  };
}

/** Forgets the kept parameters (after a successful sign-in). */
export function forgetSignIn(): void {
  write(SIGN_IN_STORAGE_KEYS.verificationGuid, null);
  write(SIGN_IN_STORAGE_KEYS.redirectUri, null);
  write(SIGN_IN_STORAGE_KEYS.vippsState, null);
}

/**
 * Where to go after signing in: the accept-invitation page when an
 * invitation is pending, else the kept local path, else `home` (the front
 * page, or the one role's home). Values the server handed back win over
 * the stored ones.
 */
export function pathAfterSignIn(returned: Partial<PendingSignIn> = {}, home = '/'): string {
  const stored = pendingSignIn();
  const verificationGuid =
    returned.verificationGuid === undefined || returned.verificationGuid === ''
      ? stored.verificationGuid
      : returned.verificationGuid;
  const redirectUri = localPath(returned.redirectUri) ?? stored.redirectUri;
  if (verificationGuid) {
    return withQuery(ACCEPT_INVITATION_PATH, { verificationGuid, redirect_uri: redirectUri });
  }
  return redirectUri ?? home;
}

/**
 * A fresh random `state` for a Vipps sign-in: 32 characters of base64url,
 * well over the 8 the server and Vipps ask for.
 */
export function newVippsState(): string {
  const bytes = new Uint8Array(24);
  window.crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** Keeps the state of the Vipps sign-in being started, to compare on return. */
export function rememberVippsState(state: string): void {
  write(SIGN_IN_STORAGE_KEYS.vippsState, state);
}

/** The state of the Vipps sign-in started in this tab, if any. */
export function storedVippsState(): string | null {
  return read(SIGN_IN_STORAGE_KEYS.vippsState);
}

/** Forgets the Vipps state: each one is used once. */
export function forgetVippsState(): void {
  write(SIGN_IN_STORAGE_KEYS.vippsState, null);
}
