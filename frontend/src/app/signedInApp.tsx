import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
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
  root.render(
    <StrictMode>
      <App store={store} initialTenant={initialTenant} routes={signedInRoutes} />
    </StrictMode>,
  );
}
