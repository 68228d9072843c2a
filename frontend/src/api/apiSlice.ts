import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
// The auth feature owns the token; the api slice is its one shared reader.
import { getToken } from '@/features/auth/token';
import type { LanguageRootState } from '@/i18n/languageSlice';

/** Prefix of every API route; the server serves the app and the API on the same host. */
export const API_BASE_URL = '/api/';

/**
 * Adds the headers every API call carries: `Accept-Language` so server-made
 * texts come in the language shown, and the bearer token when signed in.
 */
export function prepareApiHeaders(headers: Headers, state: LanguageRootState, token: string | null): Headers {
  headers.set('Accept-Language', state.language.current);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/**
 * The one RTK Query api slice. Features add their endpoints with
 * `api.injectEndpoints` next to the feature, so the slice stays small and
 * code-split screens bring their own endpoints.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    baseUrl: API_BASE_URL,
    prepareHeaders: (headers, { getState }) =>
      prepareApiHeaders(headers, getState() as LanguageRootState, getToken()),
  }),
  tagTypes: ['Tenant'],
  endpoints: () => ({}),
});
