import { sql } from 'drizzle-orm';
import { DATABASE } from '../../src/platform/database/database';
import type { Database } from '../../src/platform/database/database';
import type { TestApp } from './test-app';

/**
 * Every table of the database where a row's text holds `text`, with how many rows: the proof that
 * a value (a one-time link's token, an erased name) is nowhere a query can reach. `anyCase` also
 * finds it written in other capitals (an erased name must not survive upper-cased).
 */
export async function tablesHolding(
  t: TestApp,
  text: string,
  { anyCase = false }: { anyCase?: boolean } = {},
): Promise<Record<string, number>> {
  const db = t.app.get<Database>(DATABASE);
  const tables = (await db.execute(
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`,
  )) as unknown as { rows: { tablename: string }[] };
  const like = anyCase ? sql`ILIKE` : sql`LIKE`;
  const found: Record<string, number> = {};
  for (const { tablename } of tables.rows) {
    const result = (await db.execute(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(tablename)} AS row_
           WHERE to_jsonb(row_)::text ${like} ${`%${text}%`}`,
    )) as unknown as { rows: { n: number }[] };
    if (result.rows[0].n > 0) found[tablename] = result.rows[0].n;
  }
  return found;
}
