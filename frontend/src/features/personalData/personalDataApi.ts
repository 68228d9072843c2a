import { api } from '@/api/apiSlice';
import type * as wire from '@/api/types';
import { downloadWith } from '@/features/admin/api/adminBase';
import type { CopyFormat, DataCopy, ErasureReport, ProcessingRecord, RetentionPolicy } from './types';

const tagged = api.enhanceEndpoints({ addTagTypes: ['DataCopies', 'Retention', 'User'] });

/** Whose copies: the caller's (`me`) or a person's of the school (admins). */
export type CopyOwner = number | 'me';

const copiesPath = (owner: CopyOwner) => `users/${owner}/data-copies`;

/**
 * Personal data through its life: copies of a person's data, erasure, the
 * school's retention policy and its record of processing.
 */
export const personalDataApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/users/{me|id}/data-copies`: copies being made or ready, newest first. */
    getDataCopies: build.query<DataCopy[], CopyOwner>({
      query: copiesPath,
      providesTags: (_list, _error, owner) => [{ type: 'DataCopies', id: String(owner) }],
    }),
    /** `POST /api/users/{me|id}/data-copies`: ask for a copy; a job makes it. */
    requestDataCopy: build.mutation<DataCopy, CopyOwner>({
      query: (owner) => ({ url: copiesPath(owner), method: 'POST' }),
      invalidatesTags: (_copy, error, owner) => (error ? [] : [{ type: 'DataCopies', id: String(owner) }]),
    }),
    /** `GET /api/data-copies/{id}/{format}`: saves the file. */
    downloadDataCopy: build.mutation<null, { copy: DataCopy; format: CopyFormat }>({
      queryFn: ({ copy, format }, _api, _extra, baseQuery) =>
        downloadWith(
          baseQuery,
          `data-copies/${copy.id}/${format}`,
          `praksis-data-${copy.userId}-${(copy.readyAt ?? copy.createdAt).slice(0, 10)}.${format}`,
        ),
    }),
    /** `POST /api/users/{id}/erasure`: erase a person (admins). */
    erasePerson: build.mutation<ErasureReport, number>({
      query: (id) => ({ url: `users/${id}/erasure`, method: 'POST' }),
      invalidatesTags: (_report, error) => (error ? [] : ['User']),
    }),
    /** `GET /api/tenant/retention`. */
    getRetention: build.query<RetentionPolicy, void>({
      query: () => 'tenant/retention',
      providesTags: ['Retention'],
    }),
    /** `PUT /api/tenant/retention`: 400 names each field out of range. */
    saveRetention: build.mutation<RetentionPolicy, wire.RetentionChanges>({
      query: (body) => ({ url: 'tenant/retention', method: 'PUT', body }),
      invalidatesTags: (_policy, error) => (error ? [] : ['Retention']),
    }),
    /** `GET /api/tenant/record-of-processing?lang=`. */
    getProcessingRecord: build.query<ProcessingRecord, string>({
      query: (lang) => ({ url: 'tenant/record-of-processing', params: { lang } }),
      providesTags: ['Retention'],
    }),
  }),
});

export const {
  useGetDataCopiesQuery,
  useRequestDataCopyMutation,
  useDownloadDataCopyMutation,
  useErasePersonMutation,
  useGetRetentionQuery,
  useSaveRetentionMutation,
  useGetProcessingRecordQuery,
} = personalDataApi;
