import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { api } from '@/api/apiSlice';
import type { ProgressRecord, ProgressSharing } from '@/api/types';
import { fileOrError } from '@/api/fileOrError';

/**
 * A student's record across placements and the student's consent to share
 * it. `Progress` is refreshed when the sharing changes, so the page shows
 * the new state.
 */
const progressApi = api.enhanceEndpoints({ addTagTypes: ['Progress'] }).injectEndpoints({
  endpoints: (build) => ({
    getProgressRecord: build.query<ProgressRecord, number>({
      query: (studentId) => `students/${studentId}/progress`,
      providesTags: ['Progress'],
    }),
    setProgressSharing: build.mutation<ProgressSharing, boolean>({
      query: (share) => ({ url: 'progress/sharing', method: share ? 'PUT' : 'DELETE' }),
      invalidatesTags: ['Progress'],
    }),
    /** The record as a PDF, as an object URL the caller opens and later revokes. */
    fetchProgressRecordPdf: build.mutation<string, number>({
      queryFn: async (studentId, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: `students/${studentId}/progress/pdf`, responseHandler: fileOrError });
        if (result.error) return { error: result.error };
        if (!(result.data instanceof Blob)) {
          const error: FetchBaseQueryError = { status: 'CUSTOM_ERROR', error: 'The server did not send a file' };
          return { error };
        }
        return { data: URL.createObjectURL(result.data) };
      },
    }),
  }),
});

export const { useGetProgressRecordQuery, useSetProgressSharingMutation, useFetchProgressRecordPdfMutation } = progressApi;
