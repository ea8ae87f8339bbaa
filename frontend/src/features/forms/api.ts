import type {
  FormConversion,
  FormConversionPreview,
  FormListRow,
  FormView,
  PublicForm,
} from '@registra/domain';
import { api } from '../../lib/api';
import type { ListAnswer, OkAnswer } from '../../types/api';

export type { FormConversion, FormConversionPreview, FormListRow, FormView, PublicForm };

export type FormSortField =
  'createdAt' | 'updatedAt' | 'organizationName1' | 'organizationName2' | 'organizationName3';

/** POST /form/search: the staff list (docs/api/forms.md). */
export interface FormSearch {
  search?: string;
  sortField?: FormSortField;
  sortOrder?: 'asc' | 'desc';
  page?: number;
  limit?: number;
}

/** PUT /form/{id}: the whole request as staff edited it. */
export type FormUpdate = Omit<
  FormView,
  '_id' | 'createdAt' | 'organizationId' | 'convertedAt' | 'kept'
>;

const FORM_LIST = { type: 'Form', id: 'LIST' } as const;

export const formsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The public form's one call: no token needed; `website` is the honeypot, left empty. */
    submitPublicForm: build.mutation<void, PublicForm & { website?: string }>({
      query: (body) => ({ url: '/form', method: 'POST', body }),
      transformResponse: () => undefined,
    }),
    searchForms: build.query<ListAnswer<FormListRow>, FormSearch>({
      query: (body) => ({ url: '/form/search', method: 'POST', body }),
      providesTags: (answer) => [
        FORM_LIST,
        ...(answer?.data ?? []).map((form) => ({ type: 'Form' as const, id: form._id })),
      ],
    }),
    getForm: build.query<FormView, string>({
      query: (id) => `/form/${id}`,
      transformResponse: (answer: OkAnswer<FormView>) => answer.data,
      providesTags: (_answer, _error, id) => [{ type: 'Form', id }],
    }),
    updateForm: build.mutation<FormView, { id: string; body: FormUpdate }>({
      query: ({ id, body }) => ({ url: `/form/${id}`, method: 'PUT', body }),
      transformResponse: (answer: OkAnswer<FormView>) => answer.data,
      invalidatesTags: (_answer, error, { id }) =>
        error ? [] : [{ type: 'Form', id }, FORM_LIST, 'Audit'],
    }),
    /** PUT /form/{id}/keep: staff keep the request past the prospect period, or stop. */
    keepForm: build.mutation<FormView, { id: string; kept: boolean }>({
      query: ({ id, kept }) => ({ url: `/form/${id}/keep`, method: 'PUT', body: { kept } }),
      transformResponse: (answer: OkAnswer<FormView>) => answer.data,
      invalidatesTags: (_answer, error, { id }) => (error ? [] : [{ type: 'Form', id }, 'Audit']),
    }),
    deleteForm: build.mutation<void, string>({
      query: (id) => ({ url: `/form/${id}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: (_answer, error) => (error ? [] : [FORM_LIST]),
    }),
    /** What 'Create the organization' would create now, asked each time the question opens. */
    getFormConversion: build.query<FormConversionPreview, string>({
      query: (id) => `/form/${id}/conversion`,
      transformResponse: (answer: OkAnswer<FormConversionPreview>) => answer.data,
      keepUnusedDataFor: 0,
    }),
    /** 'Create the organization': the request becomes a client with its people and links. */
    convertForm: build.mutation<FormConversion, string>({
      query: (id) => ({ url: `/form/${id}/convert`, method: 'POST' }),
      transformResponse: (answer: OkAnswer<FormConversion>) => answer.data,
      invalidatesTags: (_answer, error, id) =>
        error
          ? []
          : [
              { type: 'Form', id },
              FORM_LIST,
              'Organization',
              'Person',
              'Link',
              'FollowUp',
              'Dashboard',
            ],
    }),
  }),
});

export const {
  useSubmitPublicFormMutation,
  useSearchFormsQuery,
  useGetFormQuery,
  useUpdateFormMutation,
  useDeleteFormMutation,
  useKeepFormMutation,
  useConvertFormMutation,
  useGetFormConversionQuery,
} = formsApi;
