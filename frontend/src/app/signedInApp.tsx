import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
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
  root.render(
    <StrictMode>
      <App store={store} initialTenant={initialTenant} routes={signedInRoutes} />
    </StrictMode>,
  );
}
