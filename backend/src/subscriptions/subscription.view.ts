import type { SubscriptionView } from '@registra/domain';
import { subscriptionBilling } from '@registra/domain';
import type { SubscriptionRow } from './subscriptions.schema';

export type { SubscriptionView };

/** The subscription with its linked orders; what it owes is computed, never stored. */
export function toSubscriptionView(
  row: SubscriptionRow,
  orderIds: string[],
  now = new Date(),
): SubscriptionView {
  const billing = subscriptionBilling(row.startingDate, row.plan, orderIds.length, row.status, now);
  return {
    _id: row.id,
    name: row.productName,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    productId: row.productId,
    productName: row.productName,
    status: row.status,
    plan: row.plan,
    startingDate: row.startingDate,
    nextDueDate: billing.nextDueDate,
    missingPayments: billing.missingPayments,
    orderIds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
