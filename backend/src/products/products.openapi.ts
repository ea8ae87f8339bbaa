// Record shapes of products in the OpenAPI document (libs/domain/src/contract/orders.ts).
import {
  apiBoolean,
  apiId,
  apiObject,
  apiSchema,
  apiString,
  apiTimestamp,
} from '../platform/http/openapi';

export const PRODUCT_VIEW = apiSchema(
  'ProductView',
  apiObject({
    _id: apiId,
    name: apiString,
    subscription: apiBoolean,
    createdAt: apiTimestamp,
    updatedAt: apiTimestamp,
  }),
);
