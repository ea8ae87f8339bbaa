import { desc, eq, or, sql } from 'drizzle-orm';
import { auditLog } from '../../src/platform/audit/audit.schema';
import type { AuditRow } from '../../src/platform/audit/audit.schema';
import { DATABASE } from '../../src/platform/database/database';
import type { Database } from '../../src/platform/database/database';
import type { TestApp } from './test-app';

/** The audit rows about a record (its own and those naming it as related), oldest first. */
export async function auditRowsOf(t: TestApp, recordId: string): Promise<AuditRow[]> {
  const rows = await t.app
    .get<Database>(DATABASE)
    .select()
    .from(auditLog)
    .where(
      or(
        eq(auditLog.recordId, recordId),
        sql`${auditLog.relatedIds} @> ARRAY[${recordId}]::uuid[]`,
      ),
    )
    .orderBy(desc(auditLog.id));
  return rows.reverse();
}

/** The actions recorded about a record, oldest first. */
export const auditActionsOf = async (t: TestApp, recordId: string): Promise<string[]> =>
  (await auditRowsOf(t, recordId)).map((row) => row.action);
