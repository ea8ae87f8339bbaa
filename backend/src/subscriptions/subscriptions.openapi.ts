// Record shapes of subscriptions in the OpenAPI document (libs/domain/src/contract/orders.ts).
import { SUBSCRIPTION_STATUSES } from '@registra/domain';
import { api } from '../platform/http/openapi';

export const SUBSCRIPTION_VIEW = api.record('SubscriptionView', {
  _id: api.id,
  name: { type: 'string', description: "The product's name" },
  organizationId: api.id,
  organizationName: api.string,
  productId: api.id,
  productName: api.string,
  status: api.enum(SUBSCRIPTION_STATUSES),
  plan: { type: 'integer', description: 'Months between payments' },
  startingDate: api.date,
  nextDueDate: api.nullableDate,
  missingPayments: api.integer,
  orderIds: api.array(api.id),
  createdAt: api.timestamp,
  updatedAt: api.timestamp,
});
