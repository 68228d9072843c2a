import type * as wire from '@/api/types';
import type { Subject } from '../types';
import { adminApi, LIST } from './adminBase';

/** Subjects: code and name. */
export const subjectsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/subjects`, by code. */
    getSubjects: build.query<Subject[], void>({
      query: () => 'subjects',
      providesTags: [{ type: 'Subject', id: LIST }],
    }),
    /** `POST /api/subjects` (code and name required; 409 for a code in use). */
    createSubject: build.mutation<Subject, Omit<wire.SubjectInput, 'id'>>({
      query: (body) => ({ url: 'subjects', method: 'POST', body }),
      invalidatesTags: [{ type: 'Subject', id: LIST }],
    }),
    /** `PUT /api/subjects`. */
    updateSubject: build.mutation<Subject, Required<wire.SubjectInput>>({
      query: (body) => ({ url: 'subjects', method: 'PUT', body }),
      // Classes carry their subject's code and name.
      invalidatesTags: [{ type: 'Subject', id: LIST }, 'Class'],
    }),
  }),
});

export const { useGetSubjectsQuery, useCreateSubjectMutation, useUpdateSubjectMutation } = subjectsApi;
