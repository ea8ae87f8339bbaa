import { api } from '../../lib/api';
import type { OkAnswer } from '../../types/api';

/** A person the AML retention no longer keeps (every client relationship ended 5+ years ago). */
export interface RetentionReviewPerson {
  _id: string;
  firstName: string;
  lastName: string;
  lastEndedOn: string;
  erasableFrom: string;
}

/** A prospect's request that never became a client, unchanged for the months kept. */
export interface RetentionReviewProspect {
  _id: string;
  organizationName1: string;
  lastChangedOn: string;
  erasableFrom: string;
}

export interface RetentionReview {
  today: string;
  people: RetentionReviewPerson[];
  prospects: RetentionReviewProspect[];
}

const REVIEW = { type: 'Person', id: 'RETENTION_REVIEW' } as const;

export const privacyApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /retention-review (administrators). */
    retentionReview: build.query<RetentionReview, void>({
      query: () => '/retention-review',
      transformResponse: (answer: OkAnswer<RetentionReview>) => answer.data,
      providesTags: [REVIEW],
    }),
    /** POST /retention-review/erase: the ticked people, checked again and erased. */
    eraseReviewed: build.mutation<
      { erased: string[]; held: string[] },
      { people: string[]; prospects: string[] }
    >({
      query: (body) => ({ url: '/retention-review/erase', method: 'POST', body }),
      transformResponse: (answer: OkAnswer<{ erased: string[]; held: string[] }>) => answer.data,
      invalidatesTags: (_answer, error) =>
        error ? [] : [REVIEW, { type: 'Person', id: 'LIST' }, 'Dashboard', 'Link', 'Form'],
    }),
  }),
});

export const { useRetentionReviewQuery, useEraseReviewedMutation } = privacyApi;
