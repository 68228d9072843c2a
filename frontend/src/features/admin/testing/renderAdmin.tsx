import { ThemeProvider } from '@mui/material/styles';
import { configureStore } from '@reduxjs/toolkit';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { api } from '@/api/apiSlice';
import { toastReducer } from '@/components/toast/toastSlice';
import { TenantProvider } from '@/features/tenant/TenantProvider';
import { I18nProvider } from '@/i18n/I18nProvider';
import type { Language } from '@/i18n/language';
import { setCurrentLanguage } from '@/i18n/languageStore';
import { demoTenant } from '@/testing/fixtures';
import { buildTheme } from '@/theme/buildTheme';
import { AdminRoutes } from '../AdminRoutes';

/** An answer of the fake server. */
export interface FakeAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A call the fake server got: method, path, query and JSON body. */
export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** How the fake server answers, by `'METHOD /api/path'`. */
export type FakeRoutes = Record<string, FakeAnswer | ((call: FakeCall) => FakeAnswer)>;

/** An error answer in the API's shape. */
export function problem(status: number, description: string, errors: { reason: string; description: string }[] = []): FakeAnswer {
  return { status, body: { description, statusCode: status, errors } };
}

/**
 * Replaces `fetch` with a fake API: the school at `GET /api/tenant`, the
 * given routes, 404 for anything else. Returns the calls it got, in order.
 */
export function fakeApi(routes: FakeRoutes): FakeCall[] {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      const url = new URL(request.url);
      if (url.pathname === '/api/tenant') return Response.json(demoTenant());
      const text = await request.text();
      let body: unknown = text;
      try {
        body = text ? (JSON.parse(text) as unknown) : undefined;
      } catch {
        // Not JSON: keep the text.
      }
      const call: FakeCall = { method: request.method, path: url.pathname, query: url.searchParams, body };
      calls.push(call);
      const route = routes[`${request.method} ${url.pathname}`];
      const answer: FakeAnswer = route
        ? typeof route === 'function'
          ? route(call)
          : route
        : problem(404, 'Not found');
      const status = answer.status ?? 200;
      if (answer.body === undefined) return new Response(null, { status, headers: answer.headers });
      return Response.json(answer.body, { status, headers: answer.headers });
    }),
  );
  return calls;
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

interface RenderOptions {
  /** Where to start, e.g. `/admin/forms`. */
  route?: string;
  /** Navigation state of that address. */
  state?: unknown;
  language?: Language;
}

/** A store like the app's, with the parts the admin screens use. */
export function testStore(language: Language = 'nb') {
  setCurrentLanguage(language);
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer, toast: toastReducer },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });
}

/** Providers around any admin component: store, messages, school, theme, a router at `route`. */
export function renderWithProviders(ui: ReactNode, { route = '/', state, language = 'nb' }: RenderOptions = {}) {
  const store = testStore(language);
  const result = render(
    <Provider store={store}>
      <I18nProvider>
        <TenantProvider initialTenant={demoTenant(language)}>
          <ThemeProvider theme={buildTheme()}>
            <MemoryRouter initialEntries={[{ pathname: route, state }]}>{ui}</MemoryRouter>
          </ThemeProvider>
        </TenantProvider>
      </I18nProvider>
    </Provider>,
  );
  return { ...result, store };
}

/** Renders the admin routes at `route`, and where the app is (`data-testid="location"`). */
export function renderAdmin(options: RenderOptions = {}): RenderResult & { store: ReturnType<typeof testStore> } {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/admin/*" element={<AdminRoutes />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </>,
    { route: '/admin', ...options },
  );
}

export { LocationProbe };

/** The value, or a failed test when there is none. */
export function must<T>(value: T | null | undefined, what = 'value'): T {
  if (value === null || value === undefined) throw new Error(`No ${what}`);
  return value;
}
