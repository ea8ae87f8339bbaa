import type { FollowUpSummary, FollowUpView, OrganizationView } from '@registra/domain';
import { api } from '../../lib/api';
import type { ListAnswer, OkAnswer } from '../../types/api';

export type { FollowUpSummary, FollowUpView };

export type FollowUpSortField =
  | 'organization_name'
  | 'name'
  | 'step_index'
  | 'start_date'
  | 'ARD'
  | 'deadline'
  | 'user_name'
  | 'comments'
  | 'createdAt';

/**
 * POST /followUp/search: the organization tab's or the /followUp list's (docs/api/follow-ups.md).
 */
export interface FollowUpSearch {
  organization_id?: string;
  archived_at?: boolean | null;
  organization_name?: string;
  name?: string;
  sortField?: FollowUpSortField | '';
  sortOrder?: 'asc' | 'desc';
  inProgress?: boolean;
  completed?: boolean;
  startDate?: string;
  deadline?: string;
  assigned_to?: string;
  page?: number;
  limit?: number;
}

export type FollowUpSearchAnswer = ListAnswer<FollowUpView> & { summary: FollowUpSummary };

/** PUT /followUp/{id}: exactly one change (docs/api/follow-ups.md). */
export type FollowUpChange =
  | { step_index: number }
  | { comments: string }
  | { ARD: string; deadline?: string }
  | { start_date: string; deadline?: string }
  | { archived_at: string | null }
  | { user_id: string | null; user_name: string | null };

/** The dashboard's Follow Ups card: organizations with their active follow-ups. */
export interface FollowUpOrganizationsSearch {
  followUp?: string;
  deadline: 'asc' | 'desc';
  page?: number;
  limit?: number;
}

const FOLLOW_UP_LIST = { type: 'FollowUp', id: 'LIST' } as const;

export const followUpsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** PUT /organization/{id} {annualReturnAutoStart}: the annual return starts by itself or not. */
    setAnnualReturnAutoStart: build.mutation<OrganizationView, { id: string; on: boolean }>({
      query: ({ id, on }) => ({
        url: `/organization/${id}`,
        method: 'PUT',
        body: { annualReturnAutoStart: on },
      }),
      transformResponse: (answer: OkAnswer<OrganizationView>) => answer.data,
      // The organization page refetches it: its next whole save carries the new updatedAt.
      invalidatesTags: (_answer, error, { id }) => (error ? [] : [{ type: 'Organization', id }]),
    }),
    searchFollowUps: build.query<FollowUpSearchAnswer, FollowUpSearch>({
      query: (body) => ({ url: '/followUp/search', method: 'POST', body }),
      providesTags: (answer) => [
        FOLLOW_UP_LIST,
        ...(answer?.data ?? []).map((followUp) => ({
          type: 'FollowUp' as const,
          id: followUp._id,
        })),
      ],
    }),
    /** POST /followUp: the signed-in user is sent along; the server records it. */
    createFollowUp: build.mutation<
      FollowUpView,
      { name: string; organization_id: string; user?: { _id: string; firstName: string } }
    >({
      query: (body) => ({ url: '/followUp', method: 'POST', body }),
      transformResponse: (answer: OkAnswer<FollowUpView>) => answer.data,
      invalidatesTags: (_answer, error) => (error ? [] : [FOLLOW_UP_LIST, 'Audit']),
    }),
    updateFollowUp: build.mutation<FollowUpView, { id: string; change: FollowUpChange }>({
      query: ({ id, change }) => ({ url: `/followUp/${id}`, method: 'PUT', body: change }),
      transformResponse: (answer: OkAnswer<FollowUpView>) => answer.data,
      invalidatesTags: (_answer, error, { id }) =>
        error ? [] : [{ type: 'FollowUp', id }, FOLLOW_UP_LIST, 'Audit'],
    }),
    deleteFollowUp: build.mutation<void, string>({
      query: (id) => ({ url: `/followUp/${id}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: (_answer, error) => (error ? [] : [FOLLOW_UP_LIST, 'Audit']),
    }),
    /** POST /organization/search with the follow-up filters (the dashboard card). */
    followUpOrganizations: build.query<ListAnswer<OrganizationView>, FollowUpOrganizationsSearch>({
      query: (body) => ({
        url: '/organization/search',
        method: 'POST',
        body: { ...body, followUps: true },
      }),
      providesTags: [FOLLOW_UP_LIST],
    }),
  }),
});

export const {
  useSetAnnualReturnAutoStartMutation,
  useSearchFollowUpsQuery,
  useCreateFollowUpMutation,
  useUpdateFollowUpMutation,
  useDeleteFollowUpMutation,
  useFollowUpOrganizationsQuery,
} = followUpsApi;
