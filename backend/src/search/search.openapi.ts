// The top bar's search answer in the OpenAPI document (libs/domain/src/contract/search.ts).
import { apiArray, apiId, apiObject, apiSchema, apiString } from '../platform/http/openapi';

const hits = apiArray(
  apiSchema('SearchHit', apiObject({ _id: apiId, label: apiString, detail: apiString })),
);

export const SEARCH_RESULTS = apiSchema(
  'SearchResults',
  apiObject({ organizations: hits, people: hits, tasks: hits, orders: hits, forms: hits }),
);
