import type * as wire from '@/api/types';
import type { Period, SchoolClass } from '../types';
import { adminApi, downloadWith, LIST } from './adminBase';

/** The proposal for the next semester: the same shape as a semester, without an id of its own. */
export type NextPeriod = Omit<Period, 'id'> & { id?: number };

/** Semesters and their classes. */
export const semestersApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/periods`: newest first, each with its status. */
    getPeriods: build.query<Period[], void>({
      query: () => 'periods',
      providesTags: [{ type: 'Period', id: LIST }],
    }),
    /** `GET /api/periods/{id}`. */
    getPeriod: build.query<Period, number>({
      query: (id) => `periods/${id}`,
      providesTags: (_period, _error, id) => [{ type: 'Period', id }],
    }),
    /** `GET /api/periods/next`: the semester that creating the next one would make; 409 when a future one exists. */
    getNextPeriod: build.query<NextPeriod, void>({
      query: () => 'periods/next',
      providesTags: ['NextPeriod'],
    }),
    /** `POST /api/periods` with the proposal shown. */
    createPeriod: build.mutation<Period, Required<Pick<wire.PeriodInput, 'name' | 'startDate' | 'endDate'>>>({
      query: (body) => ({ url: 'periods', method: 'POST', body }),
      invalidatesTags: [{ type: 'Period', id: LIST }, 'NextPeriod'],
    }),
    /** `GET /api/periods/{id}/classes`, by subject code. */
    getPeriodClasses: build.query<SchoolClass[], number>({
      query: (id) => `periods/${id}/classes`,
      providesTags: (_classes, _error, id) => [{ type: 'Class', id: `period-${id}` }, { type: 'Class', id: LIST }],
    }),
    /** `POST /api/classes`: adds a subject to a semester (409 when it is there already). */
    createClass: build.mutation<SchoolClass, wire.NewClassInput>({
      query: (body) => ({ url: 'classes', method: 'POST', body }),
      invalidatesTags: (_class, _error, { periodId }) => [
        { type: 'Class', id: `period-${periodId}` },
        { type: 'Class', id: LIST },
      ],
    }),
    /** `GET /api/periods/{id}/deadline-rules`: the semester's deadline rules. */
    getSemesterDeadlineRules: build.query<wire.SemesterDeadlineRules, number>({
      query: (id) => `periods/${id}/deadline-rules`,
      providesTags: (_rules, _error, id) => [{ type: 'Period', id: `deadlines-${id}` }],
    }),
    /** `PUT /api/periods/{id}/deadline-rules`: replaces them all. */
    saveSemesterDeadlineRules: build.mutation<wire.SemesterDeadlineRules, { periodId: number; body: wire.DeadlineRulesInput }>({
      query: ({ periodId, body }) => ({ url: `periods/${periodId}/deadline-rules`, method: 'PUT', body }),
      invalidatesTags: (_rules, _error, { periodId }) => [{ type: 'Period', id: `deadlines-${periodId}` }, { type: 'Class', id: LIST }],
    }),
    /** `GET /api/periods/{id}/students-csv`, saved as 'Student Rapport {semester}.csv'. */
    downloadStudentsCsv: build.mutation<null, { periodId: number; fileName: string }>({
      queryFn: ({ periodId, fileName }, _api, _extra, baseQuery) =>
        downloadWith(baseQuery, `periods/${periodId}/students-csv`, fileName),
    }),
  }),
});

export const {
  useGetPeriodsQuery,
  useGetPeriodQuery,
  useGetNextPeriodQuery,
  useCreatePeriodMutation,
  useGetPeriodClassesQuery,
  useCreateClassMutation,
  useDownloadStudentsCsvMutation,
  useGetSemesterDeadlineRulesQuery,
  useSaveSemesterDeadlineRulesMutation,
} = semestersApi;
