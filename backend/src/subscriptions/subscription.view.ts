import type { SubscriptionView } from '@registra/domain';
import { subscriptionBilling } from '@registra/domain';
import { JsonView, PAGE_ROWS } from '../platform/database/json-view';
import { subscriptions } from './subscriptions.schema';
import type { SubscriptionRow } from './subscriptions.schema';

export type { SubscriptionView };

/** The live orders linked to the subscription named {@link PAGE_ROWS}, oldest first, as JSON. */
export const SUBSCRIPTION_ORDER_IDS_JSON = `coalesce((SELECT json_agg(linked.id
  ORDER BY linked.date_order, linked.created_at, linked.id) FROM orders AS linked
  WHERE linked.subscription_id = ${PAGE_ROWS}.id AND linked.deleted_at IS NULL), '[]'::json)`;

/**
 * A subscription's stored fields as the API shows them (its product's name also as
 * `name`), with its linked orders given by the caller. What it owes is computed by the domain
 * (`subscriptionBilling`) on the day asked, never stored: {@link toSubscriptionView} adds it.
 */
export const SUBSCRIPTION_VIEW = new JsonView(subscriptions, {
  hidden: ['searchText', 'nextDueDate', 'deletedAt'],
  extras: [
    { key: 'name', sql: `${PAGE_ROWS}.product_name` },
    { key: 'orderIds', sql: SUBSCRIPTION_ORDER_IDS_JSON },
  ],
});

/** The subscription with its linked orders and what it owes on `now`. */
export function toSubscriptionView(
  row: SubscriptionRow,
  orderIds: string[],
  now = new Date(),
): SubscriptionView {
  const billing = subscriptionBilling(row.startingDate, row.plan, orderIds.length, row.status, now);
  return {
    ...(SUBSCRIPTION_VIEW.toView(row, { name: row.productName, orderIds }) as object),
    nextDueDate: billing.nextDueDate,
    missingPayments: billing.missingPayments,
  } as SubscriptionView;
}
