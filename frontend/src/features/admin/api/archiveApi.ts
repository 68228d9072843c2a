import type * as wire from '@/api/types';
import type { ArchiveOverview, ArchiveSettings, Delivery } from '../archive/types';
import { adminApi } from './adminBase';

const tagged = adminApi.enhanceEndpoints({ addTagTypes: ['ArchiveSettings', 'ArchiveDeliveries'] });

/** The school's archive (Noark 5 through eFormidling): its set-up, the results on their way, retrying. */
export const archiveApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/tenant/eformidling`. */
    getArchiveSettings: build.query<ArchiveSettings, void>({
      query: () => 'tenant/eformidling',
      providesTags: ['ArchiveSettings'],
    }),
    /** `PUT /api/tenant/eformidling`: 400 names each bad field. */
    saveArchiveSettings: build.mutation<ArchiveSettings, Required<wire.ArchiveSettingsInput>>({
      query: (body) => ({ url: 'tenant/eformidling', method: 'PUT', body }),
      invalidatesTags: (_saved, error) => (error ? [] : ['ArchiveSettings', 'ArchiveDeliveries']),
    }),
    /** `GET /api/archive-deliveries`: archived results not yet in the archive. */
    getUndelivered: build.query<ArchiveOverview, void>({
      query: () => 'archive-deliveries',
      providesTags: ['ArchiveDeliveries'],
    }),
    /** `GET /api/users/{id}/archive-deliveries`: a student's archived results. */
    getStudentDeliveries: build.query<ArchiveOverview, number>({
      query: (userId) => `users/${userId}/archive-deliveries`,
      providesTags: ['ArchiveDeliveries'],
    }),
    /** `POST /api/archive-deliveries/{signingFormId}/retry`: send a failed result again. */
    retryDelivery: build.mutation<Delivery, number>({
      query: (signingFormId) => ({ url: `archive-deliveries/${signingFormId}/retry`, method: 'POST' }),
      invalidatesTags: (_delivery, error) => (error ? [] : ['ArchiveDeliveries']),
    }),
  }),
});

export const {
  useGetArchiveSettingsQuery,
  useSaveArchiveSettingsMutation,
  useGetUndeliveredQuery,
  useGetStudentDeliveriesQuery,
  useRetryDeliveryMutation,
} = archiveApi;
