import { useEffect, useState } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { Tenant } from '@/features/tenant/types';
import { releasePageSnapshot } from '@/pwa/pageSnapshot';
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
  // A page the device kept stands in for the page asked for only: any
  // other (a redirect, a link followed) shows the app.
  useEffect(() => {
    const first = router.state.location.key;
    return router.subscribe((state) => {
      if (state.location.key !== first) releasePageSnapshot();
    });
  }, [router]);
  return (
    <AppProviders store={store} initialTenant={initialTenant}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
