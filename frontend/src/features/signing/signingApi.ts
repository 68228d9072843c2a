import type { FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api } from '@/api/apiSlice';
import { fileOrError } from '@/api/fileOrError';
import type * as wire from '@/api/types';
import type {
  SigningClass,
  SigningForm,
  SigningFormInput,
  SigningValidation,
  StudentSigningStatus,
} from './types';

/**
 * The api slice with the signing form's cache tags: the form and its
 * validation per student and class, and each class's signing status. A save,
 * a signature or a cancellation refreshes exactly these.
 */
const signingBase = api.enhanceEndpoints({
  addTagTypes: ['SigningForm', 'SigningValidation', 'SigningStatus'],
});

/** Which student's form, in which class. */
export interface StudentInClass {
  classId: number;
  studentId: number;
}

const key = ({ classId, studentId }: StudentInClass) => `${classId}:${studentId}`;
const base = ({ classId, studentId }: StudentInClass) => `classes/${classId}/students/${studentId}/signingform`;

/** A student row of the class lists (`GET /api/classes/{id}/students`, `GET /api/classes/advisor`), the parts used here. */
export type ClassStudentRow = Pick<wire.StudentOverview, 'id' | 'displayName' | 'teacher' | 'supervisors'>;

/** A class of the caller as a student (`GET /api/classes/me/student`), the parts used here. */
export type MyStudentClass = Pick<wire.StudentClass, keyof SigningClass | 'teacher' | 'supervisors'>;

/** A class of the caller as a supervisor (`GET /api/classes/advisor`), the parts used here. */
export type MyAdvisorClass = Pick<wire.AdvisorClass, keyof SigningClass> & { students: ClassStudentRow[] };

/** The people of a class (`GET /api/classes/{id}/users`). */
export type ClassUsers = wire.ClassUsers;

/** Whether a value is a file (also one made by another realm's Blob, as in tests). */
function isBlob(value: unknown): value is Blob {
  return (
    value instanceof Blob ||
    (typeof value === 'object' && value !== null && 'size' in value && 'type' in value && 'arrayBuffer' in value)
  );
}

/** 404 on the form means none (spec §8): the page shows the blank form. */
const formOrNone = (response: Response) => response.ok || response.status === 404;

