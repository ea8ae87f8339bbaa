import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DATABASE } from '../platform/database/database';
import type { Database } from '../platform/database/database';
import { listViewPage } from '../platform/database/search';
import type { ListPlan, ListSort } from '../platform/database/search';
import { FILE_VIEW } from './file.view';
import { files } from './files.schema';
import type { FileRow, NewFileRow } from './files.schema';

const live = isNull(files.deletedAt);
/** A file id as the table holds it; any other text names no file (and is never sent as a uuid). */
const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SORT: ListSort = { column: files.createdAt, order: 'desc' };

/** Deleted files keep their row (deletedAt) for the history; their bytes are removed. */
@Injectable()
export class FilesRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Runs `work` in one transaction (the file row and the owner's attachedFiles entry together). */
  transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx as unknown as Database));
  }

  async insert(executor: Database, values: NewFileRow): Promise<FileRow> {
    const [row] = await executor.insert(files).values(values).returning();
    return row;
  }

  async find(id: string): Promise<FileRow | undefined> {
    const [row] = await this.db
      .select()
      .from(files)
      .where(and(eq(files.id, id), live))
      .limit(1);
    return row;
  }

  /** Of `ids`, those of live files, in one query on the primary key. */
  async liveIds(ids: readonly string[]): Promise<Set<string>> {
    const wellFormed = [...new Set(ids.filter((id) => FILE_ID.test(id)))];
    if (wellFormed.length === 0) return new Set();
    const rows = await this.db
      .select({ id: files.id })
      .from(files)
      .where(and(inArray(files.id, wellFormed), live));
    // The answer names ids as PostgreSQL writes them (lower case), as the files' URLs hold them.
    const found = new Set(rows.map((row) => row.id));
    return new Set(ids.filter((id) => found.has(id.toLowerCase())));
  }

  async softDelete(executor: Database, id: string, at: Date): Promise<FileRow | undefined> {
    const [row] = await executor
      .update(files)
      .set({ deletedAt: at })
      .where(and(eq(files.id, id), live))
      .returning();
    return row;
  }

  /** Marks every live file of a record deleted (the record itself is being deleted). */
  async softDeleteOwner(
    kind: 'people' | 'organization' | 'task',
    ownerId: string,
    at: Date,
  ): Promise<FileRow[]> {
    return this.db
      .update(files)
      .set({ deletedAt: at })
      .where(and(eq(files.ownerKind, kind), eq(files.ownerId, ownerId), live))
      .returning();
  }

  /** The live files, newest first, as their views' JSON text (ADR 0090), and their total. */
  recent(range: { offset: number; limit: number }): Promise<{ items: string[]; total: number }> {
    // `filtered`: the files keep no maintained count, so their live rows are counted.
    const plan: ListPlan = {
      where: live,
      filtered: true,
      sort: SORT,
      sortMatches: false,
      boundedTotal: false,
    };
    return listViewPage(this.db, FILE_VIEW, plan, range);
  }

  /**
   * Hands a merged-away record's live files to the kept record: the owner and the
   * folder's record part change, the stored bytes and the download URL stay.
   */
  async moveOwner(kind: 'people' | 'organization', fromId: string, toId: string): Promise<void> {
    const prefix = `${kind}/${fromId}`;
    await this.db.execute(sql`
      UPDATE ${files}
         SET owner_id = ${toId},
             folder = ${`${kind}/${toId}`} || substr(folder, ${prefix.length + 1})
       WHERE owner_kind = ${kind} AND owner_id = ${fromId} AND deleted_at IS NULL`);
  }
}
