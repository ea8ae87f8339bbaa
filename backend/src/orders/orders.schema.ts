import type { OrderOrigin } from '@registra/domain';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.schema';
import {
  calendarDate,
  idColumn,
  searchBucketColumn,
  searchBucketSequence,
  searchBucketTextIndex,
  searchTextColumn,
  timestamps,
} from '../platform/database/columns';
import { products } from '../products/products.schema';
import { subscriptions } from '../subscriptions/subscriptions.schema';
import { auditTrail } from '../platform/audit/audit-trail';

const cents = (name: string) => bigint(name, { mode: 'number' });

/** Numbers the orders' rows into search buckets (searchBucketColumn). */
export const ordersSearchBucketSequence = searchBucketSequence('orders');

/**
 * An order (docs/product/orders-and-subscriptions.md). Money is integer cents, never floating
 * point; the API speaks euros with at most 2 decimals.
 */
export const orders = pgTable(
  'orders',
  {
    id: idColumn(),
    company: text('company').notNull().default(''),
    organizationId: uuid('organization_id').references(() => organizations.id),
    organizationName: text('organization_name'),
    lastName: text('last_name').notNull().default(''),
    firstName: text('first_name').notNull().default(''),
    email: text('email').notNull().default(''),
    origin: text('origin').$type<OrderOrigin>(),
    productId: uuid('product_id').references(() => products.id),
    product: text('product').notNull().default(''),
    totalAmountOrderCents: cents('total_amount_order_cents'),
    amountDepositCents: cents('amount_deposit_cents'),
    dateOrder: calendarDate('date_order'),
    paymentTypeDeposit: text('payment_type_deposit').notNull().default(''),
    amountBalanceToPaidCents: cents('amount_balance_to_paid_cents'),
    dateOfBalance: calendarDate('date_of_balance'),
    paymentTypeBalance: text('payment_type_balance').notNull().default(''),
    toInvoice: boolean('to_invoice').notNull().default(false),
    totalPaidCents: cents('total_paid_cents').notNull().default(0),
    paidTotaly: boolean('paid_totaly').notNull().default(false),
    balancePaid: boolean('balance_paid').notNull().default(false),
    noVat: boolean('no_vat').notNull().default(false),
    withVat: boolean('with_vat').notNull().default(false),
    vatNumber: text('vat_number').notNull().default(''),
    comment: text('comment').notNull().default(''),
    /** The subscription whose period this order pays; an order pays at most one. */
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id),
    /** Company, names, e-mail and product, folded for the list's search. */
    searchText: searchTextColumn(),
    /** Which search bucket the row was written in (ADR 0156). */
    searchBucket: searchBucketColumn('orders'),
    ...timestamps,
  },
  (table) => {
    const live = sql`${table.deletedAt} IS NULL`;
    return [
      index('orders_date_order_idx').on(table.dateOrder, table.id).where(live),
      index('orders_created_idx').on(table.createdAt, table.id).where(live),
      index('orders_organization_idx').on(table.organizationId, table.dateOrder).where(live),
      index('orders_product_idx').on(table.productId, table.dateOrder).where(live),
      index('orders_origin_idx').on(table.origin, table.dateOrder).where(live),
      index('orders_subscription_idx').on(table.subscriptionId).where(live),
      searchBucketTextIndex('orders_search_bucket_text_idx', table),
    ];
  },
);

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;

/** Derived from the other columns: never shown in the order's view, never a change in the history. */
export const ORDER_DERIVED_COLUMNS = ['searchText', 'searchBucket'] as const;

export const ordersAuditTrail = auditTrail(orders, {
  recordType: 'order',
  hidden: ORDER_DERIVED_COLUMNS,
  label: ['company', 'product'],
  related: ['organizationId'],
});
