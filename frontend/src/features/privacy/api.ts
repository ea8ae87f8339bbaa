import type { FirmSettingsView, RetentionPeriods } from '@registra/domain';
import { api } from '../../lib/api';
import type { OkAnswer } from '../../types/api';

/** A person the AML retention no longer keeps (every client relationship ended long enough ago). */
export interface RetentionReviewPerson {
  _id: string;
  firstName: string;
  lastName: string;
  lastEndedOn: string;
  erasableFrom: string;
}

/** A prospect's request past the prospect period that staff keep: for review. */
export interface RetentionReviewProspect {
  _id: string;
  organizationName1: string;
  kept: boolean;
  lastChangedOn: string;
  erasableFrom: string;
}

/** GET /retention-review: as the daily job (or a refresh) last prepared it. */
export interface RetentionReview {
  preparedAt: string | null;
  preparedBy: string | null;
  periods: RetentionPeriods;
  people: RetentionReviewPerson[];
  prospects: RetentionReviewProspect[];
  mailBodies: { before: string | null; count: number; oldest: string | null };
}

export type { RetentionPeriods };

const REVIEW = { type: 'Person', id: 'RETENTION_REVIEW' } as const;

export const privacyApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /retention-review (administrators). */
    retentionReview: build.query<RetentionReview, void>({
      query: () => '/retention-review',
      transformResponse: (answer: OkAnswer<RetentionReview>) => answer.data,
      providesTags: [REVIEW],
    }),
    /** POST /retention-review/refresh: prepared again now, with the current settings. */
    refreshRetentionReview: build.mutation<RetentionReview, void>({
      query: () => ({ url: '/retention-review/refresh', method: 'POST', body: {} }),
      transformResponse: (answer: OkAnswer<RetentionReview>) => answer.data,
      invalidatesTags: (_answer, error) => (error ? [] : [REVIEW]),
    }),
    /** POST /retention-review/erase: the ticked people or requests, checked again and erased. */
    eraseReviewed: build.mutation<
      { erased: string[]; held: string[] },
      { people?: string[]; prospects?: string[] }
    >({
      query: (body) => ({ url: '/retention-review/erase', method: 'POST', body }),
      transformResponse: (answer: OkAnswer<{ erased: string[]; held: string[] }>) => answer.data,
      invalidatesTags: (_answer, error) =>
        error ? [] : [REVIEW, { type: 'Person', id: 'LIST' }, 'Dashboard', 'Link', 'Form'],
    }),
    /** POST /retention-review/mail-bodies/erase: the bodies of the mails sent before `before`. */
    eraseMailBodies: build.mutation<{ erased: number }, { before: string }>({
      query: (body) => ({ url: '/retention-review/mail-bodies/erase', method: 'POST', body }),
      transformResponse: (answer: OkAnswer<{ erased: number }>) => answer.data,
      invalidatesTags: (_answer, error) => (error ? [] : [REVIEW, 'Email']),
    }),
    /** POST /data-export: the subject-access export of an e-mail with no person record. */
    startMailExport: build.mutation<{ _id: string }, { email: string }>({
      query: (body) => ({ url: '/data-export', method: 'POST', body }),
      transformResponse: (answer: OkAnswer<{ _id: string }>) => answer.data,
    }),
    /** GET /settings: the firm's settings, read for the retention periods. */
    retentionSettings: build.query<FirmSettingsView, void>({
      query: () => '/settings',
      transformResponse: (answer: OkAnswer<FirmSettingsView>) => answer.data,
      providesTags: ['FirmSettings'],
    }),
    /** PUT /settings with the three periods only (the other settings stay). */
    saveRetentionPeriods: build.mutation<FirmSettingsView, RetentionPeriods>({
      query: (body) => ({ url: '/settings', method: 'PUT', body }),
      transformResponse: (answer: OkAnswer<FirmSettingsView>) => answer.data,
      invalidatesTags: (_answer, error) => (error ? [] : ['FirmSettings', REVIEW]),
    }),
  }),
});

export const {
  useRetentionReviewQuery,
  useRefreshRetentionReviewMutation,
  useEraseReviewedMutation,
  useEraseMailBodiesMutation,
  useStartMailExportMutation,
  useRetentionSettingsQuery,
  useSaveRetentionPeriodsMutation,
} = privacyApi;
