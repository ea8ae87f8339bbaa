import { sql } from 'drizzle-orm';
import type { Database } from './database';

/**
 * How many live (not soft-deleted) rows a table holds, from `live_record_counts`, which a
 * trigger keeps in the same transaction as every insert, delete, soft delete and restore
 * (ADR 0081): an unfiltered list's exact total without counting 300k rows each time. A table
 * opts in by its name in LIVE_COUNTED_TABLES (routines/triggers.ts).
 */
export async function liveCount(db: Database, table: string): Promise<number> {
  const result = (await db.execute(
    sql`SELECT total::int AS total FROM live_record_counts WHERE table_name = ${table}`,
  )) as unknown as { rows: { total: number }[] };
  return result.rows[0]?.total ?? 0;
}
