import { Inject, Injectable } from '@nestjs/common';
import { desc, eq, sql } from 'drizzle-orm';
import { DATABASE } from '../platform/database/database';
import type { Database } from '../platform/database/database';
import { files } from './files.schema';
import type { FileRow, NewFileRow } from './files.schema';

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
    const [row] = await this.db.select().from(files).where(eq(files.id, id)).limit(1);
    return row;
  }

  async delete(executor: Database, id: string): Promise<FileRow | undefined> {
    const [row] = await executor.delete(files).where(eq(files.id, id)).returning();
    return row;
  }

  async recent(offset: number, limit: number): Promise<{ rows: FileRow[]; total: number }> {
    const rows = await this.db
      .select()
      .from(files)
      .orderBy(desc(files.createdAt), desc(files.id))
      .limit(limit)
      .offset(offset);
    const [{ total }] = await this.db.select({ total: sql<number>`count(*)::int` }).from(files);
    return { rows, total };
  }
}
