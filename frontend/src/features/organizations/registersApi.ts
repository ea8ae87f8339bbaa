import { api } from '../../lib/api';
import type { OkAnswer } from '../../types/api';
import type {
  AnnualReturnParticulars,
  Register,
  RegisterKind,
  ShareClass,
  ShareEntry,
  ShareEntryRequest,
} from './types';

/** One organization's share capital: its classes and entries are refetched together. */
const shareCapitalTag = (organizationId: string) =>
  ({ type: 'ShareCapital', id: organizationId }) as const;
/** One organization's registers and annual-return particulars (they follow the capital). */
const registerTag = (organizationId: string) => ({ type: 'Register', id: organizationId }) as const;

export interface RegisterArgs {
  organizationId: string;
  kind: RegisterKind;
  asOf: string;
}

/**
 * The company secretary's calls (docs/api/people-organizations-links.md): share classes and
 * entries, the statutory registers as of a date, and the annual return's particulars. The PDF
 * and CSV files are downloads (lib/files.ts), not queries.
 */
export const registersApi = api.injectEndpoints({
  endpoints: (build) => ({
    shareClasses: build.query<ShareClass[], string>({
      query: (organizationId) => `/organization/${organizationId}/share-classes`,
      transformResponse: (answer: OkAnswer<ShareClass[]>) => answer.data,
      providesTags: (_answer, _error, organizationId) => [shareCapitalTag(organizationId)],
    }),
    createShareClass: build.mutation<
      ShareClass,
      { organizationId: string; name: string; nominalValue: number; currency: string }
    >({
      query: ({ organizationId, ...body }) => ({
        url: `/organization/${organizationId}/share-classes`,
        method: 'POST',
        body,
      }),
      transformResponse: (answer: OkAnswer<ShareClass>) => answer.data,
      invalidatesTags: (_answer, error, { organizationId }) =>
        error ? [] : [shareCapitalTag(organizationId), registerTag(organizationId), 'Audit'],
    }),
    deleteShareClass: build.mutation<void, { organizationId: string; classId: string }>({
      query: ({ organizationId, classId }) => ({
        url: `/organization/${organizationId}/share-classes/${classId}`,
        method: 'DELETE',
      }),
      transformResponse: () => undefined,
      invalidatesTags: (_answer, error, { organizationId }) =>
        error ? [] : [shareCapitalTag(organizationId), registerTag(organizationId), 'Audit'],
    }),
    shareEntries: build.query<ShareEntry[], string>({
      query: (organizationId) => `/organization/${organizationId}/share-entries`,
      transformResponse: (answer: OkAnswer<ShareEntry[]>) => answer.data,
      providesTags: (_answer, _error, organizationId) => [shareCapitalTag(organizationId)],
    }),
    createShareEntry: build.mutation<ShareEntry, { organizationId: string } & ShareEntryRequest>({
      query: ({ organizationId, ...body }) => ({
        url: `/organization/${organizationId}/share-entries`,
        method: 'POST',
        body,
      }),
      transformResponse: (answer: OkAnswer<ShareEntry>) => answer.data,
      // An allotment starts its B5 follow-up (unless already filed).
      invalidatesTags: (_answer, error, { organizationId }) =>
        error
          ? []
          : [shareCapitalTag(organizationId), registerTag(organizationId), 'FollowUp', 'Audit'],
    }),
    register: build.query<Register, RegisterArgs>({
      query: ({ organizationId, kind, asOf }) => ({
        url: `/organization/${organizationId}/registers/${kind}`,
        params: { asOf },
      }),
      transformResponse: (answer: OkAnswer<Register>) => answer.data,
      providesTags: (_answer, _error, { organizationId }) => [registerTag(organizationId)],
    }),
    annualReturn: build.query<AnnualReturnParticulars, { organizationId: string; ard: string }>({
      query: ({ organizationId, ard }) => ({
        url: `/organization/${organizationId}/annual-return`,
        params: { ard },
      }),
      transformResponse: (answer: OkAnswer<AnnualReturnParticulars>) => answer.data,
      providesTags: (_answer, _error, { organizationId }) => [
        registerTag(organizationId),
        { type: 'Organization', id: organizationId },
      ],
    }),
  }),
});

export const {
  useShareClassesQuery,
  useCreateShareClassMutation,
  useDeleteShareClassMutation,
  useShareEntriesQuery,
  useCreateShareEntryMutation,
  useRegisterQuery,
  useLazyAnnualReturnQuery,
} = registersApi;
