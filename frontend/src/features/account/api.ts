import type {
  CalendarFeedScope,
  CalendarFeedView,
  CalendarKind,
  EmailEvent,
  MailStatus,
  UserSessionView,
} from '@registra/domain';
import { api } from '../../lib/api';
import type { OkAnswer, User } from '../../types/api';

/** POST /user/totp's answer. */
export interface TotpEnrolment {
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as a QR code (PNG data URL). */
  qrCode: string;
}

/** A mail of GET /user/emails/{email}: its current status and latest event (docs/api/mail.md). */
export interface SentEmail {
  _id: string;
  to: string;
  subject: string;
  status: MailStatus;
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
    /** PUT /user/password: the current password and the new one; other sessions end. */
    changePassword: build.mutation<void, { currentPassword: string; newPassword: string }>({
      query: (body) => ({ url: '/user/password', method: 'PUT', body }),
      transformResponse: () => undefined,
      invalidatesTags: (_answer, error) => (error ? [] : ['Session']),
    }),
    /**
     * POST /user/totp: a new secret with its otpauth URL and QR code. The password is asked, and
     * a current code too when two-factor sign-in is on (another app replaces the enrolled one).
     */
    startTotp: build.mutation<TotpEnrolment, { password: string; code?: string }>({
      query: (body) => ({ url: '/user/totp', method: 'POST', body }),
      transformResponse: (answer: OkAnswer<TotpEnrolment>) => answer.data,
    }),
    /** The first code confirms the enrolment; the answer holds the ten recovery codes. */
    confirmTotp: build.mutation<string[], string>({
      query: (code) => ({ url: '/user/totp/confirm', method: 'POST', body: { code } }),
      transformResponse: (answer: OkAnswer<{ recoveryCodes: string[] }>) =>
        answer.data.recoveryCodes,
    }),
    /** DELETE /user/totp: the password and a current code (or a recovery code). */
    disableTotp: build.mutation<User, { password: string; code: string }>({
      query: (body) => ({ url: '/user/totp', method: 'DELETE', body }),
      transformResponse: (answer: OkAnswer<User>) => answer.data,
    }),
    /** POST /user/totp/recovery-codes: ten new codes in place of the earlier ones (shown once). */
    renewRecoveryCodes: build.mutation<string[], { password: string; code: string }>({
      query: (body) => ({ url: '/user/totp/recovery-codes', method: 'POST', body }),
      transformResponse: (answer: OkAnswer<{ recoveryCodes: string[] }>) =>
        answer.data.recoveryCodes,
    }),
    sessions: build.query<UserSessionView[], void>({
      query: () => '/user/sessions',
      transformResponse: (answer: OkAnswer<UserSessionView[]>) => answer.data,
      providesTags: ['Session'],
    }),
    endSession: build.mutation<void, string>({
      query: (id) => ({ url: `/user/sessions/${id}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: (_answer, error) => (error ? [] : ['Session']),
    }),
    /** "Sign out everywhere": every session but this one. */
    endOtherSessions: build.mutation<number, void>({
      query: () => ({ url: '/user/sessions', method: 'DELETE' }),
      transformResponse: (answer: OkAnswer<{ ended: number }>) => answer.data.ended,
      invalidatesTags: (_answer, error) => (error ? [] : ['Session']),
    }),
  }),
});

export const {
  useAccountEmailsQuery,
  useCalendarFeedsQuery,
  useCreateCalendarFeedMutation,
  useRevokeCalendarFeedMutation,
  useChangePasswordMutation,
  useSessionsQuery,
  useEndSessionMutation,
  useEndOtherSessionsMutation,
  useStartTotpMutation,
  useConfirmTotpMutation,
  useDisableTotpMutation,
  useRenewRecoveryCodesMutation,
} = accountApi;
