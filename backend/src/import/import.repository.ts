import { Inject, Injectable } from '@nestjs/common';
import type { ImportRowError } from '@registra/domain';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import { DATABASE } from '../platform/database/database';
import type { Database } from '../platform/database/database';
import { importErrors, importRecords, imports } from './import.schema';
import type { ImportRecordRow, ImportRecordUndo, ImportRow } from './import.schema';

export type NewImport = typeof imports.$inferInsert;
/** An import as the history lists it: without its check's result. */
export type ListedImport = Omit<ImportRow, 'checkResult'>;

export interface WrittenRecord {
  row: number;
  recordType: 'organization' | 'person' | 'link';
  recordId: string;
  action: 'create' | 'update';
  previous: Record<string, unknown> | null;
  writtenAt: Date;
}

/** The imports, what each run wrote and every refused row: the only SQL of the import. */
@Injectable()
export class ImportRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Imports being checked, run or undone now, for the metrics: each count is read from its own
   * partial index (imports_checking_idx, imports_running_idx, imports_undoing_idx).
   */
  async inProgress(): Promise<Record<'checking' | 'running' | 'undoing', number>> {
    const count = (status: string) =>
      sql`(SELECT count(*) FROM ${imports} WHERE ${imports.status} = ${status})::int`;
    const result = (await this.db.execute(
      sql`SELECT ${count('checking')} AS checking, ${count('running')} AS running, ${count('undoing')} AS undoing`,
    )) as unknown as { rows: { checking: number; running: number; undoing: number }[] };
    const [row] = result.rows;
    return { checking: row.checking, running: row.running, undoing: row.undoing };
  }

  async insert(values: NewImport): Promise<ImportRow> {
    const [row] = await this.db.insert(imports).values(values).returning();
    return row;
  }

  async find(id: string): Promise<ImportRow | undefined> {
    const [row] = await this.db.select().from(imports).where(eq(imports.id, id)).limit(1);
    return row;
  }

  /** Sets fields of an import; with `from`, only while it is at that status (false otherwise). */
  async update(id: string, values: Partial<NewImport>, from?: string): Promise<boolean> {
    const rows = await this.db
      .update(imports)
      .set({ ...values, updatedAt: new Date() })
      .where(from ? and(eq(imports.id, id), eq(imports.status, from)) : eq(imports.id, id))
      .returning({ id: imports.id });
    return rows.length > 0;
  }

  /**
   * One batch of a run done: its counts added and the rows read so far, in the batch's
   * transaction; only while the import is `running` at `from` rows (false otherwise: another
   * worker's run of it went on meanwhile, or it was failed, and this batch must roll back).
   */
  async addProgress(
    id: string,
    from: number,
    rowsDone: number,
    counts: { created: number; updated: number; skipped: number; failed: number },
  ): Promise<boolean> {
    const rows = await this.db
      .update(imports)
      .set({
        rowsDone,
        created: sql`${imports.created} + ${counts.created}`,
        updated: sql`${imports.updated} + ${counts.updated}`,
        skipped: sql`${imports.skipped} + ${counts.skipped}`,
        failed: sql`${imports.failed} + ${counts.failed}`,
        // A batch done: the job is not lost in a loop (ADR 0145).
        lostJobs: 0,
        updatedAt: new Date(),
      })
      .where(and(eq(imports.id, id), eq(imports.status, 'running'), eq(imports.rowsDone, from)))
      .returning({ id: imports.id });
    return rows.length > 0;
  }

  /** A page of the history, without the checks' results (GET /import/{id} gives one). */
  async page(offset: number, limit: number): Promise<{ rows: ListedImport[]; total: number }> {
    const { checkResult: _notListed, ...listed } = getTableColumns(imports);
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select(listed)
        .from(imports)
        .orderBy(desc(imports.createdAt), desc(imports.id))
        .offset(offset)
        .limit(limit),
      this.db.select({ total: sql<number>`count(*)::int` }).from(imports),
    ]);
    return { rows, total };
  }

  /** The imports a stopped server left in the middle of a job (`checking`, `running`, `undoing`). */
  async interrupted(): Promise<ImportRow[]> {
    return this.db
      .select()
      .from(imports)
      .where(inArray(imports.status, ['checking', 'running', 'undoing']));
  }

  /**
   * The sweep found the job of an import gone: one more resume, counted once however many workers
   * sweep (only while the import is still at `status` with the `lostJobs` the sweep read).
   */
  async countResume(id: string, status: string, lostJobs: number): Promise<boolean> {
    const rows = await this.db
      .update(imports)
      .set({
        resumes: sql`${imports.resumes} + 1`,
        lostJobs: sql`${imports.lostJobs} + 1`,
        waitingForQueue: false,
        updatedAt: new Date(),
      })
      .where(and(eq(imports.id, id), eq(imports.status, status), eq(imports.lostJobs, lostJobs)))
      .returning({ id: imports.id });
    return rows.length > 0;
  }

  /**
   * An import whose job was lost again and again: failed with `values` (its status and what it
   * wrote), only while still at `status` with the `lostJobs` the sweep read.
   */
  async failLost(
    id: string,
    status: string,
    lostJobs: number,
    values: Partial<NewImport>,
  ): Promise<boolean> {
    const rows = await this.db
      .update(imports)
      .set({ ...values, waitingForQueue: false, updatedAt: new Date() })
      .where(and(eq(imports.id, id), eq(imports.status, status), eq(imports.lostJobs, lostJobs)))
      .returning({ id: imports.id });
    return rows.length > 0;
  }

  /**
   * The imports whose stored file is no longer needed at `now`: finished ones past the undo
   * window or undone, and uploads never run within `unusedBefore`.
   */
  async withFileToRemove(undoneBefore: Date, unusedBefore: Date): Promise<ImportRow[]> {
    return this.db
      .select()
      .from(imports)
      .where(
        and(
          isNull(imports.fileRemovedAt),
          or(
            and(
              notInArray(imports.status, [
                'uploaded',
                'checking',
                'check_failed',
                'checked',
                'running',
                'undoing',
              ]),
              or(isNotNull(imports.undoneAt), lt(imports.finishedAt, undoneBefore)),
            ),
            and(
              inArray(imports.status, ['uploaded', 'check_failed', 'checked']),
              lt(imports.updatedAt, unusedBefore),
            ),
          ),
        ),
      )
      .orderBy(asc(imports.createdAt));
  }

  // ---------------------------------------------------------------- errors

  async clearErrors(importId: string, phase: 'check' | 'run'): Promise<void> {
    await this.db
      .delete(importErrors)
      .where(and(eq(importErrors.importId, importId), eq(importErrors.phase, phase)));
  }

  async addErrors(
    importId: string,
    phase: 'check' | 'run',
    errors: ImportRowError[],
  ): Promise<void> {
    // 1 000 rows of 5 values a statement, far under PostgreSQL's 65 535 parameters.
    for (let at = 0; at < errors.length; at += 1000) {
      await this.db
        .insert(importErrors)
        .values(errors.slice(at, at + 1000).map((error) => ({ importId, phase, ...error })));
    }
  }

  /** The errors of the latest phase that has any (the run's, else the check's), in row order. */
  async errorsInBatches(
    importId: string,
    phase: 'check' | 'run',
    onBatch: (errors: ImportRowError[]) => Promise<void>,
  ): Promise<void> {
    let after = 0;
    for (;;) {
      const rows = await this.db
        .select({
          id: importErrors.id,
          row: importErrors.row,
          column: importErrors.column,
          message: importErrors.message,
        })
        .from(importErrors)
        .where(
          and(
            eq(importErrors.importId, importId),
            eq(importErrors.phase, phase),
            gt(importErrors.id, after),
          ),
        )
        .orderBy(asc(importErrors.id))
        .limit(1000);
      if (rows.length === 0) return;
      after = rows[rows.length - 1].id;
      await onBatch(rows.map(({ row, column, message }) => ({ row, column, message })));
    }
  }

  // ---------------------------------------------------------------- written records

  /**
   * Records what a batch wrote. A record written twice by one import keeps its first action and
   * the values from before its first update, and takes the latest `written_at`.
   */
  async addRecords(importId: string, records: WrittenRecord[]): Promise<void> {
    if (records.length === 0) return;
    // The same rule within the batch (a row may update what an earlier row of the batch
    // created): one statement cannot write a row twice.
    const once = new Map<string, WrittenRecord>();
    for (const record of records) {
      const key = `${record.recordType}|${record.recordId}`;
      const first = once.get(key);
      once.set(
        key,
        first
          ? {
              ...first,
              writtenAt: record.writtenAt,
              previous:
                first.previous || record.previous
                  ? { ...record.previous, ...first.previous }
                  : null,
            }
          : record,
      );
    }
    await this.db
      .insert(importRecords)
      .values([...once.values()].map((record) => ({ importId, ...record })))
      .onConflictDoUpdate({
        target: [importRecords.importId, importRecords.recordType, importRecords.recordId],
        set: {
          writtenAt: sql`excluded.written_at`,
          previous: sql`coalesce(excluded.previous, '{}'::jsonb) || coalesce(${importRecords.previous}, '{}'::jsonb)`,
        },
      });
  }

  /** Which of these records this import wrote already (a resumed run finds its own). */
  async writtenIds(importId: string, recordIds: string[]): Promise<Set<string>> {
    if (recordIds.length === 0) return new Set();
    const rows = await this.db
      .select({ recordId: importRecords.recordId })
      .from(importRecords)
      .where(and(eq(importRecords.importId, importId), inArray(importRecords.recordId, recordIds)));
    return new Set(rows.map((row) => row.recordId));
  }

  async countRecords(importId: string): Promise<number> {
    const [{ total }] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(importRecords)
      .where(eq(importRecords.importId, importId));
    return total;
  }

  /**
   * The undo's next records, all of one type: those it has not reached yet, links first (they
   * go before the records they join), then people, then organizations, each in write order.
   */
  async recordsToUndo(importId: string, limit: number): Promise<ImportRecordRow[]> {
    for (const recordType of ['link', 'person', 'organization'] as const) {
      const rows = await this.db
        .select()
        .from(importRecords)
        .where(
          and(
            eq(importRecords.importId, importId),
            eq(importRecords.recordType, recordType),
            isNull(importRecords.undo),
          ),
        )
        .orderBy(asc(importRecords.id))
        .limit(limit);
      if (rows.length > 0) return rows;
    }
    return [];
  }

  /** What the undo did with each record of a batch, in the batch's transaction. */
  async markUndone(
    outcomes: Array<{ id: number; undo: ImportRecordUndo; label: string | null }>,
  ): Promise<void> {
    if (outcomes.length === 0) return;
    const values = sql.join(
      outcomes.map(
        (outcome) => sql`(${outcome.id}::bigint, ${outcome.undo}::text, ${outcome.label}::text)`,
      ),
      sql`, `,
    );
    await this.db.execute(sql`
      UPDATE ${importRecords} SET undo = batch.undo, label = batch.label
        FROM (VALUES ${values}) AS batch(id, undo, label)
       WHERE ${importRecords.id} = batch.id`);
  }

  /**
   * One batch of an undo done: its counts added, in the batch's transaction; only while the
   * import is `undoing` at `from` records gone through (false otherwise, as `addProgress`).
   */
  async addUndoProgress(
    id: string,
    from: number,
    counts: { done: number; deleted: number; restored: number; leftAlone: number },
  ): Promise<boolean> {
    const rows = await this.db
      .update(imports)
      .set({
        undoDone: sql`${imports.undoDone} + ${counts.done}`,
        deleted: sql`${imports.deleted} + ${counts.deleted}`,
        restored: sql`${imports.restored} + ${counts.restored}`,
        leftAlone: sql`${imports.leftAlone} + ${counts.leftAlone}`,
        lostJobs: 0,
        updatedAt: new Date(),
      })
      .where(and(eq(imports.id, id), eq(imports.status, 'undoing'), eq(imports.undoDone, from)))
      .returning({ id: imports.id });
    return rows.length > 0;
  }

  /** The records the undo left alone (they changed since the import), in write order. */
  async leftAlone(
    importId: string,
    limit: number,
  ): Promise<
    Array<{ recordType: ImportRecordRow['recordType']; recordId: string; label: string | null }>
  > {
    return this.db
      .select({
        recordType: importRecords.recordType,
        recordId: importRecords.recordId,
        label: importRecords.label,
      })
      .from(importRecords)
      .where(and(eq(importRecords.importId, importId), eq(importRecords.undo, 'left alone')))
      .orderBy(asc(importRecords.id))
      .limit(limit);
  }
}
