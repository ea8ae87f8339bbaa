import { and, eq, isNull } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from './database';

/** A table whose rows are deleted softly: `deleted_at` set, the row kept for the history. */
export type SoftDeletable = PgTable & { id: PgColumn; deletedAt: PgColumn; updatedAt: PgColumn };

/**
 * Deletes the live row `id` softly (deletedAt and updatedAt set to `at`, and the columns of
 * `also`): false when there is no such live row.
 */
export async function softDeleteLive<Table extends SoftDeletable>(
  db: Database,
  table: Table,
  id: string,
  at: Date,
  also: PgUpdateSetSource<Table> = {},
): Promise<boolean> {
  const rows = await db
    .update(table)
    .set({ ...also, deletedAt: at, updatedAt: at } as PgUpdateSetSource<Table>)
    .where(and(eq(table.id, id), isNull(table.deletedAt)))
    .returning({ id: table.id });
  return rows.length > 0;
}
