import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database } from './database';

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
