/**
 * Full page loads. Sign-in, sign-out and a rejected token start the app over
 * from the server, so no state of the previous user survives in memory.
 * An object rather than bare functions so tests can replace the methods
 * (jsdom cannot navigate).
 */
export const pageNavigation = {
  /** Loads the current address again. */
  reload(): void {
    window.location.reload();
  },
  /** Loads another address of this site, e.g. `/` after sign-out. */
  assign(path: string): void {
    window.location.assign(path);
  },
};
