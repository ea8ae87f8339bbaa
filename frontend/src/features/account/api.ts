import type { Dispatch } from '@reduxjs/toolkit';
import type {
  CalendarFeedScope,
  CalendarFeedView,
  CalendarKind,
  EmailEvent,
} from '@registra/domain';
import { api } from '../../app/api';
import { clearToken, signedOut } from '../../app/session';
import type { OkAnswer } from '../../types/api';

/** A mail of GET /user/emails/{email}: its current status and latest event (spec 02 §3). */
export interface SentEmail {
  _id: string;
  to: string;
  subject: string;
  status: string;
  /** When it was queued, ISO 8601. */
  date: string;
  event: EmailEvent | null;
  tag: string | null;
  messageId: string | null;
}

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The mails sent to, or asked for by, the user of this address. */
    accountEmails: build.query<SentEmail[], string>({
      query: (email) => `/user/emails/${encodeURIComponent(email)}`,
      transformResponse: (answer: OkAnswer<SentEmail[]>) => answer.data,
      providesTags: ['Email'],
    }),
    /** GET /calendar/feeds: my feed addresses not revoked (the address itself is never shown again). */
    calendarFeeds: build.query<CalendarFeedView[], void>({
      query: () => '/calendar/feeds',
      transformResponse: (answer: OkAnswer<CalendarFeedView[]>) => answer.data,
      providesTags: ['CalendarFeed'],
    }),
    /** POST /calendar/feeds: the answer carries the address, this once. */
    createCalendarFeed: build.mutation<
      CalendarFeedView & { url: string },
      { scope: CalendarFeedScope; kinds: CalendarKind[] }
    >({
      query: (body) => ({ url: '/calendar/feeds', method: 'POST', body }),
      transformResponse: (answer: OkAnswer<CalendarFeedView & { url: string }>) => answer.data,
      invalidatesTags: (_answer, error) => (error ? [] : ['CalendarFeed']),
    }),
    revokeCalendarFeed: build.mutation<void, string>({
      query: (id) => ({ url: `/calendar/feeds/${id}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: (_answer, error) => (error ? [] : ['CalendarFeed']),
    }),
    /** POST /user/logout; the caller then ends the session here (endSession). */
    accountLogout: build.mutation<void, void>({
      query: () => ({ url: '/user/logout', method: 'POST' }),
      transformResponse: () => undefined,
    }),
  }),
});

/**
 * What the top navigation's Sign out does after telling the server: the token, the user and every
 * cached answer go, so nothing of this session outlives it; the guard then shows sign-in. Not
 * inside the mutation: resetting the API state there aborts the mutation's own answer.
 */
export function endSession(dispatch: Dispatch): void {
  clearToken();
  dispatch(signedOut());
  dispatch(api.util.resetApiState());
}

export const {
  useAccountEmailsQuery,
  useAccountLogoutMutation,
  useCalendarFeedsQuery,
  useCreateCalendarFeedMutation,
  useRevokeCalendarFeedMutation,
} = accountApi;
