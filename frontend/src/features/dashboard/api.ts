import { api } from '../../lib/api';
import type { OkAnswer } from '../../types/api';
import type { OrganizationSummary, PersonSummary } from '../../types/records';

/** GET /dashboard: totals and the 5 most recent organizations and people, newest first. */
export interface DashboardCards {
  organizations: { total: number; recent: OrganizationSummary[] };
  people: { total: number; recent: Array<PersonSummary & { createdAt: string }> };
}

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    dashboardCards: build.query<DashboardCards, void>({
      query: () => '/dashboard',
      transformResponse: (answer: OkAnswer<DashboardCards>) => answer.data,
      // Any write to an organization or a person (list tags or a whole type) refreshes the cards.
      providesTags: [
        'Dashboard',
        'Organization',
        'Person',
        { type: 'Organization', id: 'LIST' },
        { type: 'Person', id: 'LIST' },
      ],
    }),
  }),
});

export const { useDashboardCardsQuery } = dashboardApi;
