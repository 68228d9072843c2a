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

/** The marks around the login page's markup the server writes into a page (api/loginpage). */
const SERVER_LOGIN = /<!--praksis:login-->[\s\S]*?<!--\/praksis:login-->/;

/**
 * The page without the login page's markup the server wrote into it. The
 * service worker keeps one page as the shell of every route; kept with the
 * login page in it, a signed-in route opened without a connection would
 * show the login page until the script replaced it.
 */
export function withoutServerLogin(html: string): string {
  return html.replace(SERVER_LOGIN, '');
}
