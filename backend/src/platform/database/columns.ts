import type { AttachedFile } from '@registra/domain';
import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn, ExtraConfigColumn, ReferenceConfig } from 'drizzle-orm/pg-core';

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
 * How many rows one search bucket holds ({@link searchBucketColumn}): a common text's first
 * thousand matches lie in a bucket or two, and a rare text reads one short index scan per bucket
 * (ADR 0156).
 */
export const SEARCH_BUCKET_ROWS = 20_000;

/** The name of the sequence numbering a table's rows into search buckets. */
export const searchBucketSequenceName = (table: string) => `${table}_search_bucket_seq`;

/** The sequence numbering a table's rows into search buckets, in the order they were written. */
export const searchBucketSequence = (table: string) => pgSequence(searchBucketSequenceName(table));

/**
 * A row's search bucket: its number in the order rows were written, divided by
 * {@link SEARCH_BUCKET_ROWS}, drawn from the table's sequence when the row is inserted (the
 * existing rows, in their order on disk, when the column was added). The bucket is the first
 * column of the table's trigram index, so that a text's matches can be read one bucket at a time,
 * newest first, and a count that stops at its bound reads the same few buckets whatever the size
 * of the book (ADR 0156). Never shown, never changed.
 */
export const searchBucketColumn = (table: string) =>
  integer('search_bucket')
    .notNull()
    .default(
      sql.raw(`(nextval('${searchBucketSequenceName(table)}'::regclass) / ${SEARCH_BUCKET_ROWS})`),
    );

/**
 * A table's trigram index with its search bucket first (`btree_gin`): a text alone reads it as a
 * trigram index, a text and a bucket are intersected in it (ADR 0156).
 */
export const searchBucketTextIndex = (
  name: string,
  table: { searchBucket: ExtraConfigColumn; searchText: ExtraConfigColumn },
) => index(name).using('gin', table.searchBucket, table.searchText.op('gin_trgm_ops'));

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
