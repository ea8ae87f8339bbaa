// The top bar's search answer in the OpenAPI document (libs/domain/src/contract/search.ts).
import { api } from '../platform/http/openapi';

const hits = api.array(
  api.schema('SearchHit', api.object({ _id: api.id, label: api.string, detail: api.string })),
);

export const SEARCH_RESULTS = api.schema(
  'SearchResults',
  api.object({ organizations: hits, people: hits, tasks: hits, orders: hits, forms: hits }),
);
