import type { SearchResults } from '@registra/domain';
import { api } from '../../lib/api';
import type { OkAnswer } from '../../types/api';

export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /search?q=: five of each kind of record; a shorter text than two finds nothing. */
    globalSearch: build.query<SearchResults, string>({
      query: (q) => ({ url: '/search', params: { q } }),
      transformResponse: (answer: OkAnswer<SearchResults>) => answer.data,
      // Short-lived: a record created a moment ago is found on the next keystroke.
      keepUnusedDataFor: 10,
    }),
  }),
});

export const { useGlobalSearchQuery } = searchApi;
