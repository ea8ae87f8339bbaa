import type { SubscriptionStatus } from '@registra/domain';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.schema';
import {
  calendarDate,
  idColumn,
  requiredReference,
  searchTextColumn,
  timestamps,
} from '../platform/database/columns';
import { products } from '../products/products.schema';
import { auditTrail } from '../platform/audit/audit-trail';

/** A recurring product an organization takes (docs/product/orders-and-subscriptions.md). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: idColumn(),
    organizationId: requiredReference('organization_id', () => organizations.id),
    /** Kept beside the id for the list's search and sort. */
    organizationName: text('organization_name').notNull().default(''),
    productId: requiredReference('product_id', () => products.id),
    productName: text('product_name').notNull().default(''),
    status: text('status').$type<SubscriptionStatus>().notNull().default('CURRENT'),
    plan: integer('plan').notNull().default(6),
    startingDate: calendarDate('starting_date').notNull(),
    /**
     * The start of the first unpaid period (`subscriptionBilling`): the starting date plus one
     * period per linked live order. Stored, and kept by the repository on every change of the
     * subscription or of its orders, so the calendar reads a range of it on an index (ADR 0106).
     */
    nextDueDate: calendarDate('next_due_date'),
    /** The organization's name folded, for the list's organization_name filter. */
    searchText: searchTextColumn(),
    ...timestamps,
  },
  (table) => {
    const live = sql`${table.deletedAt} IS NULL`;
    return [
      index('subscriptions_organization_idx').on(table.organizationId).where(live),
      index('subscriptions_created_idx').on(table.createdAt, table.id).where(live),
      index('subscriptions_status_idx').on(table.status, table.createdAt).where(live),
      index('subscriptions_starting_date_idx').on(table.startingDate, table.id).where(live),
      index('subscriptions_organization_name_idx').on(table.organizationName, table.id).where(live),
      index('subscriptions_product_name_idx').on(table.productName, table.id).where(live),
      index('subscriptions_search_text_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
      index('subscriptions_product_idx').on(table.productId).where(live),
      // The calendar's subscriptions falling due in a range (cancelled ones owe nothing more).
      index('subscriptions_next_due_date_idx')
        .on(table.nextDueDate)
        .where(sql`${table.deletedAt} IS NULL AND ${table.status} <> 'CANCELLED'`),
    ];
  },
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscriptionRow = typeof subscriptions.$inferInsert;

/** Derived columns (the search text, the next due date the repository keeps) are never a change. */
export const subscriptionsAuditTrail = auditTrail(subscriptions, {
  recordType: 'subscription',
  hidden: ['searchText', 'nextDueDate'],
  label: ['productName'],
  related: ['organizationId'],
});
