import { bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamptz } from '../platform/database/columns';
import { auditTrail } from '../platform/audit/audit-trail';

/** One uploaded file: where it is stored and which record's folder it belongs to. */
export const files = pgTable(
  'files',
  {
    id: idColumn(),
    /** Server-made object key (a UUID); the user's file name never reaches storage. */
    storageKey: text('storage_key').notNull().unique(),
    /** The upload folder as sent: people/{id}, organization/{id}/{folder} or task/{id}. */
    folder: text('folder').notNull(),
    ownerKind: text('owner_kind', { enum: ['people', 'organization', 'task'] }).notNull(),
    ownerId: uuid('owner_id').notNull(),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    uploadedBy: uuid('uploaded_by'),
    uploadedByName: text('uploaded_by_name'),
    createdAt: timestamptz('created_at')
      .notNull()
      .defaultNow()
      .$defaultFn(() => new Date()),
    /** Deleting a file removes its bytes and sets this; the row stays for the audit. */
    deletedAt: timestamptz('deleted_at'),
  },
  (table) => [
    index('files_created_at_idx').on(table.createdAt),
    index('files_owner_idx').on(table.ownerKind, table.ownerId),
  ],
);

export type FileRow = typeof files.$inferSelect;
export type NewFileRow = typeof files.$inferInsert;

/** A file shows in its owner's history; where it is stored is not a change anyone made. */
export const filesAuditTrail = auditTrail(files, {
  recordType: 'file',
  insertAction: 'upload',
  deleteAction: 'file delete',
  hidden: ['storageKey'],
  label: ['fileName'],
  related: ['ownerId'],
  restorable: false,
});
