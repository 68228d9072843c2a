/**
 * The Cache Storage caches the service worker fills. The page deletes the
 * user's on sign-out (see deviceData.ts), so their names are shared.
 */
export const PAGES_CACHE = 'praksis-pages';
/** GET answers of the API for the signed-in user, keyed per user. */
export const API_CACHE = 'praksis-api';
/** The query parameter that scopes a cached API answer to one signed-in user. */
export const USER_KEY_PARAM = '__praksis_user';
/** The Background Sync tag under which the page asks to send what waits on the device. */
export const SEND_TAG = 'praksis-send';
/** The message the service worker posts to open pages: send what waits on the device. */
export const SEND_MESSAGE = 'praksis-send';
