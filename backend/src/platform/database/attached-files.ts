import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AttachedFile } from './columns';
import type { Database } from './database';
import { PAGE_ROWS } from './json-view';
import type { ViewConversion, ViewExtra } from './json-view';

/**
 * The `attached_files` JSONB list that people, organizations (and later tasks) share, changed in
 * one statement so concurrent uploads never overwrite each other. Each change bumps `updated_at`:
 * a form loaded before the upload then answers 409 instead of dropping the new entry on save.
 * `executor` is the files module's transaction.
 */
export async function appendAttachedFile(
  executor: Database,
  table: PgTable,
  id: string,
  entry: AttachedFile,
): Promise<boolean> {
  const result = (await executor.execute(sql`
    UPDATE ${table}
       SET attached_files = attached_files || ${JSON.stringify([entry])}::jsonb,
           updated_at = greatest(date_trunc('milliseconds', clock_timestamp()), updated_at + interval '1 millisecond')
     WHERE id = ${id} AND deleted_at IS NULL
     RETURNING id`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

export async function removeAttachedFile(
  executor: Database,
  table: PgTable,
  id: string,
  url: string,
): Promise<void> {
  await executor.execute(sql`
    UPDATE ${table}
       SET attached_files = (
             SELECT coalesce(jsonb_agg(entry ORDER BY position), '[]'::jsonb)
               FROM jsonb_array_elements(attached_files) WITH ORDINALITY AS item(entry, position)
              WHERE entry->>'url' IS DISTINCT FROM ${url}),
           updated_at = greatest(date_trunc('milliseconds', clock_timestamp()), updated_at + interval '1 millisecond')
     WHERE id = ${id} AND attached_files @> ${JSON.stringify([{ url }])}::jsonb`);
}

/** What the files module needs from a record that carries attached files. */
export interface AttachmentOwner {
  /** The record exists and is not deleted. */
  exists(id: string): Promise<boolean>;
  /** Appends inside `executor` (a transaction); false when the record is gone. */
  appendFile(executor: Database, id: string, entry: AttachedFile): Promise<boolean>;
  removeFile(executor: Database, id: string, url: string): Promise<void>;
}

/** The port of a context whose repository finds its live records and keeps their files. */
export const attachmentOwnerOf = (repository: {
  findLive(id: string): Promise<unknown>;
  appendAttachedFile(executor: Database, id: string, entry: AttachedFile): Promise<boolean>;
  removeAttachedFile(executor: Database, id: string, url: string): Promise<void>;
}): AttachmentOwner => ({
  exists: async (id) => Boolean(await repository.findLive(id)),
  appendFile: (executor, id, entry) => repository.appendAttachedFile(executor, id, entry),
  removeFile: (executor, id, url) => repository.removeAttachedFile(executor, id, url),
});

/**
 * A record's files in its view (ADR 0112): `attachedFiles` the file URLs in their order, as the
 * client reads them, from the same stored list that {@link FILES_VIEW_FIELD} shows whole.
 */
export const ATTACHED_FILE_URLS: ViewConversion = {
  sql: (column) =>
    `(SELECT coalesce(jsonb_agg(entry->'url' ORDER BY position), '[]'::jsonb)
        FROM jsonb_array_elements(${column}) WITH ORDINALITY AS item(entry, position))`,
  js: (files: AttachedFile[]) => files.map((file) => file.url),
};

/** `files`: the stored entries (name, folder, size, uploader) beside the URLs; see `filesOf`. */
export const FILES_VIEW_FIELD: ViewExtra = { key: 'files', sql: `${PAGE_ROWS}."attached_files"` };

/** The value of {@link FILES_VIEW_FIELD} for a single record's `toView`. */
export const filesOf = (row: { attachedFiles: AttachedFile[] }) => ({ files: row.attachedFiles });
