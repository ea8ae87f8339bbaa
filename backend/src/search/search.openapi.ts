// The top bar's search answer in the OpenAPI document (libs/domain/src/contract/search.ts).
import { api } from '../platform/http/openapi';

const hits = api.array(
  api.record('SearchHit', { _id: api.id, label: api.string, detail: api.string }),
);

export const SEARCH_RESULTS = api.record('SearchResults', {
  organizations: hits,
  people: hits,
  tasks: hits,
  orders: hits,
  forms: hits,
});
