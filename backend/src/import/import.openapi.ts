// Record shapes of the import in the OpenAPI document (libs/domain/src/contract/import.ts).
import { IMPORT_DUPLICATE_CHOICES, IMPORT_KINDS, IMPORT_STATUSES } from '@registra/domain';
import { api } from '../platform/http/openapi';

const RECORD_TYPE = api.enum(['organization', 'person', 'link']);
const preview = api.array(api.anyObject);

export const IMPORT_UPLOAD_VIEW = api.record('ImportUploadView', {
  _id: api.id,
  kind: api.enum(IMPORT_KINDS),
  fileName: api.string,
  format: api.enum(['csv', 'xlsx']),
  encoding: api.nullableString,
  delimiter: api.nullableString,
  sheets: api.array(api.string),
  sheet: api.nullableString,
  headerRow: api.integer,
  columns: api.array(api.string),
  mapping: {
    type: 'object',
    description: 'Column of the file → field of the book (null: not imported)',
    additionalProperties: api.nullableString,
  },
  preview,
});

/** `check` of GET /import/{id}: what the check job found. */
export const IMPORT_CHECK_VIEW = api.record('ImportCheckView', {
  rows: api.integer,
  errors: api.array(
    api.record('ImportRowError', {
      row: api.integer,
      column: api.nullableString,
      message: api.string,
    }),
  ),
  errorCount: api.integer,
  duplicates: api.array(
    api.record('ImportDuplicate', {
      row: api.integer,
      recordType: RECORD_TYPE,
      recordId: api.nullableId,
      duplicateOfRow: api.nullable(api.integer),
      label: api.string,
    }),
  ),
  duplicateCount: api.integer,
  preview,
});

export const IMPORT_UNDO_VIEW = api.record('ImportUndoView', {
  records: api.integer,
  recordsDone: api.integer,
  deleted: api.integer,
  restored: api.integer,
  leftAloneCount: api.integer,
  leftAlone: api.array(
    api.object({ recordType: RECORD_TYPE, recordId: api.id, label: api.string }),
  ),
});

export const IMPORT_VIEW = api.record('ImportView', {
  _id: api.id,
  kind: api.enum(IMPORT_KINDS),
  fileName: api.string,
  status: api.enum(IMPORT_STATUSES),
  progress: { ...api.number, minimum: 0, maximum: 1 },
  rows: api.integer,
  created: api.integer,
  updated: api.integer,
  skipped: api.integer,
  failed: api.integer,
  onDuplicate: api.nullable(api.enum(IMPORT_DUPLICATE_CHOICES)),
  userId: api.nullableId,
  userName: api.string,
  createdAt: api.timestamp,
  finishedAt: api.nullableTimestamp,
  undoableUntil: api.nullableTimestamp,
  undoneAt: api.nullableTimestamp,
  failure: api.nullableString,
  check: api.nullable(IMPORT_CHECK_VIEW),
  undo: api.nullable(IMPORT_UNDO_VIEW),
  fileRemovedAt: api.nullableTimestamp,
  waitingForQueue: {
    ...api.boolean,
    description:
      'While checking, running or undoing: its job waits for the queue (Redis was away); it starts once the queue answers',
  },
  resumes: {
    ...api.integer,
    description:
      'How many times the worker found its job gone, failed or stalled and resumed it after its last committed batch',
  },
});
