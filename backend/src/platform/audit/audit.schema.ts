import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { jsonValue, timestamptz } from '../database/columns';

/**
 * The change history (ADR 0008). Rows are written by the `registra_audit` trigger of each audited
 * table, in the transaction of the change, and by `AuditService.record` for events that change
 * no row (a refused sign-in). A trigger refuses every UPDATE, DELETE and TRUNCATE of this table.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamptz('at')
      .notNull()
      .default(sql`clock_timestamp()`),
    userId: uuid('user_id'),
    userName: text('user_name'),
    recordType: text('record_type').notNull(),
    recordId: uuid('record_id'),
    /** The record's name at the time (organization name, person's names, file name…). */
    recordLabel: text('record_label'),
    /** The records this one belongs to (a link's person and organization, a file's owner…). */
    relatedIds: uuid('related_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    action: text('action').notNull(),
    /** Updates: `{ column: [old, new] }` for each column that changed. */
    changes: jsonValue<Record<string, [unknown, unknown]>>('changes'),
    /** Creates and hard deletes: the row; events: their details. */
    data: jsonValue<Record<string, unknown>>('data'),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at, table.id),
    index('audit_log_record_idx').on(table.recordType, table.recordId, table.at),
    // The Activity page filtered by kind of record: its page and its count read one range.
    index('audit_log_type_at_idx').on(table.recordType, table.at, table.id),
    index('audit_log_user_idx').on(table.userId, table.at),
    index('audit_log_related_idx').using('gin', table.relatedIds),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;

/**
 * How many rows audit_log holds, kept by a statement trigger on each insert (ADR 0094): the
 * Activity page's unfiltered total without counting a million rows. Every audited change appends
 * a row, so one counter row would make every write in the product queue on it until commit;
 * the count is spread over shards chosen by the inserting backend (a backend runs one
 * transaction at a time), and the total is their sum.
 */
export const auditLogCounts = pgTable('audit_log_counts', {
  shard: smallint('shard').primaryKey(),
  total: bigint('total', { mode: 'number' }).notNull(),
});

/**
 * Which table holds each audited record type, written from each context's `auditTrail` by the
 * database rules (platform/database/database-rules.ts); restoring a soft-deleted record looks its
 * table up here.
 */
export const auditRecordTypes = pgTable('audit_record_types', {
  recordType: text('record_type').primaryKey(),
  tableName: text('table_name').notNull(),
  /** The table soft-deletes (deleted_at, updated_at) and a deleted row can come back. */
  restorable: boolean('restorable').notNull(),
});
