/**
 * A note in the tab's session storage that the session ended while changes
 * still waited on the device, so they were discarded with it; the sign-in
 * page that loads next says so. Tiny on purpose: the login page carries it.
 */
const DISCARDED_KEY = 'praksis.device.discarded';

/** Notes that unsent changes were discarded. */
export function noteDiscarded(): void {
  try {
    window.sessionStorage.setItem(DISCARDED_KEY, '1');
  } catch {
    // Without storage the sign-in page cannot be told.
  }
}

/** Whether unsent changes were discarded when the session ended; the note is read once. */
export function takeDiscarded(): boolean {
  try {
    const noted = window.sessionStorage.getItem(DISCARDED_KEY) !== null;
    window.sessionStorage.removeItem(DISCARDED_KEY);
    return noted;
  } catch {
    return false;
  }
}
