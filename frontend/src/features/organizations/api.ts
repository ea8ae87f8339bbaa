import type { MergeChoice } from '@registra/domain';
import { api } from '../../lib/api';
import type { ListAnswer, OkAnswer } from '../../types/api';
import type { PersonSummary } from '../../types/records';
import type { Member, Organization, OrganizationDuplicateGroup, OrganizationSearch } from './types';

/** Every list of organizations provides this tag, so each write refreshes them all. */
const ORGANIZATION_LIST = { type: 'Organization', id: 'LIST' } as const;
const PERSON_LIST = { type: 'Person', id: 'LIST' } as const;
const membersTag = (organizationId: string) =>
  ({ type: 'Link', id: `organization-${organizationId}` }) as const;

/**
 * A PUT's body: the fields to change and, with a registered-office change the CRO already has,
 * `alreadyFiled` (no B2 follow-up is started).
 */
export type OrganizationUpdate = Partial<Omit<Organization, '_id' | 'createdAt' | 'files'>> & {
  alreadyFiled?: boolean;
};

export interface UpdateOrganizationArgs {
  id: string;
  /** The whole organization, or only the fields to change (notes, users, ...). */
  body: OrganizationUpdate;
}

export interface PeoplePickerSearch {
  search: string;
  page: number;
  limit: number;
}

/** Creating organizations and people and writing links are shared calls: lib/records.ts. */
export const organizationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchOrganizations: build.query<ListAnswer<Organization>, OrganizationSearch>({
      query: (body) => ({ url: '/organization/search', method: 'POST', body }),
      providesTags: [ORGANIZATION_LIST],
    }),
    getOrganization: build.query<Organization, string>({
      query: (id) => `/organization/${id}`,
      transformResponse: (answer: OkAnswer<Organization>) => answer.data,
      providesTags: (_result, _error, id) => [{ type: 'Organization', id }],
    }),
    updateOrganization: build.mutation<Organization, UpdateOrganizationArgs>({
      query: ({ id, body }) => ({ url: `/organization/${id}`, method: 'PUT', body }),
      transformResponse: (answer: OkAnswer<Organization>) => answer.data,
      // The answer is the record as stored (derived values included): it becomes the cached one
      // at once, so the next whole PUT carries its updatedAt without a refetch.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(organizationsApi.util.updateQueryData('getOrganization', id, () => data));
        } catch {
          // The caller shows the failure.
        }
      },
      // A registered-office change starts its B2 follow-up.
      invalidatesTags: (_result, error) =>
        error ? [] : [ORGANIZATION_LIST, 'Dashboard', 'FollowUp', 'Register'],
    }),
    deleteOrganization: build.mutation<void, string>({
      query: (id) => ({ url: `/organization/${id}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      // A person's organizations tab lists links to it; those go with it.
      invalidatesTags: (_result, error) => (error ? [] : [ORGANIZATION_LIST, 'Dashboard', 'Link']),
    }),
    /** POST /organization/merge: `mergeId` moves into `keepId` and is deleted. */
    mergeOrganizations: build.mutation<
      Organization,
      { keepId: string; mergeId: string; fields: Record<string, MergeChoice> }
    >({
      query: (body) => ({ url: '/organization/merge', method: 'POST', body }),
      transformResponse: (answer: OkAnswer<Organization>) => answer.data,
      invalidatesTags: (_answer, error, { keepId }) =>
        error ? [] : [{ type: 'Organization', id: keepId }, ORGANIZATION_LIST, 'Dashboard', 'Link'],
    }),
    organizationDuplicates: build.query<OrganizationDuplicateGroup[], void>({
      query: () => '/organization/duplicates',
      transformResponse: (answer: OkAnswer<OrganizationDuplicateGroup[]>) => answer.data,
      providesTags: [ORGANIZATION_LIST],
    }),
    membersOfOrganization: build.query<Member[], string>({
      query: (organizationId) => ({
        url: '/linkpeopleorganization/search',
        method: 'POST',
        body: { organizationId },
      }),
      transformResponse: (answer: OkAnswer<Member[]>) => answer.data,
      providesTags: (_result, _error, organizationId) => ['Link', membersTag(organizationId)],
    }),
    /**
     * The Link Person picker: by last name, the names starting with the text first (`picker`,
     * ADR 0150).
     */
    searchPeopleForPicker: build.query<ListAnswer<PersonSummary>, PeoplePickerSearch>({
      query: (body) => ({
        url: '/people/search',
        method: 'POST',
        body: { ...body, sortField: 'lastName', sortOrder: 'asc', picker: true },
      }),
      providesTags: [PERSON_LIST],
    }),
    /** Staff users for the assigned-users select and the list's user filter. */
  }),
});

export const {
  useMergeOrganizationsMutation,
  useSearchOrganizationsQuery,
  useGetOrganizationQuery,
  useUpdateOrganizationMutation,
  useDeleteOrganizationMutation,
  useOrganizationDuplicatesQuery,
  useLazyOrganizationDuplicatesQuery,
  useMembersOfOrganizationQuery,
  useSearchPeopleForPickerQuery,
} = organizationsApi;
