import type * as wire from '@/api/types';
import type { ClassUsers, ExpectationAnswer, ExpectationSet, Person, SchoolClass } from '../types';
import { adminApi, LIST } from './adminBase';

/** Classes: dates, forms, people, supervisors' students and expectations. */
export const classesApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/classes`: every class, newest semester first, then by subject code. */
    getClasses: build.query<SchoolClass[], void>({
      query: () => 'classes',
      providesTags: [{ type: 'Class', id: LIST }],
    }),
    /** `GET /api/classes/{id}`. */
    getClass: build.query<SchoolClass, number>({
      query: (id) => `classes/${id}`,
      providesTags: (_class, _error, id) => [{ type: 'Class', id }],
    }),
    /** `PUT /api/classes`: mid- and end-semester dates (within the semester, mid before end). */
    updateClassDates: build.mutation<
      SchoolClass,
      Required<Pick<wire.ClassDatesInput, 'id' | 'midSemesterDate' | 'endSemesterDate'>>
    >({
      query: (body) => ({ url: 'classes', method: 'PUT', body }),
      // The class's due dates count from its dates and move with them.
      invalidatesTags: (_class, _error, { id }) => [
        { type: 'Class', id },
        { type: 'Class', id: LIST },
        { type: 'Class', id: `deadlines-${id}` },
      ],
    }),
    /** `PATCH /api/classes/{id}/forms`: the forms the class uses (409 when removing an answered one). */
    setClassForms: build.mutation<SchoolClass, { id: number; formIds: wire.ClassFormIds }>({
      query: ({ id, formIds }) => ({ url: `classes/${id}/forms`, method: 'PATCH', body: formIds }),
      invalidatesTags: (_class, _error, { id }) => [{ type: 'Class', id }, { type: 'Class', id: LIST }, 'Expectation'],
    }),
    /** `GET /api/classes/{id}/users`: teachers, students and supervisors by name. */
    getClassUsers: build.query<ClassUsers, number>({
      query: (id) => `classes/${id}/users`,
      providesTags: (_users, _error, id) => [{ type: 'ClassUsers', id }],
    }),
    /** `GET /api/classes/{classId}/advisor/{userId}/students` (404: not a supervisor of the class). */
    getAdvisorStudents: build.query<Person[], { classId: number; userId: number }>({
      query: ({ classId, userId }) => `classes/${classId}/advisor/${userId}/students`,
      providesTags: (_students, _error, { classId, userId }) => [{ type: 'AdvisorStudents', id: `${classId}-${userId}` }],
    }),
    /** `POST /api/classes/{classId}/advisor/{userId}/students {studentIds}`. */
    addAdvisorStudents: build.mutation<Person[], { classId: number; userId: number } & wire.StudentIdsInput>({
      query: ({ classId, userId, studentIds }) => ({
        url: `classes/${classId}/advisor/${userId}/students`,
        method: 'POST',
        body: { studentIds },
      }),
      invalidatesTags: (_students, _error, { classId, userId }) => [
        { type: 'AdvisorStudents', id: `${classId}-${userId}` },
        'User',
      ],
    }),
    /** `GET /api/classes/{id}/deadline-rules`: the semester's rules, the class's own and the due dates they give. */
    getClassDeadlineRules: build.query<wire.ClassDeadlineRules, number>({
      query: (id) => `classes/${id}/deadline-rules`,
      providesTags: (_rules, _error, id) => [{ type: 'Class', id: `deadlines-${id}` }],
    }),
    /** `PUT /api/classes/{id}/deadline-rules`: replaces the class's own rules (those left out follow the semester). */
    saveClassDeadlineRules: build.mutation<wire.ClassDeadlineRules, { classId: number; body: wire.DeadlineRulesInput }>({
      query: ({ classId, body }) => ({ url: `classes/${classId}/deadline-rules`, method: 'PUT', body }),
      invalidatesTags: (_rules, error, { classId }) => (error ? [] : [{ type: 'Class', id: `deadlines-${classId}` }]),
    }),
    /** `GET /api/classes/{classId}/forms/{formId}/expectations?isMidSemester=`; 404 means none set. */
    getExpectations: build.query<ExpectationSet, { classId: number; formId: number; isMidSemester: boolean }>({
      query: ({ classId, formId, isMidSemester }) => ({
        url: `classes/${classId}/forms/${formId}/expectations`,
        params: { isMidSemester: String(isMidSemester) },
      }),
      providesTags: (_set, _error, { classId, formId, isMidSemester }) => [
        { type: 'Expectation', id: `${classId}-${formId}-${isMidSemester}` },
      ],
    }),
    /** `POST /api/classes/{classId}/expectations`: replaces the set for a form and half. */
    saveExpectations: build.mutation<
      ExpectationSet,
      Required<Pick<wire.ExpectationsInput, 'classId' | 'formId' | 'isMidSemester'>> & { answers: ExpectationAnswer[] }
    >({
      query: ({ classId, ...body }) => ({ url: `classes/${classId}/expectations`, method: 'POST', body: { classId, ...body } }),
      invalidatesTags: (_set, _error, { classId, formId, isMidSemester }) => [
        { type: 'Expectation', id: `${classId}-${formId}-${isMidSemester}` },
      ],
    }),
  }),
});

export const {
  useGetClassesQuery,
  useGetClassQuery,
  useUpdateClassDatesMutation,
  useSetClassFormsMutation,
  useGetClassUsersQuery,
  useGetAdvisorStudentsQuery,
  useAddAdvisorStudentsMutation,
  useGetExpectationsQuery,
  useSaveExpectationsMutation,
  useGetClassDeadlineRulesQuery,
  useSaveClassDeadlineRulesMutation,
} = classesApi;
