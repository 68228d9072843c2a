import { api } from '@/api/apiSlice';
import type { Language } from '@/i18n/language';
import { normalizeTenant } from './bootstrap';
import type { Tenant } from './types';

/** Endpoints for the current school's public information. */
export const tenantApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/tenant?lang=`: the school that owns this host, texts in `lang`. 404: unknown host; 503: disabled. */
    getTenant: build.query<Tenant, Language>({
      // queryFn rather than query + transformResponse: an answer without a
      // school becomes an ordinary error result (shown with a retry button)
      // instead of an exception.
      queryFn: async (lang, _api, _extraOptions, baseQuery) => {
        const result = await baseQuery({ url: 'tenant', params: { lang } });
        if (result.error) return { error: result.error };
        const tenant = normalizeTenant(result.data);
        if (!tenant) return { error: { status: 'CUSTOM_ERROR', error: 'GET /api/tenant answered without a school' } };
        return { data: tenant };
      },
      providesTags: ['Tenant'],
    }),
  }),
});

export const { useGetTenantQuery } = tenantApi;
