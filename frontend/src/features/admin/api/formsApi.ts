import type { Form, FormInput, FormSummary } from '../types';
import { adminApi, downloadWith, LIST } from './adminBase';

/** Forms, their groups and questions, and their guidance PDFs. */
export const formsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/forms`: main forms first, then by name. */
    getForms: build.query<FormSummary[], void>({
      query: () => 'forms',
      providesTags: (forms) => [
        { type: 'Form', id: LIST },
        ...(forms ?? []).map((form) => ({ type: 'Form' as const, id: form.id })),
      ],
    }),
    /** `GET /api/forms/{id}`: the form with its groups and questions, in order. */
    getForm: build.query<Form, number>({
      query: (id) => `forms/${id}`,
      providesTags: (_form, _error, id) => [{ type: 'Form', id }],
    }),
    /** `POST /api/forms` → the new form. */
    createForm: build.mutation<Form, FormInput>({
      query: (body) => ({ url: 'forms', method: 'POST', body }),
      invalidatesTags: [{ type: 'Form', id: LIST }],
    }),
    /** `PUT /api/forms`: saves the whole form; groups and questions left out are deleted (409 when answered). */
    updateForm: build.mutation<Form, FormInput & { id: number }>({
      query: (body) => ({ url: 'forms', method: 'PUT', body }),
      // Classes show form names; expectations follow the questions.
      invalidatesTags: (_form, _error, { id }) => [{ type: 'Form', id }, { type: 'Form', id: LIST }, 'Class', 'Expectation'],
    }),
    /** `DELETE /api/forms/{id}` (409 once answered). */
    deleteForm: build.mutation<void, number>({
      query: (id) => ({ url: `forms/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, id) => (error ? [] : [{ type: 'Form', id: LIST }, { type: 'Form', id }, 'Class']),
    }),
    /** `PUT /api/forms/{id}/pdf`: uploads or replaces the guidance PDF (at most 10 MiB; 413 above). */
    uploadFormPdf: build.mutation<Form, { formId: number; file: File }>({
      query: ({ formId, file }) => ({
        url: `forms/${formId}/pdf`,
        method: 'PUT',
        params: { filename: file.name },
        headers: { 'Content-Type': 'application/pdf' },
        body: file,
      }),
      invalidatesTags: (_form, _error, { formId }) => [{ type: 'Form', id: formId }],
    }),
    /** `DELETE /api/forms/{id}/pdf`. */
    deleteFormPdf: build.mutation<void, number>({
      query: (formId) => ({ url: `forms/${formId}/pdf`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, formId) => [{ type: 'Form', id: formId }],
    }),
    /** `GET /api/forms/{id}/pdf`, saved under the file's name (404: none). */
    downloadFormPdf: build.mutation<null, { formId: number; fileName: string }>({
      queryFn: ({ formId, fileName }, _api, _extra, baseQuery) => downloadWith(baseQuery, `forms/${formId}/pdf`, fileName),
    }),
  }),
});

export const {
  useGetFormsQuery,
  useGetFormQuery,
  useCreateFormMutation,
  useUpdateFormMutation,
  useDeleteFormMutation,
  useUploadFormPdfMutation,
  useDeleteFormPdfMutation,
  useDownloadFormPdfMutation,
} = formsApi;
