import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { bootstrap } from '@/app/bootstrap';
import { PublicApp } from '@/app/PublicApp';
import { startMeRequest } from '@/features/auth/meRequest';
import { getToken } from '@/features/auth/token';
import { loadMessages, wantWholeCatalogues } from '@/i18n/messages';
import { API_CACHE } from '@/pwa/cacheNames';
import { forgetPageSnapshots } from '@/pwa/pageSnapshot';

/** The id of the login page's markup the server writes into #root. */
const SERVER_LOGIN_ID = 'praksis-login';

const element = document.getElementById('root');
if (!element) throw new Error('index.html has no #root element');
const root = createRoot(element);

const { initialTenant, language } = bootstrap();
// Signed in or not is decided once per page load: signing in and out load the page again.
const signedIn = getToken() !== null;
// The server writes the login page into the page it sends (api/loginpage),
// in the language a visitor without a choice of their own sees; it goes at
// once where this page shows something else, and otherwise stays until
// React draws the same page over it.
const serverLogin = document.getElementById(SERVER_LOGIN_ID);
if (serverLogin && (signedIn || serverLogin.dataset.lang !== language)) serverLogin.remove();
// The signed-in app needs whole catalogues; before sign-in the login
// page's own messages do. Either loads before the first render.
if (signedIn) wantWholeCatalogues();
// The user and their roles are asked for now, while the signed-in app
// downloads, not after it has rendered (the school is in the page already).
if (signedIn) startMeRequest();
const messages = loadMessages(language).catch(() => undefined);

if (signedIn) {
  void Promise.all([import('@/app/signedInApp'), messages]).then(([{ renderSignedInApp }]) =>
    renderSignedInApp(root, initialTenant),
  );
} else {
  // The session has ended (sign-out, expired token, tab closed): the API
  // answers the service worker kept for the user go; the shell stays.
  if (typeof caches !== 'undefined') void caches.delete(API_CACHE).catch(() => false);
  forgetPageSnapshots();
  void messages.then(() =>
    root.render(
      <StrictMode>
        <PublicApp initialTenant={initialTenant} />
      </StrictMode>,
    ),
  );
}
