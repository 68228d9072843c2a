import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { ThemeProvider } from '@mui/material/styles';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { api } from '@/api/apiSlice';
import { Toaster } from '@/components/toast/Toaster';
import { toastReducer } from '@/components/toast/toastSlice';
import { SessionProvider } from '@/features/auth/SessionProvider';
import type { CurrentUser } from '@/features/auth/types';
import { TenantProvider } from '@/features/tenant/TenantProvider';
import { I18nProvider } from '@/i18n/I18nProvider';
import { demoTenant } from '@/testing/fixtures';
import { buildTheme } from '@/theme/buildTheme';

/** A store like the app's: the api slice and the toasts. */
export function testStore() {
  return configureStore({
    reducer: combineReducers({ [api.reducerPath]: api.reducer, toast: toastReducer }),
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

interface RenderPageOptions {
  /** The signed-in user. */
  user: CurrentUser;
  /** Where the page lives in the route table, e.g. `/student/forms`. */
  path: string;
  /** The address to open; `path` by default. */
  route?: string;
  /** Other routes, to see where a page sends the user. */
  routes?: RouteObject[];
}

/**
 * Renders one page as the signed-in `user`, with the providers the app
 * gives it (store, messages in Norwegian, school, theme, session, toasts)
 * and a memory router. Combine with `signedInApi` for the server.
 */
export function renderPage(
  page: ReactElement,
  { user, path, route, routes = [] }: RenderPageOptions,
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const store = testStore();
  const wrap = (element: ReactElement) => (
    <SessionProvider user={user}>
      {element}
      <Toaster />
    </SessionProvider>
  );
  const router = createMemoryRouter(
    [{ path, element: wrap(page) }, ...routes.map((r) => ({ ...r, element: r.element ? wrap(r.element as ReactElement) : r.element }))],
    { initialEntries: [route ?? path] },
  );
  const result = render(
    <Provider store={store}>
      <I18nProvider>
        <TenantProvider initialTenant={demoTenant()}>
          <ThemeProvider theme={buildTheme()}>
            <RouterProvider router={router} />
          </ThemeProvider>
        </TenantProvider>
      </I18nProvider>
    </Provider>,
  );
  return { ...result, router };
}
