import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, parsePath, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '@/app/AppProviders';
import { routesFor } from '@/app/routes';
import { setCurrentLanguage } from '@/i18n/languageStore';
import { setupStore, type AppStore } from '@/app/store';
import { getToken, setToken } from '@/features/auth/token';
import type { CurrentUser } from '@/features/auth/types';
import { pageNavigation } from '@/lib/navigation';
import type { Tenant } from '@/features/tenant/types';
import type { Language } from '@/i18n/language';
import { demoTenant as demoTenantForSignedIn } from './fixtures';

/** How the fake server answers `GET /api/tenant`. */
export type TenantResponder = (lang: Language) => { status: number; body: unknown };

/** An answer of the fake server; `body: undefined` means no body (e.g. 204). */
export interface FakeResponse {
  status: number;
  body?: unknown;
}

/** How the fake server answers other calls, by `'METHOD /api/path'` (no query). */
export type ApiHandlers = Record<string, (request: Request) => FakeResponse | Promise<FakeResponse>>;

/** Answers with the given school for every language, texts in the requested language. */
export const serveTenant =
  (make: (lang: Language) => Tenant): TenantResponder =>
  (lang) => ({ status: 200, body: make(lang) });

const notFound: FakeResponse = { status: 404, body: { description: 'Not found', statusCode: 404, errors: [] } };

function toResponse({ status, body }: FakeResponse): Response {
  if (body === undefined) return new Response(null, { status });
  return Response.json(body, { status });
}

/**
 * Replaces `fetch` with a fake API server: `GET /api/tenant` from the
 * responder, other calls from `handlers`, 404 for the rest. Returns the mock
 * so tests can inspect the requests (URL, headers).
 */
export function mockApi(respond: TenantResponder | 'network-error', handlers: ApiHandlers = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (respond === 'network-error') throw new TypeError('Failed to fetch');
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    if (url.pathname === '/api/tenant') {
      const lang = url.searchParams.get('lang') === 'en' ? 'en' : 'nb';
      return toResponse(respond(lang));
    }
    const handler = handlers[`${request.method} ${url.pathname}`];
    return toResponse(handler ? await handler(request) : notFound);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The requests the fake server got, as `'METHOD /api/path'`. */
export function requestsTo(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    // RTK Query passes a Request; the light pages before sign-in a path.
    if (input instanceof Request) return `${input.method} ${new URL(input.url).pathname}`;
    return `${init?.method ?? 'GET'} ${new URL(String(input), window.location.href).pathname}`;
  });
}

interface RenderAppOptions {
  /** Address to start at, e.g. `/?verificationGuid=abc`. */
  route?: string;
  /** Navigation state of that address, e.g. `{ email }` for `/otp`. */
  state?: unknown;
  language?: Language;
  /** The school injected into the page, if any. */
  initialTenant?: Tenant | null;
}

/**
 * Renders the real route table with all providers, as the browser would:
 * the signed-in routes when session storage holds a token, else the public ones.
 */
export function renderApp({
  route = '/',
  state,
  language = 'nb',
  initialTenant = null,
}: RenderAppOptions = {}): RenderResult & { store: AppStore; router: ReturnType<typeof createMemoryRouter> } {
  setCurrentLanguage(language);
  const store = setupStore();
  const router = createMemoryRouter(routesFor(getToken()), { initialEntries: [{ ...parsePath(route), state }] });
  const result = render(
    <AppProviders store={store} initialTenant={initialTenant}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, store, router };
}

/** Replaces full page loads (which jsdom cannot do) with spies. */
export function stubPageNavigation() {
  return {
    reload: vi.spyOn(pageNavigation, 'reload').mockImplementation(() => undefined),
    assign: vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined),
  };
}

/**
 * Signs in for the test: stores `token` and answers the calls every
 * signed-in page makes (`GET /api/users/me` with `user`, token refresh,
 * sign-out). `handlers` add or override answers.
 */
export function signedInApi(user: CurrentUser, handlers: ApiHandlers = {}, token = 'tok') {
  setToken(token);
  return mockApi(serveTenant(demoTenantForSignedIn), {
    'GET /api/users/me': () => ({ status: 200, body: user }),
    'GET /api/auth/refresh': () => ({ status: 200, body: { token: `${token}.refreshed` } }),
    'POST /api/auth/sign-out': () => ({ status: 204 }),
    ...handlers,
  });
}
