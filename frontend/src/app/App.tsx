import { useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { Tenant } from '@/features/tenant/types';
import { AppProviders } from './AppProviders';
import { getToken } from '@/features/auth/token';
import { routesFor } from './routes';
import type { AppStore } from './store';

interface AppProps {
  store: AppStore;
  initialTenant: Tenant | null;
}

/** The application: providers around the browser router. */
export function App({ store, initialTenant }: AppProps) {
  // Created once per mounted app, not at import time, so tests can import freely.
  const [router] = useState(() => createBrowserRouter(routesFor(getToken())));
  return (
    <AppProviders store={store} initialTenant={initialTenant}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
