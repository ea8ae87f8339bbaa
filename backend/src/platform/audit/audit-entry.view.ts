import { auditFieldName } from '@registra/domain';
import type { AuditEntryView } from '@registra/domain';
import { JsonView } from '../database/json-view';
import { auditLog } from './audit.schema';
import type { AuditRow } from './audit.schema';

/** A stored row's columns as the API's field names (`financial_year_end` → `financialYearEnd`). */
function fieldsOf(recordType: string, row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([column, value]) => [auditFieldName(recordType, column), value]),
  );
}

/**
 * An entry of the history and the Activity page as the API shows it: its stored fields, the
 * id (a bigint) as text. The records it also shows under stay inside.
 */
export const AUDIT_ENTRY_VIEW = new JsonView(auditLog, {
  hidden: ['relatedIds', 'changes', 'data'],
  converted: { id: { sql: (value) => `${value}::text`, js: String } },
});

/**
 * {@link AUDIT_ENTRY_VIEW} with the change's fields under the API's names: the domain's
 * `auditFieldName` (camelCase, and each record type's own spellings) renames them, which SQL
 * does not know, so this part is written here.
 */
export function toAuditEntryView(row: AuditRow): AuditEntryView {
  return {
    ...(AUDIT_ENTRY_VIEW.toView(row) as object),
    changes: row.changes
      ? Object.entries(row.changes).map(([column, [before, after]]) => ({
          field: auditFieldName(row.recordType, column),
          old: before,
          new: after,
        }))
      : null,
    data: row.data ? fieldsOf(row.recordType, row.data) : null,
  } as AuditEntryView;
}
