import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, liveIndex, searchTextColumn, timestamps } from '../platform/database/columns';
import { auditTrail } from '../platform/audit/audit-trail';

/**
 * A product the firm sells; `subscription` marks the recurring ones
 * (docs/product/orders-and-subscriptions.md).
 */
export const products = pgTable(
  'products',
  {
    id: idColumn(),
    name: text('name').notNull(),
    subscription: boolean('subscription').notNull().default(false),
    searchText: searchTextColumn(),
    ...timestamps,
  },
  (table) => [
    // One live product per name, whatever its case: two "Domiciliation" would confuse orders.
    uniqueIndex('products_name_live_idx')
      .on(sql`lower(${table.name})`)
      .where(sql`${table.deletedAt} IS NULL`),
    liveIndex(table, 'products_subscription_name_idx', table.subscription, table.name),
    index('products_search_text_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
  ],
);

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;

export const productsAuditTrail = auditTrail(products, {
  recordType: 'product',
  hidden: ['searchText'],
  label: ['name'],
});
