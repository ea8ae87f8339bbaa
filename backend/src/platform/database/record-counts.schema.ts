import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * How many live records share each duplicate key, per kind of record ('people',
 * 'organizations'), kept by triggers on those tables (routines/triggers.ts).
 * The duplicates modals read only the keys counted twice or more through the partial index,
 * instead of grouping 300k keys on every open (ADR 0080).
 */
export const duplicateKeyCounts = pgTable(
  'duplicate_key_counts',
  {
    recordType: text('record_type').notNull(),
    key: text('key').notNull(),
    total: integer('total').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.recordType, table.key] }),
    index('duplicate_key_counts_shared_idx')
      .on(table.recordType, table.total.desc(), table.key)
      .where(sql`${table.total} > 1`),
  ],
);

/**
 * Live (not soft-deleted) rows per table, kept by a trigger (routines/triggers.ts,
 * ADR 0081): the exact total of an unfiltered list without counting the table.
 */
export const liveRecordCounts = pgTable('live_record_counts', {
  tableName: text('table_name').primaryKey(),
  total: bigint('total', { mode: 'number' }).notNull(),
});
