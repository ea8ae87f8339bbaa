import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { InferInsertModel, InferSelectModel, SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { anyRow } from './any-row';
import { readRowsInBatches } from './cursor';
import type { Database } from './database';
import type { JsonView } from './json-view';
import { listViewFirst, listViewPage } from './search';
import type { ListPlan, ListTotal } from './search';
import { softDeleteLive } from './soft-delete';
import type { SoftDeletable } from './soft-delete';

/**
 * The repository of a kind of record that is deleted softly, written whole with an optimistic
 * `updatedAt` (versioned-update.ts) and listed as its view's JSON text (ADR 0090): the reads and
 * writes by id every such kind has, written once. The repository says how its list reads
 * (`plan`), and adds its own statements.
 */
export abstract class LiveRecords<Table extends SoftDeletable, Filters, Sort> {
  constructor(
    protected readonly db: Database,
    protected readonly table: Table,
    private readonly view: JsonView<Table>,
  ) {}

  /** How a search of the list reads: its conditions, sort and count. */
  protected abstract plan(filters: Filters, sort: Sort): ListPlan;

  async insert(values: InferInsertModel<Table>): Promise<InferSelectModel<Table>> {
    const [row] = await this.db
      .insert(this.table)
      .values(values as PgInsertValue<Table>)
      .returning();
    return row as InferSelectModel<Table>;
  }

  /** An import's batch of new records in one statement: each one's id and `updatedAt`. */
  async insertMany(
    values: InferInsertModel<Table>[],
  ): Promise<Array<{ id: string; updatedAt: Date }>> {
    if (values.length === 0) return [];
    const rows = await this.db
      .insert(this.table)
      .values(values as PgInsertValue<Table>[])
      .returning({ id: this.table.id, updatedAt: this.table.updatedAt });
    return rows as Array<{ id: string; updatedAt: Date }>;
  }

  async findLive(id: string): Promise<InferSelectModel<Table> | undefined> {
    const [row] = await this.db
      .select()
      .from(this.table as PgTable)
      .where(this.liveWithId(id))
      .limit(1);
    return row as InferSelectModel<Table> | undefined;
  }

  /** True when the record exists and was deleted (its address then says so). */
  isDeleted(id: string): Promise<boolean> {
    return anyRow(this.db, this.table, this.deletedWithId(id));
  }

  /** The live record, locked until the transaction ends: two writers of it take turns. */
  async findLiveForUpdate(id: string): Promise<InferSelectModel<Table> | undefined> {
    const [row] = await this.db
      .select()
      .from(this.table as PgTable)
      .where(this.liveWithId(id))
      .limit(1)
      .for('update');
    return row as InferSelectModel<Table> | undefined;
  }

  /**
   * Writes `values` when the record is live and still at `expectedUpdatedAt`. Undefined: nothing
   * was written (missing, deleted or changed meanwhile).
   */
  async update(
    id: string,
    values: Partial<InferInsertModel<Table>>,
    expectedUpdatedAt: Date,
  ): Promise<InferSelectModel<Table> | undefined> {
    const rows = await this.db
      .update(this.table)
      .set(values as PgUpdateSetSource<Table>)
      .where(this.liveWithId(id, eq(this.table.updatedAt, expectedUpdatedAt)))
      .returning();
    return (rows as InferSelectModel<Table>[])[0];
  }

  softDelete(id: string, at: Date): Promise<boolean> {
    return softDeleteLive(this.db, this.table, id, at);
  }

  /** A page of the list, each record as its view's JSON text, and the total. */
  searchViews(
    filters: Filters,
    sort: Sort,
    page: { offset: number; limit: number },
  ): Promise<{ items: string[] } & ListTotal> {
    return listViewPage(this.db, this.view, this.plan(filters, sort), page);
  }

  /**
   * The search box's first records in the list's order, as the view's JSON text, uncounted;
   * `newest`: a date sort, newest first, whose newest records are read first (listViewFirst).
   */
  firstViews(filters: Filters, sort: Sort, limit: number, newest = false): Promise<string[]> {
    return listViewFirst(this.db, this.view, this.plan(filters, sort), limit, newest);
  }

  /**
   * Every record the filters match, in the list's order, read through a cursor batch by batch
   * (the CSV export: uncapped, never all in memory).
   */
  exportInBatches(
    filters: Filters,
    sort: Sort,
    onBatch: (rows: InferSelectModel<Table>[]) => Promise<void>,
  ): Promise<number> {
    const plan = this.plan(filters, sort);
    return readRowsInBatches(this.db, this.table, plan.where, plan.sort, onBatch);
  }

  /** The live record with this id (and the conditions of `also`). */
  protected liveWithId(id: string, ...also: SQL[]): SQL | undefined {
    return and(eq(this.table.id, id), isNull(this.table.deletedAt), ...also);
  }

  /** The record with this id, deleted. */
  protected deletedWithId(id: string): SQL | undefined {
    return and(eq(this.table.id, id), isNotNull(this.table.deletedAt));
  }
}

/** A table whose records can be merged into another one: `merged_into` the record kept. */
type MergeableTable = SoftDeletable & { mergedInto: AnyPgColumn };

/** {@link LiveRecords} of records merged as duplicates (record-merge.ts). */
export abstract class MergeableRecords<
  Table extends MergeableTable,
  Filters,
  Sort,
> extends LiveRecords<Table, Filters, Sort> {
  /** Soft-deletes a record merged into `into`; false when it was not live. */
  markMerged(id: string, into: string, at: Date): Promise<boolean> {
    return softDeleteLive(this.db, this.table, id, at, {
      mergedInto: into,
    } as PgUpdateSetSource<Table>);
  }

  /**
   * A deleted record's fate: null when no record has this id or it is live; otherwise the
   * record it was merged into, or null when it was simply deleted.
   */
  async deletion(id: string): Promise<{ mergedInto: string | null } | null> {
    const [row] = await this.db
      .select({ mergedInto: this.table.mergedInto })
      .from(this.table as PgTable)
      .where(this.deletedWithId(id))
      .limit(1);
    return (row as { mergedInto: string | null } | undefined) ?? null;
  }
}
