import type { AttachedFile } from '@registra/domain';
import { sql } from 'drizzle-orm';
import { date, index, jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** A calendar date travelling as 'YYYY-MM-DD' (api-conventions.md "Records"). */
export const calendarDate = (name: string) => date(name, { mode: 'string' });

/**
 * Set by the application (millisecond precision, like the ISO strings the API sends) so that the
 * `updatedAt` a client sends back compares equal for optimistic concurrency.
 */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$defaultFn(() => new Date()),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$defaultFn(() => new Date()),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
};

export type { AttachedFile };

export const attachedFilesColumn = () =>
  jsonb('attached_files')
    .$type<AttachedFile[]>()
    .notNull()
    .default(sql`'[]'::jsonb`);

/**
 * Lower-cased, accent-free text the name searches run on (trigram-indexed). Kept by the
 * repositories on every write, because unaccent() is not immutable and cannot be indexed.
 */
export const searchTextColumn = () => text('search_text').notNull().default('');

/**
 * An index of a table's live rows only (`deleted_at IS NULL`), the rows every list reads:
 * `liveIndex(table, 'tasks_updated_idx', table.updatedAt, table.id)`.
 */
export const liveIndex = (
  table: { deletedAt: AnyPgColumn },
  name: string,
  ...columns: Parameters<ReturnType<typeof index>['on']>
) =>
  index(name)
    .on(...columns)
    .where(sql`${table.deletedAt} IS NULL`);
