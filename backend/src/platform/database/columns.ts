import type { AttachedFile } from '@registra/domain';
import { sql } from 'drizzle-orm';
import { date, index, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AnyPgColumn, ReferenceConfig } from 'drizzle-orm/pg-core';

/** The table's key: a random UUID that PostgreSQL draws (gen_random_uuid()). */
export const idColumn = () => uuid('id').primaryKey().defaultRandom();

/** The id of the row of another table this row belongs to: never null, a foreign key. */
export const requiredReference = (
  name: string,
  target: () => AnyPgColumn,
  actions?: ReferenceConfig['actions'],
) => uuid(name).notNull().references(target, actions);

/** A JSON array, never null, empty to start with. */
export const jsonList = <T>(name: string) =>
  jsonb(name)
    .$type<T[]>()
    .notNull()
    .default(sql`'[]'::jsonb`);

/** A JSON object, never null, empty to start with. */
export const jsonObject = <T extends object>(name: string) =>
  jsonb(name)
    .$type<T>()
    .notNull()
    .default(sql`'{}'::jsonb`);

/** A JSON value of type `T`, or null. */
export const jsonValue = <T>(name: string) => jsonb(name).$type<T>();

/** A moment in time: every timestamp of the schema keeps its time zone. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** A calendar date travelling as 'YYYY-MM-DD' (api-conventions.md "Records"). */
export const calendarDate = (name: string) => date(name, { mode: 'string' });

/**
 * Set by the application (millisecond precision, like the ISO strings the API sends) so that the
 * `updatedAt` a client sends back compares equal for optimistic concurrency.
 */
export const timestamps = {
  createdAt: timestamptz('created_at')
    .notNull()
    .defaultNow()
    .$defaultFn(() => new Date()),
  updatedAt: timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$defaultFn(() => new Date()),
  deletedAt: timestamptz('deleted_at'),
};

export type { AttachedFile };

export const attachedFilesColumn = () => jsonList<AttachedFile>('attached_files');

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
