// Rows of the change history in the OpenAPI document (libs/domain/src/contract/audit.ts).
import { AUDIT_ACTIONS, AUDIT_RECORD_TYPES } from '@registra/domain';
import { api } from '../http/openapi';

export const AUDIT_RECORD_TYPE = api.enum(AUDIT_RECORD_TYPES);

export const AUDIT_ENTRY_VIEW = api.record('AuditEntryView', {
  // The row's place in the history, a number written as text (not a UUID as records' ids).
  _id: { type: 'string', pattern: '^[0-9]+$' },
  at: api.timestamp,
  userId: api.nullableId,
  userName: api.nullableString,
  recordType: AUDIT_RECORD_TYPE,
  recordId: api.nullableId,
  recordLabel: api.nullableString,
  action: api.enum(AUDIT_ACTIONS),
  changes: api.nullable(
    api.array(api.record('AuditChange', { field: api.string, old: {}, new: {} })),
  ),
  data: api.nullable(api.anyObject),
});

export const RESTORED_RECORD = api.object({ recordType: AUDIT_RECORD_TYPE, recordId: api.id });
