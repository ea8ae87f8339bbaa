import { sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './database';

/** A record as a writer left it: its id and the `updatedAt` it wrote. */
export interface WrittenVersion {
  id: string;
  writtenAt: Date;
}

/** A table of soft-deleted records with an optimistic `updatedAt`. */
export type SoftDeletedTable = PgTable & {
  id: AnyPgColumn;
  updatedAt: AnyPgColumn;
  deletedAt: AnyPgColumn;
};

/**
 * Soft-deletes, in one statement, the live records among `records` still at the `updatedAt`
 * each was written with (an import's undo takes a whole batch back this way, ADR 0137); answers
 * the ids it deleted. The others changed since, or are gone, and are left as they are.
 */
export async function softDeleteUnchanged(
  db: Database,
  table: SoftDeletedTable,
  records: readonly WrittenVersion[],
  at: Date,
): Promise<Set<string>> {
  if (records.length === 0) return new Set();
  const ids = records.map((record) => record.id);
  const versions = records.map((record) => record.writtenAt.toISOString());
  const now = at.toISOString();
  const result = (await db.execute(sql`
    UPDATE ${table}
       SET ${sql.identifier(table.deletedAt.name)} = ${now}::timestamptz,
           ${sql.identifier(table.updatedAt.name)} = ${now}::timestamptz
      FROM unnest(${sql.param(ids)}::uuid[], ${sql.param(versions)}::timestamptz[])
           AS written(id, written_at)
     WHERE ${table.id} = written.id
       AND ${table.deletedAt} IS NULL
       AND ${table.updatedAt} = written.written_at
    RETURNING ${table.id} AS id`)) as unknown as { rows: Array<{ id: string }> };
  return new Set(result.rows.map((row) => row.id));
}
