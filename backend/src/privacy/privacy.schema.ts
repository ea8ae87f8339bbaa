import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, timestamptz } from '../platform/database/columns';

export const DATA_EXPORT_STATUSES = ['running', 'done', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/**
 * A subject-access export (GDPR Art. 15): one person's package, built by a queue job into a ZIP
 * in the file storage, downloaded once by an administrator, then its bytes removed. The row
 * stays as the record that the request was answered (who asked, when it was downloaded); it
 * holds no personal value of its own.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: idColumn(),
    personId: uuid('person_id').notNull(),
    status: text('status', { enum: DATA_EXPORT_STATUSES }).notNull().default('running'),
    /** 0..100, written as the job goes through the package's sections. */
    progress: integer('progress').notNull().default(0),
    /** The ZIP in the file storage, once built; null again once downloaded. */
    storageKey: text('storage_key'),
    requestedBy: uuid('requested_by'),
    requestedByName: text('requested_by_name'),
    error: text('error'),
    downloadedAt: timestamptz('downloaded_at'),
    downloadedBy: uuid('downloaded_by'),
    ...timestamps,
  },
  (table) => [index('data_exports_person_idx').on(table.personId)],
);

export type DataExportRow = typeof dataExports.$inferSelect;
