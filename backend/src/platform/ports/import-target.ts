import type { WrittenVersion } from '../database/unchanged-soft-delete';

/**
 * How the import writes the records of a context (organizations, people, links) through that
 * context's own service, and takes them back on undo. Rows are written in batches; every method
 * runs in the caller's transaction.
 */
export interface ImportWrite {
  /** The id the import chose (so rows of one batch can refer to each other before the insert). */
  id: string;
  values: Record<string, unknown>;
}

export interface ImportTarget {
  /** Inserts the records; answers each one's `updatedAt` as written. */
  create(records: readonly ImportWrite[]): Promise<Map<string, Date>>;
  /**
   * Sets the given fields of a live record (the others keep their values); answers the fields'
   * previous values and the record's new `updatedAt`, or undefined when it is not live.
   */
  update(
    id: string,
    values: Record<string, unknown>,
  ): Promise<{ previous: Record<string, unknown>; writtenAt: Date } | undefined>;
  /**
   * Deletes the records the import created, in one statement, except those changed since their
   * `writtenAt`; answers the ids deleted.
   */
  undoCreates(records: readonly WrittenVersion[]): Promise<Set<string>>;
  /** Puts back the fields an import updated, unless the record changed since; false then. */
  undoUpdate(id: string, previous: Record<string, unknown>, writtenAt: Date): Promise<boolean>;
  /** The record's name, for the list of records undo left alone. */
  label(id: string): Promise<string>;
}

/** The repository calls `importTargetOver` writes a context's records with. */
export interface ImportTargetRepository<Row extends { id: string; updatedAt: Date }, New> {
  insertMany(rows: New[]): Promise<Array<{ id: string; updatedAt: Date }>>;
  findLive(id: string): Promise<Row | undefined>;
  update(id: string, values: Partial<New>, expectedUpdatedAt: Date): Promise<Row | undefined>;
  softDeleteUnchanged(records: readonly WrittenVersion[], at: Date): Promise<Set<string>>;
}

/** What the context itself says of its records to `importTargetOver`. */
export interface ImportTargetRecords<Row, New> {
  /**
   * The values derived from a whole record (search text, duplicate key...) once `next` is
   * written, recomputed as on every other write; `current` undefined for a new record.
   */
  derive(current: Row | undefined, next: Partial<New>): Partial<New>;
  label(row: Row): string;
}

/**
 * The import's port for a context whose records are written whole by id with an optimistic
 * `updatedAt` check: an update keeps the fields' previous values, and undo puts them back (or
 * deletes a created record) only while the record has not changed since the import wrote it.
 */
export function importTargetOver<Row extends { id: string; updatedAt: Date }, New>(
  repository: ImportTargetRepository<Row, New>,
  records: ImportTargetRecords<Row, New>,
): ImportTarget {
  /** Writes `values` over the live record with its derived values; undefined when it changed. */
  const writeOver = (current: Row, values: Partial<New>): Promise<Row | undefined> =>
    repository.update(
      current.id,
      { ...values, ...records.derive(current, { ...current, ...values }), updatedAt: new Date() },
      current.updatedAt,
    );
  return {
    create: async (writes) => {
      const now = new Date();
      const rows = await repository.insertMany(
        writes.map(({ id, values }) => {
          const fields = values as Partial<New>;
          return {
            ...fields,
            id,
            ...records.derive(undefined, fields),
            createdAt: now,
            updatedAt: now,
          } as New;
        }),
      );
      return new Map(rows.map((row) => [row.id, row.updatedAt]));
    },
    update: async (id, values) => {
      const current = await repository.findLive(id);
      if (!current) return undefined;
      const changes = values as Partial<New>;
      const previous = Object.fromEntries(
        Object.keys(changes).map((key) => [key, current[key as keyof Row] ?? null]),
      );
      const row = await writeOver(current, changes);
      return row && { previous, writtenAt: row.updatedAt };
    },
    undoCreates: (written) => repository.softDeleteUnchanged(written, new Date()),
    undoUpdate: async (id, previous, writtenAt) => {
      const current = await repository.findLive(id);
      if (!current || current.updatedAt.getTime() !== writtenAt.getTime()) return false;
      return Boolean(await writeOver(current, previous as Partial<New>));
    },
    label: async (id) => {
      const row = await repository.findLive(id);
      return row ? records.label(row) : '';
    },
  };
}
