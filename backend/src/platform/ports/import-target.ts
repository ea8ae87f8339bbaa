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
  /** Deletes a record the import created, unless it changed since `writtenAt`; false then. */
  undoCreate(id: string, writtenAt: Date): Promise<boolean>;
  /** Puts back the fields an import updated, unless the record changed since; false then. */
  undoUpdate(id: string, previous: Record<string, unknown>, writtenAt: Date): Promise<boolean>;
  /** The record's name, for the list of records undo left alone. */
  label(id: string): Promise<string>;
}

/**
 * What a context hands `importTargetOver` so that the import writes its records as its other
 * writes do: the repository's calls, and the values derived from a whole record (search text,
 * duplicate key...) recomputed on every write.
 */
export interface ImportTargetRecords<Row extends { id: string; updatedAt: Date }, New> {
  insertMany(rows: New[]): Promise<Array<{ id: string; updatedAt: Date }>>;
  findLive(id: string): Promise<Row | undefined>;
  update(id: string, values: Partial<New>, expectedUpdatedAt: Date): Promise<Row | undefined>;
  softDeleteIfUnchanged(id: string, expectedUpdatedAt: Date, at: Date): Promise<boolean>;
  /** The derived values of a record (`current` undefined: a new one) once `next` is written. */
  derive(current: Row | undefined, next: Partial<New>): Partial<New>;
  label(row: Row): string;
}

/**
 * The import's port for a context whose records are written whole by id with an optimistic
 * `updatedAt` check: an update keeps the fields' previous values, and undo puts them back (or
 * deletes a created record) only while the record has not changed since the import wrote it.
 */
export function importTargetOver<Row extends { id: string; updatedAt: Date }, New>(
  records: ImportTargetRecords<Row, New>,
): ImportTarget {
  /** Writes `values` over the live record with its derived values; undefined when it changed. */
  const writeOver = (current: Row, values: Partial<New>): Promise<Row | undefined> =>
    records.update(
      current.id,
      { ...values, ...records.derive(current, { ...current, ...values }), updatedAt: new Date() },
      current.updatedAt,
    );
  return {
    create: async (writes) => {
      const now = new Date();
      const rows = await records.insertMany(
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
      const current = await records.findLive(id);
      if (!current) return undefined;
      const changes = values as Partial<New>;
      const previous = Object.fromEntries(
        Object.keys(changes).map((key) => [key, current[key as keyof Row] ?? null]),
      );
      const row = await writeOver(current, changes);
      return row && { previous, writtenAt: row.updatedAt };
    },
    undoCreate: (id, writtenAt) => records.softDeleteIfUnchanged(id, writtenAt, new Date()),
    undoUpdate: async (id, previous, writtenAt) => {
      const current = await records.findLive(id);
      if (!current || current.updatedAt.getTime() !== writtenAt.getTime()) return false;
      return Boolean(await writeOver(current, previous as Partial<New>));
    },
    label: async (id) => {
      const row = await records.findLive(id);
      return row ? records.label(row) : '';
    },
  };
}
