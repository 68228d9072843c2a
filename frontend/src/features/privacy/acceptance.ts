/** Local-storage key of the flag that a user accepted the privacy policy in this browser (spec §3). */
export function acceptanceKey(userId: number): string {
  return `privacyPolicyAccepted.${userId}`;
}

/** Reports whether the user accepted the privacy policy in this browser. */
export function hasAcceptedLocally(userId: number): boolean {
  try {
    return window.localStorage.getItem(acceptanceKey(userId)) !== null;
  } catch {
    return false;
  }
}

/** Remembers, with the time, that the user accepted the privacy policy. */
export function rememberAcceptance(userId: number, at: string = new Date().toISOString()): void {
  try {
    window.localStorage.setItem(acceptanceKey(userId), at);
  } catch {
    // The server keeps the record that counts.
  }
}

/** Forgets the user's acceptance in this browser (the user cancelled). */
export function forgetAcceptance(userId: number): void {
  try {
    window.localStorage.removeItem(acceptanceKey(userId));
  } catch {
    // Nothing stored, nothing to forget.
  }
}
