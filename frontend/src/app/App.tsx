import { useState } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { Tenant } from '@/features/tenant/types';
import { AppProviders } from './AppProviders';
import type { AppStore } from './store';

interface AppProps {
  store: AppStore;
  initialTenant: Tenant | null;
  /** The route table of this page load: the signed-in routes (see signedInApp). */
  routes: RouteObject[];
}

/** The application: providers around the browser router. */
export function App({ store, initialTenant, routes }: AppProps) {
  // Created once per mounted app, not at import time, so tests can import freely.
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <AppProviders store={store} initialTenant={initialTenant}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
