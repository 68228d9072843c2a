import type * as wire from '@/api/types';
import type { SchoolTexts } from '../types';
import { adminApi } from './adminBase';

/** The school's own texts per language, and its theme. */
export const schoolTextsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/tenant/texts`: every text with the school's value and the default, and the theme. */
    getSchoolTexts: build.query<SchoolTexts, void>({
      query: () => 'tenant/texts',
      providesTags: ['SchoolTexts'],
    }),
    /** `PUT /api/tenant/texts {nb: {key: value}, en: {...}}`; a blank value removes the school's own. */
    saveSchoolTexts: build.mutation<SchoolTexts, wire.SchoolTextChanges>({
      query: (body) => ({ url: 'tenant/texts', method: 'PUT', body }),
      // The app shows the school's name and texts from GET /api/tenant.
      invalidatesTags: (_texts, error) => (error ? [] : ['SchoolTexts', 'Tenant']),
    }),
    /** `PUT /api/tenant/theme`: colours #rrggbb, URLs https:// or rooted. */
    saveSchoolTheme: build.mutation<
      SchoolTexts,
      Required<Pick<wire.ThemeInput, 'primaryColor' | 'secondaryColor'>> & wire.ThemeInput
    >({
      query: (body) => ({ url: 'tenant/theme', method: 'PUT', body }),
      invalidatesTags: (_texts, error) => (error ? [] : ['SchoolTexts', 'Tenant']),
    }),
    /** `PUT /api/tenant/default-language {language}`: the language a new visitor meets (nb, nn or en). */
    saveDefaultLanguage: build.mutation<wire.DefaultLanguageAnswer, wire.DefaultLanguageInput>({
      query: (body) => ({ url: 'tenant/default-language', method: 'PUT', body }),
      invalidatesTags: (_saved, error) => (error ? [] : ['Tenant']),
    }),
  }),
});

export const {
  useGetSchoolTextsQuery,
  useSaveSchoolTextsMutation,
  useSaveSchoolThemeMutation,
  useSaveDefaultLanguageMutation,
} = schoolTextsApi;
