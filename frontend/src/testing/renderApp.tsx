import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '@/app/AppProviders';
import { routes } from '@/app/routes';
import { setupStore, type AppStore } from '@/app/store';
import type { Tenant } from '@/features/tenant/types';
import type { Language } from '@/i18n/language';

/** How the fake server answers `GET /api/tenant`. */
export type TenantResponder = (lang: Language) => { status: number; body: unknown };

/** Answers with the given school for every language, texts in the requested language. */
export const serveTenant =
  (make: (lang: Language) => Tenant): TenantResponder =>
  (lang) => ({ status: 200, body: make(lang) });

/**
 * Replaces `fetch` with a fake API server. Returns the mock so tests can
 * inspect the requests (URL, headers).
 */
export function mockApi(respond: TenantResponder | 'network-error') {
  const fetchMock = vi.fn((input: RequestInfo | URL): Promise<Response> => {
    if (respond === 'network-error') return Promise.reject(new TypeError('Failed to fetch'));
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname !== '/api/tenant') {
      return Promise.resolve(
        Response.json({ description: 'Not found', statusCode: 404, errors: [] }, { status: 404 }),
      );
    }
    const lang = url.searchParams.get('lang') === 'en' ? 'en' : 'nb';
    const { status, body } = respond(lang);
    return Promise.resolve(Response.json(body, { status }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

interface RenderAppOptions {
  /** Address to start at, e.g. `/?verificationGuid=abc`. */
  route?: string;
  language?: Language;
  /** The school injected into the page, if any. */
  initialTenant?: Tenant | null;
}

/** Renders the real route table with all providers, as the browser would. */
export function renderApp({ route = '/', language = 'nb', initialTenant = null }: RenderAppOptions = {}): RenderResult & {
  store: AppStore;
} {
  const store = setupStore({ language: { current: language } });
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const result = render(
    <AppProviders store={store} initialTenant={initialTenant}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, store };
}
