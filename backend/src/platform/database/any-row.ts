import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './database';

/** Whether any row of `table` meets `condition`: reads one id at the most. */
export async function anyRow(
  db: Database,
  table: PgTable & { id: AnyPgColumn },
  condition: SQL | undefined,
): Promise<boolean> {
  const [row] = await db.select({ id: table.id }).from(table).where(condition).limit(1);
  return row !== undefined;
}
