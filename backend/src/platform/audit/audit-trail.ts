import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

const AUDIT_TRAIL = Symbol('registra.auditTrail');

/**
 * A table whose changes go to the change history (ADR 0008): declared by its context beside the
 * table, created as the table's `registra_audit` trigger by the database rules
 * (platform/database/routines). Columns are named by their properties and stored as the table's
 * column names.
 */
export interface AuditTrail {
  readonly [AUDIT_TRAIL]: true;
  table: string;
  recordType: string;
  insertAction: string;
  deleteAction: string;
  /** Columns that never count as a change and are left out of the recorded rows. */
  hidden: string[];
  /** Columns whose values, joined, name the record in the history ("Emerald Ltd"). */
  label: string[];
  /** Columns holding the ids of the records this one also shows under (a link's person…). */
  related: string[];
  events: 'INSERT OR UPDATE OR DELETE' | 'INSERT';
  /** The table soft-deletes (deleted_at, updated_at) and an admin may bring a record back. */
  restorable: boolean;
}

export function auditTrail<T extends PgTable>(
  table: T,
  options: {
    recordType: string;
    insertAction?: string;
    deleteAction?: string;
    hidden?: readonly (keyof T['_']['columns'])[];
    label?: readonly (keyof T['_']['columns'])[];
    related?: readonly (keyof T['_']['columns'])[];
    events?: AuditTrail['events'];
    restorable?: boolean;
  },
): AuditTrail {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const names = (properties: readonly (keyof T['_']['columns'])[] = []) =>
    properties.map((property) => columns[property as string].name);
  return {
    [AUDIT_TRAIL]: true,
    table: getTableName(table),
    recordType: options.recordType,
    insertAction: options.insertAction ?? 'create',
    deleteAction: options.deleteAction ?? 'delete',
    hidden: names(options.hidden),
    label: names(options.label),
    related: names(options.related),
    events: options.events ?? 'INSERT OR UPDATE OR DELETE',
    restorable: options.restorable ?? true,
  };
}

export function isAuditTrail(value: unknown): value is AuditTrail {
  return typeof value === 'object' && value !== null && AUDIT_TRAIL in value;
}
