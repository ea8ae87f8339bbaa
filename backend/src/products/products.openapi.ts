// Record shapes of products in the OpenAPI document (libs/domain/src/contract/orders.ts).
import { api } from '../platform/http/openapi';

export const PRODUCT_VIEW = api.record('ProductView', {
  _id: api.id,
  name: api.string,
  subscription: api.boolean,
  createdAt: api.timestamp,
  updatedAt: api.timestamp,
});
