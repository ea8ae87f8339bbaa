import { PICKER_PAGE_SIZE } from '@registra/domain';
import { api } from '../../app/api';
import type { ListAnswer, OkAnswer } from '../../types/api';

/** One attached file of a record (spec 01 §3). */
export interface AttachedFile {
  url: string;
  folder: string;
  fileName: string;
}

/** A person as the API shows it (docs/api/people-organizations-links.md). */
export interface Person {
  _id: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  mail: string | null;
  /** Calendar dates travel as 'YYYY-MM-DD'. */
  birth: string | null;
  nationality: string | null;
  country: string | null;
  ipn: string | null;
  pps: string | null;
  addressStreet1: string | null;
  addressZip1: string | null;
  addressCity1: string | null;
  addressState1: string | null;
  addressCountry1: string | null;
  comments: string | null;
  vif: boolean;
  idPal: boolean;
  pep: boolean;
  companyForm: string | null;
  dateAml: string | null;
  attachedFiles: AttachedFile[];
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

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

export interface PeopleDuplicateMember {
  contactId: string;
  originalLastName: string;
  normalizedFirstName: string;
  mail: string | null;
  firstName: string;
  lastName: string;
  createdAt: string;
}

export interface PeopleDuplicateGroup {
  _id: string;
  count: number;
  people: PeopleDuplicateMember[];
}

/** The writable part of a person: PUT takes the whole form plus the `updatedAt` loaded. */
export type PersonUpdate = Partial<
  Omit<Person, '_id' | 'createdAt' | 'updatedAt' | 'deletedAt'>
> & {
  updatedAt?: string;
};

/** A person–organization link (spec 01 §3). */
export interface Link {
  _id: string;
  peopleId: string;
  organizationId: string;
  roles: string[];
  beneficiaryPercentage: number;
  createdAt: string;
  updatedAt: string;
}

/** A link listed by person: the organization side is populated. */
export type PersonLink = Omit<Link, 'organizationId'> & {
  organizationId: { _id: string; name: string };
};

export interface CreateLinkRequest {
  peopleId: string;
  organizationId: string;
  roles?: string[];
  beneficiaryPercentage?: number;
}

export interface UpdateLinkRequest {
  id: string;
  roles: string[];
  beneficiaryPercentage: number;
}

/** What a picker row needs of an organization; the list answer carries the whole record. */
export interface OrganizationSummary {
  _id: string;
  name: string;
  incorporationDate?: string | null;
  nextArReminder?: string | null;
  createdAt?: string;
}

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
    createPerson: build.mutation<Person, Partial<Person> & { firstName: string; lastName: string }>(
      {
        query: (body) => ({ url: '/people', method: 'POST', body }),
        transformResponse: (answer: OkAnswer<Person>) => answer.data,
        invalidatesTags: (_answer, error) => (error ? [] : [PERSON_LIST, 'Dashboard']),
      },
    ),
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
    createLink: build.mutation<Link, CreateLinkRequest>({
      query: (body) => ({ url: '/linkpeopleorganization', method: 'POST', body }),
      transformResponse: (answer: OkAnswer<Link>) => answer.data,
      // By type: every list of links (by person or by organization) is stale now.
      invalidatesTags: (_answer, error) => (error ? [] : ['Link']),
    }),
    updateLink: build.mutation<Link, UpdateLinkRequest>({
      query: ({ id, ...body }) => ({ url: `/linkpeopleorganization/${id}`, method: 'PUT', body }),
      transformResponse: (answer: OkAnswer<Link>) => answer.data,
      invalidatesTags: (_answer, error) => (error ? [] : ['Link']),
    }),
    deleteLink: build.mutation<void, string>({
      query: (id) => ({ url: `/linkpeopleorganization/${id}`, method: 'DELETE' }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Link']),
    }),

    /** The Link Organization picker: 5 per page, by name (spec 01 "Pickers"). */
    searchOrganizationsForPicker: build.query<
      ListAnswer<OrganizationSummary>,
      { search: string; page: number }
    >({
      query: ({ search, page }) => ({
        url: '/organization/search',
        method: 'POST',
        body: { search, page, limit: PICKER_PAGE_SIZE, sortField: 'name', sortOrder: 'asc' },
      }),
      providesTags: [ORGANIZATION_LIST],
    }),
    /** POST /organization {name}: the dashboard card and the person's "New Organization". */
    createOrganization: build.mutation<OrganizationSummary, { name: string }>({
      query: (body) => ({ url: '/organization', method: 'POST', body }),
      transformResponse: (answer: OkAnswer<OrganizationSummary>) => answer.data,
      invalidatesTags: (_answer, error) => (error ? [] : [ORGANIZATION_LIST, 'Dashboard']),
    }),
  }),
});

export const {
  useSearchPeopleQuery,
  useGetPersonQuery,
  useCreatePersonMutation,
  useUpdatePersonMutation,
  useDeletePersonMutation,
  usePeopleDuplicatesQuery,
  useLazyPeopleDuplicatesQuery,
  useLinksOfPersonQuery,
  useCreateLinkMutation,
  useUpdateLinkMutation,
  useDeleteLinkMutation,
  useSearchOrganizationsForPickerQuery,
  useCreateOrganizationMutation,
} = peopleApi;
