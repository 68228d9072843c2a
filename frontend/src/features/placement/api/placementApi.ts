import type { FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api } from '@/api/apiSlice';
import { fileOrError } from '@/api/fileOrError';
import type * as wire from '@/api/types';
import type {
  AcceptedInvitation,
  AddedAdvisor,
  AdvisorClass,
  AuditEntry,
  ClassUsers,
  FormRef,
  Invitation,
  PersonRef,
  PlacementClass,
  SigningFormSummary,
  SigningStatusRow,
  StudentClass,
  StudentProgress,
  StudentRow,
  Supervisor,
  TeacherHomeGroup,
  Warning,
  WarningDeadline,
  WarningTexts,
} from '../types';

/**
 * The api slice with the placement pages' cache tags. `SigningStatus`,
 * `SigningForm` and `AnswerSet` are the tags the signing form and the form
 * page refresh after a change, so the lists here follow them; `Me` is the
 * signed-in user, whose classes and roles change when joining a class or
 * accepting an invitation.
 */
const placementBase = api.enhanceEndpoints({
  addTagTypes: [
    'StudentClasses',
    'JoinableClasses',
    'TeacherHome',
    'PlacementClass',
    'PlacementClassUsers',
    'ClassStudents',
    'AdvisorHome',
    'StudentProgress',
    'Warning',
    'Invitation',
    'Audit',
    'SigningStatus',
    'SigningForm',
    'AnswerSet',
  ],
});

/** A student in a class. */
export interface StudentInClass {
  classId: number;
  studentId: number;
}

const studentKey = ({ classId, studentId }: StudentInClass) => `${classId}:${studentId}`;
const studentBase = ({ classId, studentId }: StudentInClass) => `classes/${classId}/students/${studentId}`;

/** 404 is an answer for the resources the spec calls "none" (warning, invitation, signing form). */
const okOrNone = (response: Response) => response.ok || response.status === 404;
function noneOn404<T>(body: T, meta: FetchBaseQueryMeta | undefined): T | null {
  return meta?.response?.status === 404 ? null : body;
}

/** The PDFs of a student's placement. */
export type PdfKind = 'full' | 'warning' | 'signingForm';

const PDF_PATH: Record<PdfKind, string> = {
  full: 'full/pdf',
  warning: 'warning/pdf',
  signingForm: 'signingform/pdf',
};

/** The tags a change of a student's warning makes stale. */
const warningChanged = (arg: StudentInClass) => [
  { type: 'Warning' as const, id: studentKey(arg) },
  { type: 'ClassStudents' as const, id: arg.classId },
  { type: 'Audit' as const, id: studentKey(arg) },
  'AdvisorHome' as const,
];

