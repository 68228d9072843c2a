import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { api } from '@/api/apiSlice';
import { fileOrError } from '@/api/fileOrError';
import type { AnsweringForm, ClassStudent, SaveAnswersInput, SavedAnswerSet, StudentFormFull } from './types';

/**
 * The form page's calls. `Form` is the form's questions (refreshed when an
 * admin edits the form); `AnswerSet` is everything answered about a student,
 * refreshed when a set is delivered so lists that count answers follow.
 */
const answeringBase = api.enhanceEndpoints({ addTagTypes: ['Form', 'AnswerSet'] });

/** Which student's answers to which form in which class. */
export interface StudentFormArgs {
  classId: number;
  studentUserId: number;
  formId: number;
}

/** `GET /api/forms/{id}`, relative to /api/. */
export const answeringFormPath = (id: number) => `forms/${id}`;

/** `GET /api/classes/{classId}/students/{studentId}/forms/{formId}/full`, relative to /api/. */
export const studentFormFullPath = ({ classId, studentUserId, formId }: StudentFormArgs) =>
  `classes/${classId}/students/${studentUserId}/forms/${formId}/full`;

const studentFormTag = ({ classId, studentUserId, formId }: StudentFormArgs) => ({
  type: 'AnswerSet' as const,
  id: `${classId}/${studentUserId}/${formId}`,
});

export const answeringApi = answeringBase.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/forms/{id}`: the form with its groups, questions, help texts and grading labels. */
    getAnsweringForm: build.query<AnsweringForm, number>({
      query: answeringFormPath,
      providesTags: (_form, _error, id) => [{ type: 'Form', id }],
    }),
    /** `GET /api/classes/{classId}/students/{studentId}/forms/{formId}/full`: every set with answers and comments. */
    getStudentFormFull: build.query<StudentFormFull, StudentFormArgs>({
      query: studentFormFullPath,
      providesTags: (_full, _error, args) => [studentFormTag(args), 'AnswerSet'],
    }),
    /**
     * `POST /api/answers`: saves the caller's own answers (and delivers them
     * when asked) → the set's new version and the questions sent as stored
     * (`Prefer: return=minimal`: the page holds the rest, and the whole set
     * would be some 9 KB every few seconds on a phone's signal). 409 when
     * `version` is not the stored one. An autosave refreshes nothing; a
     * delivery refreshes what shows the student's progress.
     */
    saveAnswers: build.mutation<SavedAnswerSet, SaveAnswersInput & { keepalive?: boolean }>({
      query: ({ keepalive, ...body }) => ({
        url: 'answers',
        method: 'POST',
        body,
        headers: { Prefer: 'return=minimal' },
        ...(keepalive ? { keepalive } : {}),
      }),
      invalidatesTags: (_set, error, { deliver }) => (deliver && !error ? ['AnswerSet'] : []),
    }),
    /**
     * `GET /api/forms/{id}/pdf`: the guidance PDF as an object URL the caller
     * opens and later revokes (404 when the form has none). The file itself
     * never enters the store.
     */
    getGuidancePdfUrl: build.mutation<string, number>({
      queryFn: async (formId, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: `forms/${formId}/pdf`, responseHandler: fileOrError });
        if (result.error) return { error: result.error };
        if (!(result.data instanceof Blob)) {
          const error: FetchBaseQueryError = { status: 'CUSTOM_ERROR', error: 'The server did not send a file' };
          return { error };
        }
        return { data: URL.createObjectURL(result.data) };
      },
    }),
    /** `GET /api/classes/{id}/users` (teachers): the people of a class, for the student's name. */
    getAnsweringClassStudents: build.query<ClassStudent[], number>({
      query: (classId) => `classes/${classId}/users`,
      transformResponse: (users: { students?: ClassStudent[] }) => users.students ?? [],
    }),
    /** `GET /api/classes/advisor` (supervisors): the supervisor's classes with their students, for the student's name. */
    getAnsweringAdvisorStudents: build.query<ClassStudent[], number>({
      query: () => 'classes/advisor',
      transformResponse: (classes: { id: number; students?: ClassStudent[]; otherStudents?: ClassStudent[] }[], _meta, classId) => {
        const found = classes.find((c) => c.id === classId);
        return [...(found?.students ?? []), ...(found?.otherStudents ?? [])];
      },
    }),
  }),
});

export const {
  useGetAnsweringFormQuery,
  useGetStudentFormFullQuery,
  useLazyGetStudentFormFullQuery,
  useSaveAnswersMutation,
  useGetGuidancePdfUrlMutation,
  useGetAnsweringClassStudentsQuery,
  useGetAnsweringAdvisorStudentsQuery,
} = answeringApi;
