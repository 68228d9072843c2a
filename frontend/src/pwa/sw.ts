/// <reference lib="webworker" />
/**
 * The service worker (spec: the app opens without a connection):
 *
 * - the built app (scripts, styles, fonts) is precached, so it starts offline;
 * - pages come from the network, and without one from the last page the
 *   server sent for this school (every route is the same page; the
 *   server's own pages, such as the API reference, are not kept);
 * - the API's GET answers for a signed-in user come from the network, and
 *   without one from the last answer to the same user; answers to a
 *   signed-out visitor are never kept; the school's public info is kept
 *   with the pages (the public shell).
 *
 * A new version waits until every tab of the app is closed (no skipWaiting):
 * it is picked up on the next start, never while someone is writing.
 */
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { isAppPage, withoutServerLogin } from './appPages';
import { API_CACHE, PAGES_CACHE, SEND_MESSAGE, SEND_TAG } from './cacheNames';
import { apiCacheKey } from './userKey';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Takes the open tabs on the first install only: an update waits above.
clientsClaim();

const okOnly = new CacheableResponsePlugin({ statuses: [200] });

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isAppPage(url, self.location.origin),
  new NetworkFirst({
    cacheName: PAGES_CACHE,
    networkTimeoutSeconds: 6,
    plugins: [
      okOnly,
      // Every route is the same page, filled in for the school.
      { cacheKeyWillBeUsed: () => Promise.resolve(new URL('/', self.location.origin).href) },
      // Kept without the login page the server writes into the page at `/`.
      {
        cacheWillUpdate: async ({ response }) => {
          const html = await response.clone().text();
          const kept = withoutServerLogin(html);
          if (kept === html) return response;
          const headers = new Headers(response.headers);
          headers.delete('Content-Length');
          headers.delete('Content-Encoding');
          return new Response(kept, { status: response.status, statusText: response.statusText, headers });
        },
      },
    ],
  }),
);

// The school's public info belongs to the public shell.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === '/api/tenant',
  new NetworkFirst({ cacheName: PAGES_CACHE, networkTimeoutSeconds: 6, plugins: [okOnly] }),
  'GET',
);

/** Large files and the personal-data copy are not kept on the device. */
const NOT_KEPT = /\/(pdf|export|personal-data|csp-report)(\/|$)/;

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith('/api/') &&
    !NOT_KEPT.test(url.pathname) &&
    request.headers.has('Authorization'),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: 8,
    plugins: [
      okOnly,
      {
        cacheKeyWillBeUsed: ({ request }) => {
          const auth = request.headers.get('Authorization');
          return Promise.resolve(auth ? apiCacheKey(request.url, auth) : request);
        },
      },
    ],
  }),
  'GET',
);

/**
 * Background Sync: the connection is back and changes wait on the device.
 * The worker asks the open pages of the app to send them rather than
 * sending itself, on purpose: a save needs the user's bearer token, which
 * lives in the tab's session storage (out of a worker's reach), and
 * /api/auth/refresh renews a token only when sent one — there is no
 * cookie a worker could use with `credentials: 'include'`. Keeping a token
 * where the worker could read it (IndexedDB) would let it outlive the tab
 * and the session on a shared device. With no page open the changes wait
 * for the next start, which sends them.
 */
self.addEventListener('sync', (event: Event) => {
  const sync = event as ExtendableEvent & { tag?: string };
  if (sync.tag !== SEND_TAG) return;
  sync.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((pages) => {
      for (const page of pages) page.postMessage({ type: SEND_MESSAGE });
    }),
  );
});
