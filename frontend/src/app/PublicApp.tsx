import { CacheProvider } from '@emotion/react';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { LoadingScreen } from '@/components/LoadingScreen';
import { TenantGate } from '@/features/tenant/components/TenantGate';
import { PublicTenantProvider } from '@/features/tenant/PublicTenantProvider';
import type { Tenant } from '@/features/tenant/types';
import { LoginPage } from '@/features/auth/components/LoginPage';
import { I18nProvider } from '@/i18n/I18nProvider';
import { AppThemeProvider } from './AppThemeProvider';
import { PageErrorBoundary } from './layout/PageError';
import { PublicFrame } from './layout/PublicFrame';
import { PUBLIC_PAGE_PATHS } from './paths';
import { createStyleCache } from './styleCache';

const PublicRouter = lazy(() => import('./PublicRouter'));

function subscribeToHistory(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
}

const currentAddress = () => `${window.location.pathname}${window.location.search}`;

/**
 * Opens another page before sign-in without loading the page again. A
 * `popstate` event tells both this app and, once loaded, the router.
 */
function openPage(to: string): void {
  window.history.pushState(null, '', to);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

/**
 * The login page by itself, or, once a page with a path of its own is
 * opened, the router with every page before sign-in. The router stays from
 * then on, so going back shows the login page through it.
 */
function PublicPages() {
  const address = useSyncExternalStore(subscribeToHistory, currentAddress);
  const { pathname, search } = new URL(address, window.location.origin);
  const [routed, setRouted] = useState(false);
  if (!routed && PUBLIC_PAGE_PATHS.includes(pathname)) setRouted(true);
  if (routed || PUBLIC_PAGE_PATHS.includes(pathname)) {
    // The router's own layout draws the frame; until it has loaded (or if
    // it cannot be fetched, e.g. offline) the frame is drawn here.
    return (
      <PageErrorBoundary frame={(page) => <PublicFrame>{page}</PublicFrame>}>
        <Suspense
          fallback={
            <PublicFrame>
              <LoadingScreen inPage />
            </PublicFrame>
          }
        >
          <PublicRouter />
        </Suspense>
      </PageErrorBoundary>
    );
  }
  return (
    <PublicFrame>
      <LoginPage search={search} navigate={openPage} />
    </PublicFrame>
  );
}

/**
 * The app before sign-in, with the same providers as the signed-in app
 * except the Redux store and the router, which a phone would otherwise
 * download before the login page shows (the budget in
 * scripts/bundle-budget.mjs). Signing in loads the page again, and the
 * signed-in app brings them.
 */
export function PublicApp({ initialTenant }: { initialTenant: Tenant | null }) {
  const [styleCache] = useState(createStyleCache);
  return (
    <CacheProvider value={styleCache}>
      <I18nProvider>
        <PublicTenantProvider initialTenant={initialTenant}>
          <AppThemeProvider>
            <TenantGate>
              <PublicPages />
            </TenantGate>
          </AppThemeProvider>
        </PublicTenantProvider>
      </I18nProvider>
    </CacheProvider>
  );
}
