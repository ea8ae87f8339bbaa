import type { AuditEntryView, AuditRecordType, RestoreRequest } from '@registra/domain';
import { api } from '../../lib/api';
import type { ListAnswer, OkAnswer, User } from '../../types/api';

/** GET /audit: one record's history (any staff member) or, for admins, the whole log. */
export interface AuditQuery {
  recordType?: AuditRecordType;
  recordId?: string;
  userId?: string;
  from?: string;
  to?: string;
  page?: number;
  limit?: number;
}

const withoutEmpty = (query: AuditQuery) =>
  Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== ''),
  );

export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    auditEntries: build.query<ListAnswer<AuditEntryView>, AuditQuery>({
      query: (query) => ({ url: '/audit', params: withoutEmpty(query) }),
      providesTags: ['Audit'],
    }),
    restorableTypes: build.query<AuditRecordType[], void>({
      query: () => '/audit/restorable-types',
      transformResponse: (answer: OkAnswer<AuditRecordType[]>) => answer.data,
    }),
    /** POST /audit/restore (admins): the record is back in its lists. */
    restoreRecord: build.mutation<void, RestoreRequest>({
      query: (body) => ({ url: '/audit/restore', method: 'POST', body }),
      transformResponse: () => undefined,
      invalidatesTags: (_answer, error) =>
        error ? [] : ['Audit', 'Person', 'Organization', 'Link', 'Dashboard'],
    }),
    /**
     * The staff the Activity page (administrators) filters by: every account, deactivated ones
     * included, since their changes stay in the history (GET /user, not the pickers' search).
     * Staff accounts are few: one page of the most the list answers.
     */
    auditUsers: build.query<User[], void>({
      query: () => ({ url: '/user', params: { limit: 200 } }),
      transformResponse: (answer: ListAnswer<User>) => answer.data,
      providesTags: ['User'],
    }),
  }),
});

export const {
  useAuditEntriesQuery,
  useRestorableTypesQuery,
  useRestoreRecordMutation,
  useAuditUsersQuery,
} = auditApi;
