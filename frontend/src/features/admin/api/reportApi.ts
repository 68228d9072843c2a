import type { ReportStudentRef, SemesterReport } from '@/api/types';
import { adminApi, downloadWith } from './adminBase';

/** The live report's filter: the semester, and 0 or a subject and a class. */
export interface ReportFilter {
  periodId: number;
  subjectId: number;
  classId: number;
}

/** The query string of a filter (without the semester), leaving out what is unset. */
export function filterQuery({ subjectId, classId }: Pick<ReportFilter, 'subjectId' | 'classId'>): URLSearchParams {
  const q = new URLSearchParams();
  if (subjectId > 0) q.set('subjectId', String(subjectId));
  if (classId > 0) q.set('classId', String(classId));
  return q;
}

const withQuery = (path: string, q: URLSearchParams) => (q.size > 0 ? `${path}?${q.toString()}` : path);

/** A semester's live report, the students behind its numbers, and its CSV. */
export const reportApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/periods/{id}/report`, narrowed by the filter. */
    getSemesterReport: build.query<SemesterReport, ReportFilter>({
      query: (f) => withQuery(`periods/${f.periodId}/report`, filterQuery(f)),
      providesTags: (_r, _e, f) => [{ type: 'Period', id: `report-${f.periodId}` }],
    }),
    /** `GET /api/periods/{id}/report/students` with the number's query as the report's links carry it. */
    getReportStudents: build.query<ReportStudentRef[], { periodId: number; query: string }>({
      query: ({ periodId, query }) => withQuery(`periods/${periodId}/report/students`, new URLSearchParams(query)),
      providesTags: (_r, _e, { periodId }) => [{ type: 'Period', id: `report-${periodId}` }],
    }),
    /** `GET /api/periods/{id}/report/csv` with the filter shown, saved as 'Rapport {semester}.csv'. */
    downloadReportCsv: build.mutation<null, ReportFilter & { lang: string; fileName: string }>({
      queryFn: (f, _api, _extra, baseQuery) => {
        const q = filterQuery(f);
        q.set('lang', f.lang);
        return downloadWith(baseQuery, withQuery(`periods/${f.periodId}/report/csv`, q), f.fileName);
      },
    }),
  }),
});

export const { useGetSemesterReportQuery, useGetReportStudentsQuery, useDownloadReportCsvMutation } = reportApi;
