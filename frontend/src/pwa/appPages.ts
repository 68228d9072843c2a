/**
 * Whether a page the browser navigates to is the app's own. Every route of
 * the app is the same page, which the service worker keeps as its offline
 * shell; the server's own pages are not: the API reference (/api/docs) and,
 * in development, the /dev/ pages. Kept as the shell, one of those would
 * open in place of the app without a connection.
 */
export function isAppPage(url: URL, origin: string): boolean {
  return url.origin === origin && !/^\/(api|dev)(\/|$)/.test(url.pathname);
}
