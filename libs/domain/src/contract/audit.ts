import type { AuditAction, AuditChange, AuditRecordType } from '../audit';

/** One row of the change history, as GET /api/audit answers it (newest first). */
export interface AuditEntryView {
  _id: string;
  /** When the change was written (ISO 8601 UTC). */
  at: string;
  userId: string | null;
  /** The actor's name when the change was made; null for the system. */
  userName: string | null;
  recordType: AuditRecordType;
  recordId: string | null;
  /** The record's name when the change was made (organization name, person's names…). */
  recordLabel: string | null;
  action: AuditAction;
  /** Updates: the fields that changed, with their old and new values (API field names). */
  changes: AuditChange[] | null;
  /** Creates and hard deletes: the record as written; events: their details. */
  data: Record<string, unknown> | null;
}

/** POST /api/audit/restore (admins): the soft-deleted record to bring back. */
export interface RestoreRequest {
  recordType: AuditRecordType;
  recordId: string;
}
