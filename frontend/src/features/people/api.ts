import { PICKER_PAGE_SIZE } from '@registra/domain';
import type { MergeChoice, PeopleDuplicateGroup } from '@registra/domain';
import { api } from '../../lib/api';
import type { ListAnswer, OkAnswer } from '../../types/api';
import type { Link, OrganizationSummary, Person } from '../../types/records';

export type PeopleSortField = 'firstName' | 'lastName' | 'mail' | 'createdAt';
export type SortOrder = 'asc' | 'desc';

export interface PeopleSearchParams {
  search?: string;
  country?: string;
  sortField?: PeopleSortField;
  sortOrder?: SortOrder;
  page?: number;
  limit?: number;
}

export type { PeopleDuplicateGroup };

/** The writable part of a person: PUT takes the whole form plus the `updatedAt` loaded. */
export type PersonUpdate = Partial<
  Omit<Person, '_id' | 'createdAt' | 'updatedAt' | 'deletedAt' | 'files'>
> & {
  updatedAt?: string;
};

/** A link listed by person: the organization side is populated. */
export type PersonLink = Omit<Link, 'organizationId'> & {
  organizationId: { _id: string; name: string };
};

/** Where a subject-access export's job stands. */
const PERSON_LIST = { type: 'Person', id: 'LIST' } as const;
const ORGANIZATION_LIST = { type: 'Organization', id: 'LIST' } as const;
const LINK_LIST = { type: 'Link', id: 'LIST' } as const;

export const peopleApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /people/search: one page of live people (default createdAt desc). */
    searchPeople: build.query<ListAnswer<Person>, PeopleSearchParams>({
      query: (body) => ({ url: '/people/search', method: 'POST', body }),
      providesTags: (answer) => [
        PERSON_LIST,
        ...(answer?.data ?? []).map((person) => ({ type: 'Person' as const, id: person._id })),
      ],
    }),
    getPerson: build.query<Person, string>({
      query: (id) => `/people/${id}`,
      transformResponse: (answer: OkAnswer<Person>) => answer.data,
      providesTags: (_answer, _error, id) => [{ type: 'Person', id }],
    }),
    /** PUT /people/{id}; a stale `updatedAt` fails with 409 VERSION_CONFLICT and writes nothing. */
    updatePerson: build.mutation<Person, { id: string; body: PersonUpdate }>({
      query: ({ id, body }) => ({ url: `/people/${id}`, method: 'PUT', body }),
      transformResponse: (answer: OkAnswer<Person>) => answer.data,
      invalidatesTags: (_answer, error, { id }) =>
        error ? [] : [{ type: 'Person', id }, PERSON_LIST, 'Dashboard'],
    }),
    deletePerson: build.mutation<void, string>({
      query: (id) => ({ url: `/people/${id}`, method: 'DELETE' }),
      // Not the person's own tag: refetching the deleted record would only answer 404.
      invalidatesTags: (_answer, error) => (error ? [] : [PERSON_LIST, 'Dashboard', 'Link']),
    }),
    /** POST /people/merge: `mergeId` moves into `keepId` and is deleted. */
    mergePeople: build.mutation<
      Person,
      { keepId: string; mergeId: string; fields: Record<string, MergeChoice> }
    >({
      query: (body) => ({ url: '/people/merge', method: 'POST', body }),
      transformResponse: (answer: OkAnswer<Person>) => answer.data,
      invalidatesTags: (_answer, error, { keepId }) =>
        error ? [] : [{ type: 'Person', id: keepId }, PERSON_LIST, 'Dashboard', LINK_LIST],
    }),
    peopleDuplicates: build.query<PeopleDuplicateGroup[], void>({
      query: () => '/people/duplicates',
      transformResponse: (answer: OkAnswer<PeopleDuplicateGroup[]>) => answer.data,
      providesTags: [PERSON_LIST],
    }),

    /** POST /linkpeopleorganization/search {peopleId}: the person's organizations. */
    linksOfPerson: build.query<PersonLink[], string>({
      query: (peopleId) => ({
        url: '/linkpeopleorganization/search',
        method: 'POST',
        body: { peopleId },
      }),
      transformResponse: (answer: OkAnswer<PersonLink[]>) => answer.data,
      // Organization names show here, so a rename elsewhere refreshes the list too.
      providesTags: [LINK_LIST, ORGANIZATION_LIST],
    }),
    /**
     * The Link Organization picker: 5 per page (PICKER_PAGE_SIZE), by name, the names starting with
     * the text first (`picker`, ADR 0150).
     */
    searchOrganizationsForPicker: build.query<
      ListAnswer<OrganizationSummary>,
      { search: string; page: number }
    >({
      query: ({ search, page }) => ({
        url: '/organization/search',
        method: 'POST',
        body: {
          search,
          page,
          limit: PICKER_PAGE_SIZE,
          sortField: 'name',
          sortOrder: 'asc',
          picker: true,
        },
      }),
      providesTags: [ORGANIZATION_LIST],
    }),
    /**
     * POST /people/{id}/erase (administrators): erased in one go, or 409 RETENTION_HOLD with the
     * date erasure is possible from (`details[0].message`) and why (`message`).
     */
    erasePerson: build.mutation<{ _id: string }, string>({
      query: (id) => ({ url: `/people/${id}/erase`, method: 'POST', body: {} }),
      transformResponse: (answer: OkAnswer<{ _id: string }>) => answer.data,
      invalidatesTags: (_answer, error, id) =>
        error ? [] : [{ type: 'Person', id }, PERSON_LIST, 'Dashboard', LINK_LIST],
    }),
    /** POST /people/{id}/data-export (administrators): the export's id; a job builds it. */
    startDataExport: build.mutation<{ _id: string }, string>({
      query: (id) => ({ url: `/people/${id}/data-export`, method: 'POST', body: {} }),
      transformResponse: (answer: OkAnswer<{ _id: string }>) => answer.data,
    }),
  }),
});

export const {
  useErasePersonMutation,
  useStartDataExportMutation,
  useMergePeopleMutation,
  useSearchPeopleQuery,
  useGetPersonQuery,
  useUpdatePersonMutation,
  useDeletePersonMutation,
  usePeopleDuplicatesQuery,
  useLazyPeopleDuplicatesQuery,
  useLinksOfPersonQuery,
  useSearchOrganizationsForPickerQuery,
} = peopleApi;
