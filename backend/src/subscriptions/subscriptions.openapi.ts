// Record shapes of subscriptions in the OpenAPI document (libs/domain/src/contract/orders.ts).
import { SUBSCRIPTION_STATUSES } from '@registra/domain';
import {
  apiArray,
  apiDate,
  apiEnum,
  apiId,
  apiInteger,
  apiNullableDate,
  apiObject,
  apiSchema,
  apiString,
  apiTimestamp,
} from '../platform/http/openapi';

export const SUBSCRIPTION_VIEW = apiSchema(
  'SubscriptionView',
  apiObject({
    _id: apiId,
    name: { type: 'string', description: "The product's name" },
    organizationId: apiId,
    organizationName: apiString,
    productId: apiId,
    productName: apiString,
    status: apiEnum(SUBSCRIPTION_STATUSES),
    plan: { type: 'integer', description: 'Months between payments' },
    startingDate: apiDate,
    nextDueDate: apiNullableDate,
    missingPayments: apiInteger,
    orderIds: apiArray(apiId),
    createdAt: apiTimestamp,
    updatedAt: apiTimestamp,
  }),
);