export const signingApi = signingBase.injectEndpoints({
  endpoints: (build) => ({
    /** `GET …/signingform`: the form, or null when the teacher has not created one (404). */
    getSigningForm: build.query<SigningForm | null, StudentInClass>({
      query: (arg) => ({ url: base(arg), validateStatus: formOrNone }),
      transformResponse: (body: SigningForm, meta: FetchBaseQueryMeta | undefined) =>
        meta?.response?.status === 404 ? null : body,
      providesTags: (_result, _error, arg) => [{ type: 'SigningForm', id: key(arg) }],
    }),
    /** `GET …/signingform/validation`: the teacher's answer summary and whether the result is archived or submitted. */
    getSigningValidation: build.query<SigningValidation, StudentInClass>({
      query: (arg) => `${base(arg)}/validation`,
      providesTags: (_result, _error, arg) => [{ type: 'SigningValidation', id: key(arg) }],
    }),
    /** `POST …/signingform`: the teacher creates the form (with the mid section). */
    createSigningForm: build.mutation<SigningForm, StudentInClass & { form: SigningFormInput }>({
      query: ({ form, ...arg }) => ({ url: base(arg), method: 'POST', body: form }),
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // The answer is the form as saved: show it without asking again.
          void dispatch(signingApi.util.upsertQueryData('getSigningForm', studentInClass(arg), data));
        } catch {
          // The page shows the failure; a conflict fetches the form again.
        }
      },
      invalidatesTags: (_result, error, arg) => changed(arg, error),
    }),
    /** `PUT …/signingform`: the teacher saves with the version last seen (409 when stale or not allowed). */
    saveSigningForm: build.mutation<SigningForm, StudentInClass & { form: SigningFormInput }>({
      query: ({ form, ...arg }) => ({ url: base(arg), method: 'PUT', body: form }),
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // The answer is the form as saved: show it without asking again.
          void dispatch(signingApi.util.upsertQueryData('getSigningForm', studentInClass(arg), data));
        } catch {
          // The page shows the failure; a conflict fetches the form again.
        }
      },
      invalidatesTags: (_result, error, arg) => changed(arg, error),
    }),
    /** `POST …/signingform/sign`: the caller signs as whoever they are to the student. */
    signSigningForm: build.mutation<SigningForm, StudentInClass & Required<wire.SignRequest>>({
      query: ({ confirmWithoutAdvisor, ...arg }) => ({
        url: `${base(arg)}/sign`,
        method: 'POST',
        body: { confirmWithoutAdvisor },
      }),
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // The answer is the form as saved: show it without asking again.
          void dispatch(signingApi.util.upsertQueryData('getSigningForm', studentInClass(arg), data));
        } catch {
          // The page shows the failure; a conflict fetches the form again.
        }
      },
      invalidatesTags: (_result, error, arg) => changed(arg, error),
    }),
    /** `POST …/signingform/cancel`: the teacher deletes the form for good; it starts over blank. */
    cancelSigningForm: build.mutation<null, StudentInClass>({
      query: (arg) => ({ url: `${base(arg)}/cancel`, method: 'POST' }),
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          void dispatch(signingApi.util.upsertQueryData('getSigningForm', studentInClass(arg), null));
        } catch {
          // The page shows the failure.
        }
      },
      invalidatesTags: (_result, error, arg) => changed(arg, error),
    }),
    /**
     * `GET …/signingform/pdf`: the form as a PDF, with who signed, when and
     * how. Answers with an object URL of the file (the caller opens it and
     * revokes it later); the file itself never enters the store.
     */
    getSigningFormPdfUrl: build.mutation<string, StudentInClass>({
      async queryFn(arg, _api, _extraOptions, baseQuery) {
        const result = await baseQuery({ url: `${base(arg)}/pdf`, responseHandler: fileOrError });
        if (result.error) return { error: result.error };
        if (!isBlob(result.data)) {
          return { error: { status: 'CUSTOM_ERROR', error: 'The server did not send a file' } };
        }
        return { data: URL.createObjectURL(result.data) };
      },
    }),
    /** `GET /api/classes/{id}/signing-status`: the students whose form waits for someone, and for whom. */
    getClassSigningStatus: build.query<StudentSigningStatus[], number>({
      query: (classId) => `classes/${classId}/signing-status`,
      providesTags: (_result, _error, classId) => [{ type: 'SigningStatus', id: classId }],
    }),
    /** `GET /api/classes/{id}`: semester and subject for the heading. */
    getSigningClass: build.query<SigningClass, number>({
      query: (classId) => `classes/${classId}`,
    }),
    /** `GET /api/classes/{id}/students` (teachers): each student's teacher and supervisors. */
    getSigningClassStudents: build.query<ClassStudentRow[], number>({
      query: (classId) => `classes/${classId}/students`,
    }),
    /** `GET /api/classes/{id}/users` (teachers): the class's teachers and supervisors, to name who signed. */
    getSigningClassUsers: build.query<ClassUsers, number>({
      query: (classId) => `classes/${classId}/users`,
    }),
    /** `GET /api/classes/me/student` (students): the caller's classes with teacher and supervisors. */
    getSigningMyStudentClasses: build.query<MyStudentClass[], void>({
      query: () => 'classes/me/student',
    }),
    /** `GET /api/classes/advisor` (supervisors): the caller's classes with their students. */
    getSigningMyAdvisorClasses: build.query<MyAdvisorClass[], void>({
      query: () => 'classes/advisor',
    }),
  }),
});

const studentInClass = ({ classId, studentId }: StudentInClass): StudentInClass => ({ classId, studentId });

/** Tags of what a change of the form makes stale. */
type ChangedTag = { type: 'SigningForm'; id: string } | { type: 'SigningValidation'; id: string } | 'SigningStatus';

/**
 * What a change makes stale, after a success or a conflict (409; then the
 * page shows what the server has now): the form and its validation, and
 * every signing status (the class lists, the supervisor's students and the
 * audit trail of the role pages follow the `SigningStatus` tag). Other
 * failures change nothing.
 */
function changed(arg: StudentInClass, error: FetchBaseQueryError | undefined): ChangedTag[] {
  if (error && error.status !== 409) return [];
  return [{ type: 'SigningForm', id: key(arg) }, { type: 'SigningValidation', id: key(arg) }, 'SigningStatus'];
}

export const {
  useGetSigningFormQuery,
  useGetSigningValidationQuery,
  useCreateSigningFormMutation,
  useSaveSigningFormMutation,
  useSignSigningFormMutation,
  useCancelSigningFormMutation,
  useGetSigningFormPdfUrlMutation,
  useGetClassSigningStatusQuery,
  useGetSigningClassQuery,
  useGetSigningClassStudentsQuery,
  useGetSigningClassUsersQuery,
  useGetSigningMyStudentClassesQuery,
  useGetSigningMyAdvisorClassesQuery,
} = signingApi;
