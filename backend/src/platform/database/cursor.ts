import { randomBytes } from 'node:crypto';
import { asc, desc, sql } from 'drizzle-orm';
import type { InferSelectModel, SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './database';
import { rowsFromJson } from './json-rows';
import type { ListSort } from './search';

/** Rows fetched per round trip when a whole list is read (exports). */
export const CURSOR_BATCH_SIZE = 1000;

/**
 * Reads every row of `query` through a server-side cursor, `batchSize` rows at a time, handing
 * each batch to `onBatch` before the next is fetched: an export of 300k rows never holds more
 * than one batch in memory, and a slow reader (the HTTP client) slows the reading down.
 *
 * `query` is plain SQL whose columns carry the aliases the rows are read by
 * (`o.name AS "organizationName"`): the rows come back as the database names them, not through
 * Drizzle's field mapping. Works on PostgreSQL and on the embedded PGlite (a cursor lives in a
 * transaction, so one is opened, or the scope's is joined).
 */
export async function readInBatches<Row>(
  db: Database,
  query: SQL,
  onBatch: (rows: Row[]) => Promise<void> | void,
  batchSize = CURSOR_BATCH_SIZE,
): Promise<number> {
  const cursor = sql.identifier(`registra_cursor_${randomBytes(6).toString('hex')}`);
  const size = sql.raw(String(Math.max(1, Math.floor(batchSize))));
  return db.transaction(async (tx) => {
    await tx.execute(sql`DECLARE ${cursor} NO SCROLL CURSOR FOR ${query}`);
    let total = 0;
    for (;;) {
      const result = (await tx.execute(sql`FETCH FORWARD ${size} FROM ${cursor}`)) as unknown as {
        rows: Row[];
      };
      if (result.rows.length === 0) break;
      total += result.rows.length;
      await onBatch(result.rows);
      if (result.rows.length < batchSize) break;
    }
    await tx.execute(sql`CLOSE ${cursor}`);
    return total;
  });
}

/**
 * Every row of `table` that `where` matches, in the list's order (id last), read through a
 * cursor batch by batch as the table's row objects (the CSV exports: uncapped, never all in
 * memory). Rows travel as JSON, mapped back by each column's own driver mapping.
 */
export function readRowsInBatches<T extends PgTable & { id: AnyPgColumn }>(
  db: Database,
  table: T,
  where: SQL | undefined,
  sort: ListSort,
  onBatch: (rows: InferSelectModel<T>[]) => Promise<void>,
): Promise<number> {
  const direction = sort.order === 'asc' ? asc : desc;
  const query = sql`SELECT to_json(${table}.*) AS "row" FROM ${table}
    WHERE ${where ?? sql`true`}
    ORDER BY ${direction(sort.column)}, ${direction(table.id)}`;
  return readInBatches<{ row: Record<string, unknown> }>(db, query, (batch) =>
    onBatch(
      rowsFromJson(
        table,
        batch.map((item) => item.row),
      ),
    ),
  );
}
