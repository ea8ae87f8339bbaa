import type { Dispatch } from '@reduxjs/toolkit';
import { api } from '../../lib/api';
import { clearToken, signedIn, signedOut, storeToken } from '../../lib/session';
import type { OkAnswer, User } from '../../types/api';

/**
 * What sign-in, sign-up and signin_token answer: the user and a (fresh) token; after a sign-in
 * with a recovery code, how many are left.
 */
export interface SessionAnswer {
  ok: true;
  token: string;
  data: User;
  recoveryCodesLeft?: number;
}

export interface SigninRequest {
  email: string;
  password: string;
  /** Two-factor accounts: the authenticator app's code, or a recovery code. */
  totp?: string;
}

export interface SignupRequest {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  /** The firm's sign-up code, or an invitation's token instead. */
  secretCode?: string;
  invite?: string;
}

export interface ResetPasswordRequest {
  token: string;
  newPassword: string;
}

/** The enrolment a required two-factor sign-in starts: the secret and its QR code. */
export interface TotpEnrolment {
  secret: string;
  otpauthUrl: string;
  qrCode: string;
}

/** The session the confirmed enrolment starts, with the ten recovery codes (shown once). */
export type EnrolledAnswer = SessionAnswer & { recoveryCodes: string[] };

/** Stores the token and the signed-in user: the session starts. */
export const startSession = (dispatch: Dispatch, answer: SessionAnswer) => {
  storeToken(answer.token);
  dispatch(signedIn(answer.data));
};

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    signin: build.mutation<SessionAnswer, SigninRequest>({
      query: (body) => ({ url: '/user/signin', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          startSession(dispatch, (await queryFulfilled).data);
        } catch {
          // The form shows the failure.
        }
      },
    }),
    signup: build.mutation<SessionAnswer, SignupRequest>({
      query: (body) => ({ url: '/user/signup', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          startSession(dispatch, (await queryFulfilled).data);
        } catch {
          // The form shows the failure.
        }
      },
    }),
    /**
     * The firm requires two-factor sign-in: the enrolment the sign-in's one-time token allows
     * (no session yet).
     */
    startRequiredTotp: build.mutation<TotpEnrolment, string>({
      query: (enrolmentToken) => ({
        url: '/user/totp/enrolment',
        method: 'POST',
        body: { enrolmentToken },
      }),
      transformResponse: (answer: OkAnswer<TotpEnrolment>) => answer.data,
    }),
    /**
     * Its first code: the answer holds the session and the recovery codes. The caller starts the
     * session once the codes were seen (the sign-in pages leave as soon as a user is signed in).
     */
    confirmRequiredTotp: build.mutation<EnrolledAnswer, { enrolmentToken: string; code: string }>({
      query: (body) => ({ url: '/user/totp/enrolment/confirm', method: 'POST', body }),
    }),
    /** Whom an invitation's link invites; 400 INVALID_TOKEN when it is used or expired. */
    invitation: build.query<User, string>({
      query: (token) => `/user/invite/${encodeURIComponent(token)}`,
      transformResponse: (answer: OkAnswer<User>) => answer.data,
    }),
    /** "Forgot password?": the same answer whether or not the address has an account. */
    forgotPassword: build.mutation<void, { email: string }>({
      query: (body) => ({ url: '/user/password/forgot', method: 'POST', body }),
      transformResponse: () => undefined,
    }),
    resetPassword: build.mutation<void, ResetPasswordRequest>({
      query: (body) => ({ url: '/user/password/reset', method: 'POST', body }),
      transformResponse: () => undefined,
    }),
    /**
     * Who the stored token belongs to; the answer's token replaces it (docs/api/staff-accounts.md).
     */
    signinToken: build.query<SessionAnswer, void>({
      query: () => '/user/signin_token',
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          startSession(dispatch, (await queryFulfilled).data);
        } catch {
          // No session: the base query has already dropped a token the server refused.
          dispatch(signedOut());
        }
      },
    }),
    logout: build.mutation<void, void>({
      // The token is dropped even when the server cannot be told, so signing out always works.
      async queryFn(_arg, { dispatch }, _extra, baseQuery) {
        try {
          const result = await baseQuery({ url: '/user/logout', method: 'POST' });
          return result.error ? { error: result.error } : { data: undefined };
        } finally {
          clearSession(dispatch);
        }
      },
    }),
  }),
});

/** Drops the token, the user and every cached answer, so nothing of this session outlives it. */
function clearSession(dispatch: Dispatch) {
  clearToken();
  dispatch(signedOut());
  dispatch(api.util.resetApiState());
}

export const {
  useSigninMutation,
  useSignupMutation,
  useSigninTokenQuery,
  useLogoutMutation,
  useInvitationQuery,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useStartRequiredTotpMutation,
  useConfirmRequiredTotpMutation,
} = authApi;
