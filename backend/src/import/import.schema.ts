import type { ImportCheckView, ImportMapping } from '@registra/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  idColumn,
  jsonList,
  jsonObject,
  requiredReference,
  timestamptz,
} from '../platform/database/columns';

/**
 * One import of a spreadsheet: the stored file, how it is read (encoding, delimiter, sheet,
 * mapping, date format), the duplicate choice, and the run's progress and counts. `rows_done`
 * moves in the same transaction as each batch of rows, so an interrupted run resumes exactly.
 */
export const imports = pgTable(
  'imports',
  {
    id: idColumn(),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    format: text('format').$type<'csv' | 'xlsx'>().notNull(),
    encoding: text('encoding'),
    delimiter: text('delimiter'),
    sheets: jsonList<string>('sheets'),
    sheet: text('sheet'),
    /** The header's row number in the sheet (rows above it, a title, are not read); null: the first non-blank. */
    headerRow: integer('header_row'),
    columns: jsonList<string>('columns'),
    mapping: jsonObject<ImportMapping>('mapping'),
    dateFormat: text('date_format').notNull().default('dd/MM/yyyy'),
    onDuplicate: text('on_duplicate'),
    /** Per-row duplicate choices that override `on_duplicate`: `{ "12": "create" }`. */
    choices: jsonObject<Record<string, string>>('choices'),
    status: text('status').notNull().default('uploaded'),
    rows: integer('rows').notNull().default(0),
    rowsDone: integer('rows_done').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    failure: text('failure'),
    userId: uuid('user_id'),
    userName: text('user_name').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
    undoneAt: timestamptz('undone_at'),
    /**
     * The undo, a queue job like the run (ADR 0114): who asked for it, how many written records
     * it takes back and how many it has gone through, with what each came to. Each batch moves
     * these in the same transaction as its records, so a restart resumes exactly.
     */
    undoStartedAt: timestamptz('undo_started_at'),
    undoUserId: uuid('undo_user_id'),
    undoUserName: text('undo_user_name'),
    undoTotal: integer('undo_total').notNull().default(0),
    undoDone: integer('undo_done').notNull().default(0),
    deleted: integer('deleted').notNull().default(0),
    restored: integer('restored').notNull().default(0),
    leftAlone: integer('left_alone').notNull().default(0),
    /** When the daily housekeeping removed the stored file (the row keeps its summary). */
    fileRemovedAt: timestamptz('file_removed_at'),
    /**
     * The check, a queue job like the run (ADR 0123): how far it has read, 0 to 1, while
     * `checking`; then what it found (the first errors and duplicates, their counts, the preview;
     * the row count is `rows`, every error is in `import_errors`).
     */
    checkProgress: doublePrecision('check_progress').notNull().default(0),
    checkResult: jsonb('check_result').$type<Omit<ImportCheckView, 'rows'>>(),
    /**
     * A check, run or undo asked for while the queue (Redis) was away: accepted, its job not
     * queued yet. The worker's sweep queues it once the queue answers (ADR 0145).
     */
    waitingForQueue: boolean('waiting_for_queue').notNull().default(false),
    /**
     * The sweep found its job gone, failed or stalled and queued it again: `resumes` in all,
     * `lost_jobs` since its last committed batch (a job lost again and again without a batch
     * done is failed instead of resumed for ever).
     */
    resumes: integer('resumes').notNull().default(0),
    lostJobs: integer('lost_jobs').notNull().default(0),
  },
  (table) => [
    index('imports_created_at_idx').on(table.createdAt, table.id),
    index('imports_checking_idx')
      .on(table.status)
      .where(sql`${table.status} = 'checking'`),
    index('imports_running_idx')
      .on(table.status)
      .where(sql`${table.status} = 'running'`),
    index('imports_undoing_idx')
      .on(table.status)
      .where(sql`${table.status} = 'undoing'`),
  ],
);

export type ImportRecordUndo = 'deleted' | 'restored' | 'left alone';

/**
 * What a run wrote, for undo: each record it created or updated, the fields' values before it
 * (updates), and the record's `updated_at` right after (a different one later means someone
 * changed it since).
 */
export const importRecords = pgTable(
  'import_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    importId: requiredReference('import_id', () => imports.id),
    row: integer('row').notNull(),
    recordType: text('record_type').$type<'organization' | 'person' | 'link'>().notNull(),
    recordId: uuid('record_id').notNull(),
    action: text('action').$type<'create' | 'update'>().notNull(),
    previous: jsonb('previous').$type<Record<string, unknown>>(),
    writtenAt: timestamptz('written_at').notNull(),
    /** What the undo did with it (null: not reached yet). */
    undo: text('undo').$type<ImportRecordUndo>(),
    /** The record's name when the undo left it alone (it changed since), for the list. */
    label: text('label'),
  },
  (table) => [
    uniqueIndex('import_records_record_idx').on(table.importId, table.recordType, table.recordId),
    // The undo's next batch: the records it has not reached yet, links first, in write order.
    index('import_records_undo_idx')
      .on(table.importId, table.recordType, table.id)
      .where(sql`${table.undo} IS NULL`),
  ],
);

/** Every refused row of a check or a run, for errors.csv. */
export const importErrors = pgTable(
  'import_errors',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    importId: requiredReference('import_id', () => imports.id),
    phase: text('phase').$type<'check' | 'run'>().notNull(),
    row: integer('row').notNull(),
    column: text('column'),
    message: text('message').notNull(),
  },
  (table) => [index('import_errors_import_idx').on(table.importId, table.phase, table.id)],
);

export type ImportRow = typeof imports.$inferSelect;
export type ImportRecordRow = typeof importRecords.$inferSelect;
