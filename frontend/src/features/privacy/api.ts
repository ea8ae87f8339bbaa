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

export interface RetentionReview {
  today: string;
  people: RetentionReviewPerson[];
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
    eraseReviewed: build.mutation<{ erased: string[]; held: string[] }, string[]>({
      query: (people) => ({ url: '/retention-review/erase', method: 'POST', body: { people } }),
      transformResponse: (answer: OkAnswer<{ erased: string[]; held: string[] }>) => answer.data,
      invalidatesTags: (_answer, error) =>
        error ? [] : [REVIEW, { type: 'Person', id: 'LIST' }, 'Dashboard', 'Link'],
    }),
  }),
});

export const { useRetentionReviewQuery, useEraseReviewedMutation } = privacyApi;
