import type { Dispatch } from '@reduxjs/toolkit';
import { api } from '../../app/api';
import { clearToken, signedIn, signedOut, storeToken } from '../../app/session';
import type { User } from '../../types/api';

/** What sign-in, sign-up and signin_token answer: the user and a (fresh) token. */
export interface SessionAnswer {
  ok: true;
  token: string;
  data: User;
}

export interface SigninRequest {
  email: string;
  password: string;
}

export interface SignupRequest {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  secretCode: string;
}

const startSession = (dispatch: Dispatch, answer: SessionAnswer) => {
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
    /** Who the stored token belongs to; the answer's token replaces it (spec 01 §7 Session). */
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

export const { useSigninMutation, useSignupMutation, useSigninTokenQuery, useLogoutMutation } =
  authApi;
