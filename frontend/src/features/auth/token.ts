/** Session-storage key holding the bearer token (spec §3). */
export const TOKEN_STORAGE_KEY = 'token';

// Session storage (not local storage) so the token ends with the tab and is
// not shared between tabs. Storage can be unavailable; then nobody is signed in.

/** Returns the signed-in user's bearer token, or null when there is none. */
export function getToken(): string | null {
  try {
    const token = window.sessionStorage.getItem(TOKEN_STORAGE_KEY);
    return token && token.trim() !== '' ? token : null;
  } catch {
    return null;
  }
}

/** Stores the bearer token after a successful sign-in. */
export function setToken(token: string): void {
  try {
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Without storage the user has to sign in again on the next page load.
  }
}

/** Forgets the bearer token (sign-out, expired or rejected token). */
export function clearToken(): void {
  try {
    window.sessionStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
