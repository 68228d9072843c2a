/**
 * The message groups the pages before sign-in use: the login page, the
 * one-time-code pages, the school's frame and footer, the language menu and
 * the error and status pages. Only these ship with the login page (as
 * `virtual:messages/public/<language>`); the signed-in app loads the whole
 * catalogue. publicMessages.test.ts checks that every id those pages name is
 * in one of these groups.
 *
 * Plain data without imports: the build configuration reads it too.
 */
export const PUBLIC_MESSAGE_GROUPS: readonly string[] = [
  'accessibility',
  'app',
  'common',
  'connectionError',
  'error',
  'footer',
  'language',
  'login',
  'notFound',
  'offline',
  'otp',
  'privacy',
  'role',
  'schoolNotFound',
  'session',
  'signIn',
  'toast',
  'unavailable',
];

/** Whether a message id belongs to the pages before sign-in. */
export function isPublicMessage(id: string): boolean {
  return PUBLIC_MESSAGE_GROUPS.includes(id.split('.')[0] ?? '');
}
