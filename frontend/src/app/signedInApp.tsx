import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { prime, setRouteDataStore } from '@/api/routeData';
import { authApi } from '@/features/auth/authApi';
import { ME_PATH } from '@/features/auth/meRequest';
import type { CurrentUser } from '@/features/auth/types';
import { tenantApi } from '@/features/tenant/tenantApi';
import type { Tenant } from '@/features/tenant/types';
import { App } from './App';
import { signedInRoutes } from './signedInRoutes';
import { setupStore } from './store';

/**
 * Renders the signed-in app: the Redux store, RTK Query and the data router
 * come with this chunk, never with the login page.
 */
export function renderSignedInApp(root: Root, initialTenant: Tenant | null): void {
  const store = setupStore();
  // The school the server put into the page is the API's answer for its
  // language: cached as such, the first render does not ask again. Edits of
  // the school's texts still refetch it (the `Tenant` tag).
  if (initialTenant) {
    void store.dispatch(tenantApi.util.upsertQueryData('getTenant', initialTenant.language, initialTenant));
  }
  // The route loaders start their pages' reads in this store (before the first render).
  setRouteDataStore(store);
  // The user and their roles: asked by the entry before this chunk loaded;
  // on a returning visit the device's copy draws the shell at once.
  const me = authApi.endpoints.getMe;
  prime({
    path: ME_PATH,
    status: (state) => me.select()(state).status,
    upsert: (data) => authApi.util.upsertQueryData('getMe', undefined, data as CurrentUser),
    refresh: () => me.initiate(undefined, { subscribe: false, forceRefetch: true }),
  });
  root.render(
    <StrictMode>
      <App store={store} initialTenant={initialTenant} routes={signedInRoutes} />
    </StrictMode>,
  );
}
