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