export const placementApi = placementBase.injectEndpoints({
  endpoints: (build) => ({
    // Students --------------------------------------------------------------

    /** `GET /api/classes/me/student`: the student's classes, current first; none (404) gives []. */
    getMyStudentClasses: build.query<StudentClass[], void>({
      query: () => ({ url: 'classes/me/student', validateStatus: okOrNone }),
      transformResponse: (body: StudentClass[], meta) => noneOn404(body, meta) ?? [],
      providesTags: ['StudentClasses'],
    }),
    /** `GET /api/classes/me/matching-affiliations`: classes matching the student's Feide course groups. */
    getMatchingClasses: build.query<PlacementClass[], void>({
      query: () => 'classes/me/matching-affiliations',
      providesTags: ['JoinableClasses'],
    }),
    /** `GET /api/classes`: every class of the school. */
    getAllClasses: build.query<PlacementClass[], void>({
      query: () => 'classes',
      providesTags: ['JoinableClasses'],
    }),
    /** `POST /api/classes/{id}/students/me`: join a class; a failure refreshes the lists to choose from. */
    joinClass: build.mutation<StudentClass, number>({
      query: (classId) => ({ url: `classes/${classId}/students/me`, method: 'POST' }),
      invalidatesTags: (_result, error) =>
        error ? ['JoinableClasses', 'StudentClasses'] : ['StudentClasses', 'Invitation', 'Me'],
    }),
    /** `POST …/primary-advisor {advisorUserId}`: the student makes a supervisor the primary one. */
    setPrimarySupervisor: build.mutation<Supervisor[], StudentInClass & wire.PrimaryAdvisorInput>({
      query: ({ advisorUserId, ...arg }) => ({
        url: `${studentBase(arg)}/primary-advisor`,
        method: 'POST',
        body: { advisorUserId },
      }),
      invalidatesTags: (_result, error) => (error ? [] : ['StudentClasses']),
    }),
    /** `GET /api/invitations/advisor/me`: the student's current invitation, or null. */
    getMyInvitation: build.query<Invitation | null, void>({
      query: () => ({ url: 'invitations/advisor/me', validateStatus: okOrNone }),
      transformResponse: noneOn404<Invitation>,
      providesTags: ['Invitation'],
    }),
    /** `POST /api/invitations/advisor {email}`: invites a supervisor (replaces an open invitation). */
    inviteSupervisor: build.mutation<Invitation, wire.InvitationInput['email']>({
      query: (email) => ({ url: 'invitations/advisor', method: 'POST', body: { email } }),
      invalidatesTags: (_result, error) => (error ? [] : ['Invitation']),
    }),
    /** `POST /api/invitations/advisor/accept`: the signed-in user accepts an invitation. */
    acceptInvitation: build.mutation<
      AcceptedInvitation,
      Pick<wire.AcceptInvitationInput, 'verificationGuid'> & Required<Pick<wire.AcceptInvitationInput, 'email'>>
    >({
      query: (body) => ({ url: 'invitations/advisor/accept', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Me', 'AdvisorHome']),
    }),
    /** `GET /api/forms`: every form, main forms first. */
    getPlacementForms: build.query<FormRef[], void>({
      query: () => 'forms',
    }),

    // Teachers --------------------------------------------------------------

    /** `GET /api/classes/mine`: every class by semester, the teacher's own and the others. */
    getTeacherHome: build.query<TeacherHomeGroup[], void>({
      query: () => 'classes/mine',
      providesTags: ['TeacherHome'],
    }),
    /** `GET /api/classes/{id}`. */
    getPlacementClass: build.query<PlacementClass, number>({
      query: (id) => `classes/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'PlacementClass', id }],
    }),
    /** `GET /api/classes/{id}/users`: teachers, students and supervisors by name. */
    getPlacementClassUsers: build.query<ClassUsers, number>({
      query: (id) => `classes/${id}/users`,
      providesTags: (_result, _error, id) => [{ type: 'PlacementClassUsers', id }],
    }),
    /** `POST` or `DELETE /api/classes/{id}/teachers/me`: join or leave a class as teacher. */
    setTeaching: build.mutation<null, { classId: number; join: boolean }>({
      query: ({ classId, join }) => ({ url: `classes/${classId}/teachers/me`, method: join ? 'POST' : 'DELETE' }),
      transformResponse: () => null,
      invalidatesTags: (_result, error, { classId }) =>
        error
          ? []
          : ['TeacherHome', 'Me', { type: 'PlacementClassUsers', id: classId }, { type: 'ClassStudents', id: classId }],
    }),
    /** `GET /api/classes/{id}/students`: every student of the class at a glance. */
    getClassStudents: build.query<StudentRow[], number>({
      query: (id) => `classes/${id}/students`,
      providesTags: (_result, _error, id) => [
        { type: 'ClassStudents', id },
        { type: 'SigningStatus', id },
        'AnswerSet',
      ],
    }),
    /** `GET /api/classes/{id}/signing-status`: whose signing form waits, and for whom. */
    getPlacementSigningStatus: build.query<SigningStatusRow[], number>({
      query: (id) => `classes/${id}/signing-status`,
      providesTags: (_result, _error, id) => [{ type: 'SigningStatus', id }],
    }),
    /** `POST /api/classes/{id}/students/mine {studentIds}`: the teacher takes students. */
    assignStudents: build.mutation<PersonRef[], { classId: number } & wire.StudentIdsInput>({
      query: ({ classId, studentIds }) => ({
        url: `classes/${classId}/students/mine`,
        method: 'POST',
        body: { studentIds },
      }),
      invalidatesTags: (_result, error, { classId }) =>
        error ? [] : ['TeacherHome', { type: 'ClassStudents', id: classId }],
    }),
    /** `POST /api/classes/{id}/advisors {name, email}`: adds a supervisor to the class. */
    addClassSupervisor: build.mutation<AddedAdvisor, { classId: number } & wire.NewAdvisorInput>({
      query: ({ classId, name, email }) => ({ url: `classes/${classId}/advisors`, method: 'POST', body: { name, email } }),
      invalidatesTags: (_result, error, { classId }) => (error ? [] : [{ type: 'PlacementClassUsers', id: classId }]),
    }),
    /** `GET /api/classes/{classId}/advisor/{userId}/students`: whom a supervisor follows in the class. */
    getSupervisorStudents: build.query<PersonRef[], { classId: number; userId: number }>({
      query: ({ classId, userId }) => `classes/${classId}/advisor/${userId}/students`,
      providesTags: (_result, _error, { classId }) => [{ type: 'ClassStudents', id: classId }],
    }),

    // Supervisors -----------------------------------------------------------

    /** `GET /api/classes/advisor`: the supervisor's classes with their students. */
    getAdvisorHome: build.query<AdvisorClass[], void>({
      query: () => 'classes/advisor',
      providesTags: ['AdvisorHome', 'AnswerSet', 'SigningStatus'],
    }),
    /** `POST /api/classes/{classId}/advisor/{userId}/me`: the supervisor takes on a student. */
    takeStudent: build.mutation<PersonRef[], { classId: number; studentId: number }>({
      query: ({ classId, studentId }) => ({ url: `classes/${classId}/advisor/${studentId}/me`, method: 'POST' }),
      invalidatesTags: (_result, error, { classId }) =>
        error ? [] : ['AdvisorHome', 'Me', { type: 'ClassStudents', id: classId }],
    }),

    // One student -----------------------------------------------------------

    /** `GET …/progress`: each form and half answered per role, and the graded questions compared. */
    getStudentProgress: build.query<StudentProgress, StudentInClass>({
      query: (arg) => `${studentBase(arg)}/progress`,
      providesTags: (_result, _error, arg) => [{ type: 'StudentProgress', id: studentKey(arg) }, 'AnswerSet'],
    }),
    /** `GET …/warning`: the warning, or null when there is none. */
    getStudentWarning: build.query<Warning | null, StudentInClass>({
      query: (arg) => ({ url: `${studentBase(arg)}/warning`, validateStatus: okOrNone }),
      transformResponse: noneOn404<Warning>,
      providesTags: (_result, _error, arg) => [{ type: 'Warning', id: studentKey(arg) }],
    }),
    /** `GET …/warning/deadline`: the midpoint and the last date a warning can be given. */
    getWarningDeadline: build.query<WarningDeadline, StudentInClass>({
      query: (arg) => `${studentBase(arg)}/warning/deadline`,
    }),
    /** `POST …/warning`: saves the teacher's draft. The cached warning follows without a new fetch. */
    saveWarningDraft: build.mutation<Warning, StudentInClass & { texts: WarningTexts }>({
      query: ({ texts, ...arg }) => ({ url: `${studentBase(arg)}/warning`, method: 'POST', body: texts }),
      async onQueryStarted({ classId, studentId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(placementApi.util.upsertQueryData('getStudentWarning', { classId, studentId }, data));
        } catch {
          // The dialog shows the failure.
        }
      },
      invalidatesTags: (result, error, arg) =>
        // The first draft changes the class list (draft shown to teachers).
        !error && result && result.createdAt === result.updatedAt ? [{ type: 'ClassStudents', id: arg.classId }] : [],
    }),
    /** `POST …/warning/submit`: saves the texts and sends the warning (e-mails the student). */
    submitWarning: build.mutation<Warning, StudentInClass & { texts: WarningTexts }>({
      query: ({ texts, ...arg }) => ({ url: `${studentBase(arg)}/warning/submit`, method: 'POST', body: texts }),
      invalidatesTags: (_result, error, arg) => (error ? [] : warningChanged(arg)),
    }),
    /** `POST …/warning/confirm`: the student confirms having read the warning. */
    confirmWarning: build.mutation<Warning, StudentInClass>({
      query: (arg) => ({ url: `${studentBase(arg)}/warning/confirm`, method: 'POST' }),
      invalidatesTags: (_result, error, arg) => (error ? [] : warningChanged(arg)),
    }),
    /** `DELETE …/warning`: the teacher deletes the warning. */
    deleteWarning: build.mutation<null, StudentInClass>({
      query: (arg) => ({ url: `${studentBase(arg)}/warning`, method: 'DELETE' }),
      transformResponse: () => null,
      invalidatesTags: (_result, error, arg) => (error ? [] : warningChanged(arg)),
    }),
    /** `GET …/audit`: the student's audit trail, newest first (teachers and admins). */
    getAuditTrail: build.query<AuditEntry[], StudentInClass>({
      query: (arg) => `${studentBase(arg)}/audit`,
      providesTags: (_result, _error, arg) => [{ type: 'Audit', id: studentKey(arg) }, 'AnswerSet', 'SigningStatus'],
    }),
    /** `GET …/signingform`: the parts of the signing form these pages show, or null when none. */
    getPlacementSigningForm: build.query<SigningFormSummary | null, StudentInClass>({
      query: (arg) => ({ url: `${studentBase(arg)}/signingform`, validateStatus: okOrNone }),
      transformResponse: noneOn404<SigningFormSummary>,
      providesTags: (_result, _error, arg) => [
        { type: 'SigningForm', id: studentKey(arg) },
        { type: 'SigningStatus', id: arg.classId },
      ],
    }),
    /**
     * A PDF of the student's placement as an object URL, which the caller
     * opens and later revokes. The file never enters the store; 404 means none.
     */
    fetchPlacementPdf: build.mutation<string, StudentInClass & { kind: PdfKind }>({
      queryFn: async ({ kind, ...arg }, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: `${studentBase(arg)}/${PDF_PATH[kind]}`, responseHandler: fileOrError });
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

export const {
  useGetMyStudentClassesQuery,
  useGetMatchingClassesQuery,
  useGetAllClassesQuery,
  useJoinClassMutation,
  useSetPrimarySupervisorMutation,
  useGetMyInvitationQuery,
  useInviteSupervisorMutation,
  useAcceptInvitationMutation,
  useGetPlacementFormsQuery,
  useGetTeacherHomeQuery,
  useGetPlacementClassQuery,
  useGetPlacementClassUsersQuery,
  useSetTeachingMutation,
  useGetClassStudentsQuery,
  useGetPlacementSigningStatusQuery,
  useAssignStudentsMutation,
  useAddClassSupervisorMutation,
  useGetSupervisorStudentsQuery,
  useGetAdvisorHomeQuery,
  useTakeStudentMutation,
  useGetStudentProgressQuery,
  useGetStudentWarningQuery,
  useGetWarningDeadlineQuery,
  useSaveWarningDraftMutation,
  useSubmitWarningMutation,
  useConfirmWarningMutation,
  useDeleteWarningMutation,
  useGetAuditTrailQuery,
  useGetPlacementSigningFormQuery,
  useFetchPlacementPdfMutation,
} = placementApi;
