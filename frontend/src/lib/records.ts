import { api } from './api';
import type { ListAnswer, OkAnswer, User } from '../types/api';
import type {
  CreateLinkRequest,
  Link,
  OrganizationSummary,
  Person,
  RecordOption,
  UpdateLinkRequest,
} from '../types/records';

const PERSON_LIST = { type: 'Person', id: 'LIST' } as const;
const ORGANIZATION_LIST = { type: 'Organization', id: 'LIST' } as const;
/**
 * What a link write changes besides the lists of links: the registers, and the follow-ups (an
 * appointment or a cessation starts the CRO's B10 follow-up unless already filed).
 */
const LINK_WRITE_TAGS = ['Link', 'Register', 'FollowUp'] as const;

/** POST /people: the names are required, the rest of the record may come along. */
export type CreatePersonRequest = Partial<Omit<Person, '_id'>> & {
  firstName: string;
  lastName: string;
};

/**
 * The writes that several features make (the dashboard's and the lists' "New ..." buttons, a
 * person's "New Organization", an organization's "New People" and the link dialogs on both
 * sides). Injected once here: RTK Query keeps only the first of two same-named endpoints, so
 * each feature defining its own copy forced them apart under other names.
 */
export const recordsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /organization {name}. */
    createOrganization: build.mutation<OrganizationSummary, { name: string }>({
      query: (body) => ({ url: '/organization', method: 'POST', body }),
      transformResponse: (answer: OkAnswer<OrganizationSummary>) => answer.data,
      invalidatesTags: (_answer, error) => (error ? [] : [ORGANIZATION_LIST, 'Dashboard']),
    }),
    /** POST /people {firstName, lastName, ...}; creating from an organization does not link. */
    createPerson: build.mutation<Person, CreatePersonRequest>({
      query: (body) => ({ url: '/people', method: 'POST', body }),
      transformResponse: (answer: OkAnswer<Person>) => answer.data,
      invalidatesTags: (_answer, error) => (error ? [] : [PERSON_LIST, 'Dashboard']),
    }),
    createLink: build.mutation<Link, CreateLinkRequest>({
      query: (body) => ({ url: '/linkpeopleorganization', method: 'POST', body }),
      transformResponse: (answer: OkAnswer<Link>) => answer.data,
      // By type: every list of links (a person's organizations, an organization's members).
      invalidatesTags: (_answer, error) => (error ? [] : [...LINK_WRITE_TAGS]),
    }),
    updateLink: build.mutation<Link, UpdateLinkRequest>({
      query: ({ id, ...body }) => ({ url: `/linkpeopleorganization/${id}`, method: 'PUT', body }),
      transformResponse: (answer: OkAnswer<Link>) => answer.data,
      invalidatesTags: (_answer, error) => (error ? [] : [...LINK_WRITE_TAGS]),
    }),
    /** POST /user/search: staff accounts for the user selects (assignees, filters). */
    searchUsers: build.query<User[], { search?: string; limit?: number }>({
      query: (body) => ({ url: '/user/search', method: 'POST', body }),
      transformResponse: (answer: OkAnswer<User[]>) => answer.data,
      providesTags: ['User'],
    }),
    deleteLink: build.mutation<void, string>({
      query: (id) => ({ url: `/linkpeopleorganization/${id}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: (_answer, error) => (error ? [] : ['Link', 'Register']),
    }),
    /**
     * The organization selects (an order's, a task's, the calendar's filter): by name, 50 at a time
     * (ORGANIZATION_PICKER_PAGE_SIZE), the names starting with the text first (`picker`, ADR 0150).
     */
    organizationOptions: build.query<RecordOption[], string>({
      query: (search) => ({
        url: '/organization/search',
        method: 'POST',
        body: {
          ...(search ? { search } : {}),
          limit: 50,
          sortField: 'name',
          sortOrder: 'asc',
          picker: true,
        },
      }),
      transformResponse: (answer: ListAnswer<{ _id: string; name: string }>) =>
        answer.data.map(({ _id, name }) => ({ _id, name })),
    }),
  }),
});

export const {
  useCreateOrganizationMutation,
  useCreatePersonMutation,
  useCreateLinkMutation,
  useUpdateLinkMutation,
  useDeleteLinkMutation,
  useSearchUsersQuery,
  useOrganizationOptionsQuery,
} = recordsApi;
