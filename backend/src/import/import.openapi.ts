// Record shapes of the import in the OpenAPI document (libs/domain/src/contract/import.ts).
import { IMPORT_DUPLICATE_CHOICES, IMPORT_KINDS, IMPORT_STATUSES } from '@registra/domain';
import {
  apiAnyObject,
  apiArray,
  apiEnum,
  apiId,
  apiInteger,
  apiNullable,
  apiNullableId,
  apiNullableString,
  apiNullableTimestamp,
  apiNumber,
  apiObject,
  apiSchema,
  apiString,
  apiTimestamp,
} from '../platform/http/openapi';
import type { SchemaObject } from '../platform/http/openapi';

const RECORD_TYPE = apiEnum(['organization', 'person', 'link']);
const preview = apiArray(apiAnyObject);

export const IMPORT_UPLOAD_VIEW = apiSchema(
  'ImportUploadView',
  apiObject({
    _id: apiId,
    kind: apiEnum(IMPORT_KINDS),
    fileName: apiString,
    format: apiEnum(['csv', 'xlsx']),
    encoding: apiNullableString,
    delimiter: apiNullableString,
    sheets: apiArray(apiString),
    sheet: apiNullableString,
    columns: apiArray(apiString),
    mapping: {
      type: 'object',
      description: 'Column of the file → field of the book (null: not imported)',
      additionalProperties: apiNullableString,
    },
    preview,
  }),
);

/** POST /import/{id}/check: the problems found. */
export const IMPORT_CHECK_VIEW = apiSchema(
  'ImportCheckView',
  apiObject({
    rows: apiInteger,
    errors: apiArray(
      apiSchema(
        'ImportRowError',
        apiObject({ row: apiInteger, column: apiNullableString, message: apiString }),
      ),
    ),
    errorCount: apiInteger,
    duplicates: apiArray(
      apiSchema(
        'ImportDuplicate',
        apiObject({
          row: apiInteger,
          recordType: RECORD_TYPE,
          recordId: apiNullableId,
          duplicateOfRow: apiNullable(apiInteger),
          label: apiString,
        }),
      ),
    ),
    duplicateCount: apiInteger,
  }),
);

/** The check's answer: the problems, and the first rows as they will be stored. */
export const IMPORT_CHECK_ANSWER: SchemaObject = {
  allOf: [IMPORT_CHECK_VIEW, apiObject({ preview })],
};

export const IMPORT_VIEW = apiSchema(
  'ImportView',
  apiObject({
    _id: apiId,
    kind: apiEnum(IMPORT_KINDS),
    fileName: apiString,
    status: apiEnum(IMPORT_STATUSES),
    progress: { ...apiNumber, minimum: 0, maximum: 1 },
    rows: apiInteger,
    created: apiInteger,
    updated: apiInteger,
    skipped: apiInteger,
    failed: apiInteger,
    onDuplicate: apiNullable(apiEnum(IMPORT_DUPLICATE_CHOICES)),
    userName: apiString,
    createdAt: apiTimestamp,
    finishedAt: apiNullableTimestamp,
    undoableUntil: apiNullableTimestamp,
    undoneAt: apiNullableTimestamp,
    failure: apiNullableString,
  }),
);

export const IMPORT_UNDO_VIEW = apiSchema(
  'ImportUndoView',
  apiObject({
    deleted: apiInteger,
    restored: apiInteger,
    leftAlone: apiArray(apiObject({ recordType: RECORD_TYPE, recordId: apiId, label: apiString })),
  }),
);
