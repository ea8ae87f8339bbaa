import type {
  FirmSettingsView,
  SortOrder,
  UserRole,
  UserSortField,
  UserStatus,
} from '@registra/domain';
import { api } from '../../lib/api';
import type { ListAnswer, OkAnswer, User } from '../../types/api';

export interface UsersQuery {
  page: number;
  limit: number;
  status?: UserStatus;
  sortField?: UserSortField;
  sortOrder?: SortOrder;
}

export interface InviteUserRequest {
  email: string;
  firstName: string;
  lastName: string;
  role: UserRole;
}

export interface UpdateUserRequest {
  id: string;
  role?: UserRole;
  active?: boolean;
}

/** The administrators' Users page: every account, invitations, roles, deactivation. */
export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    users: build.query<ListAnswer<User>, UsersQuery>({
      query: ({ status, ...query }) => ({
        url: '/user',
        params: status ? { ...query, status } : query,
      }),
      providesTags: ['User'],
    }),
    inviteUser: build.mutation<User, InviteUserRequest>({
      query: (body) => ({ url: '/user/invite', method: 'POST', body }),
      transformResponse: (answer: OkAnswer<User>) => answer.data,
      invalidatesTags: (_answer, error) => (error ? [] : ['User', 'Email']),
    }),
    resendInvitation: build.mutation<User, string>({
      query: (id) => ({ url: `/user/${id}/invite`, method: 'POST' }),
      transformResponse: (answer: OkAnswer<User>) => answer.data,
      invalidatesTags: (_answer, error) => (error ? [] : ['Email']),
    }),
    /** PUT /user/{id}: role, or active false / true (409 LAST_ADMIN for the last admin). */
    updateUser: build.mutation<User, UpdateUserRequest>({
      query: ({ id, ...body }) => ({ url: `/user/${id}`, method: 'PUT', body }),
      transformResponse: (answer: OkAnswer<User>) => answer.data,
      invalidatesTags: (_answer, error) => (error ? [] : ['User', 'Audit']),
    }),
    /** DELETE /user/{id}/totp: a lost phone; sign-in asks for the password only. */
    resetTwoFactor: build.mutation<User, string>({
      query: (id) => ({ url: `/user/${id}/totp`, method: 'DELETE' }),
      transformResponse: (answer: OkAnswer<User>) => answer.data,
      invalidatesTags: (_answer, error) => (error ? [] : ['User', 'Audit']),
    }),
    /** The firm's settings, read for whether two-factor sign-in is required of everyone. */
    usersFirmSettings: build.query<FirmSettingsView, void>({
      query: () => '/settings',
      transformResponse: (answer: OkAnswer<FirmSettingsView>) => answer.data,
      providesTags: ['FirmSettings'],
    }),
    /** PUT /user/two-factor: required of everyone (sessions without it end), or not. */
    requireTwoFactor: build.mutation<FirmSettingsView, boolean>({
      query: (required) => ({ url: '/user/two-factor', method: 'PUT', body: { required } }),
      transformResponse: (answer: OkAnswer<FirmSettingsView>) => answer.data,
      invalidatesTags: (_answer, error) => (error ? [] : ['FirmSettings', 'Audit']),
    }),
    sendPasswordReset: build.mutation<void, string>({
      query: (id) => ({ url: `/user/${id}/password-reset`, method: 'POST' }),
      transformResponse: () => undefined,
      invalidatesTags: (_answer, error) => (error ? [] : ['Email']),
    }),
  }),
});

export const {
  useUsersQuery,
  useInviteUserMutation,
  useResendInvitationMutation,
  useUpdateUserMutation,
  useSendPasswordResetMutation,
  useResetTwoFactorMutation,
  useUsersFirmSettingsQuery,
  useRequireTwoFactorMutation,
} = usersApi;
