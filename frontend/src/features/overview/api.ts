import type { OverviewView } from '@registra/domain';
import { api } from '../../lib/api';
import type { OkAnswer } from '../../types/api';

/** GET /overview: the period and the user ('mine', a user's id, '' for everybody). */
export interface OverviewRequest {
  from: string;
  to: string;
  user: string;
}

export const overviewQueryString = ({ from, to, user }: OverviewRequest): string => {
  const params = new URLSearchParams({ from, to });
  if (user) params.set('user', user);
  return params.toString();
};

export const overviewApi = api.injectEndpoints({
  endpoints: (build) => ({
    overview: build.query<OverviewView, OverviewRequest>({
      query: (request) => `/overview?${overviewQueryString(request)}`,
      transformResponse: (answer: OkAnswer<OverviewView>) => answer.data,
      providesTags: ['Organization', 'FollowUp', 'Subscription', 'Order', 'Form'],
    }),
  }),
});

export const { useOverviewQuery } = overviewApi;
