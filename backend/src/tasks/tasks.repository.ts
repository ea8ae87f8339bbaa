import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { organizations } from '../organizations/organizations.schema';
import { people } from '../people/people.schema';
import { appendAttachedFile, removeAttachedFile } from '../platform/database/attached-files';
import type { AttachedFile } from '../platform/database/columns';
import { DATABASE } from '../platform/database/database';
import type { Database } from '../platform/database/database';
import { containsPattern, pageWithTotal } from '../platform/database/search';
import type { NarrowMatch } from '../platform/database/search';
import type { TaskSortField } from './dto/task.dto';
import { taskAssignments, tasks } from './tasks.schema';
import type { NewTaskRow, TaskRow } from './tasks.schema';

export interface TaskFilters {
  search?: string;
  userId?: string;
  status?: string;
}

const SORT_COLUMNS = {
  updatedAt: tasks.updatedAt,
  createdAt: tasks.createdAt,
  title: tasks.title,
  status: tasks.status,
};

const live = isNull(tasks.deletedAt);

@Injectable()
export class TasksRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async insert(values: NewTaskRow): Promise<TaskRow> {
    const [row] = await this.db.insert(tasks).values(values).returning();
    return row;
  }

  async findLive(id: string): Promise<TaskRow | undefined> {
    const [row] = await this.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.id, id), live))
      .limit(1);
    return row;
  }

  /** Writes `values` when the task is live and still at `expectedUpdatedAt`. */
  async update(
    id: string,
    values: Partial<NewTaskRow>,
    expectedUpdatedAt: Date,
  ): Promise<TaskRow | undefined> {
    const [row] = await this.db
      .update(tasks)
      .set(values)
      .where(and(eq(tasks.id, id), live, eq(tasks.updatedAt, expectedUpdatedAt)))
      .returning();
    return row;
  }

  async softDelete(id: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(tasks)
      .set({ deletedAt: at, updatedAt: at })
      .where(and(eq(tasks.id, id), live))
      .returning({ id: tasks.id });
    return rows.length > 0;
  }

  async search(
    filters: TaskFilters,
    sort: { field: TaskSortField; order: 'asc' | 'desc' },
    page: { offset: number; limit: number },
  ): Promise<{ rows: TaskRow[]; total: number }> {
    // A filtered list (by column, user or text) counts its matches, side by side with the page; a
    // user's tasks are counted in their assignments (ADR 0097). The unfiltered list (the
    // dashboard's latest tasks) reads the maintained live count (ADR 0081).
    const conditions = this.conditions(filters);
    return pageWithTotal(
      this.db,
      tasks,
      {
        where: and(live, ...conditions),
        filtered: conditions.length > 0,
        narrow: this.assignmentsMatch(filters, conditions),
      },
      { column: SORT_COLUMNS[sort.field], order: sort.order },
      page,
    );
  }

  /** A live person's full name, or undefined. */
  async personName(id: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ firstName: people.firstName, lastName: people.lastName })
      .from(people)
      .where(and(eq(people.id, id), isNull(people.deletedAt)))
      .limit(1);
    return row ? `${row.firstName} ${row.lastName}`.trim() : undefined;
  }

  /** Merging duplicates (issue 16): the tasks of the merged-away record point at the kept one. */
  async moveOrganization(fromId: string, toId: string, at: Date): Promise<void> {
    await this.db.execute(sql`
      UPDATE ${tasks} SET organization_id = ${toId}, updated_at = ${at},
        organization_name = (SELECT name FROM ${organizations} WHERE id = ${toId})
      WHERE organization_id = ${fromId}`);
  }

  async movePerson(fromId: string, toId: string, at: Date): Promise<void> {
    await this.db.execute(sql`
      UPDATE ${tasks} SET people_id = ${toId}, updated_at = ${at},
        people_name = (SELECT first_name || ' ' || last_name FROM ${people} WHERE id = ${toId})
      WHERE people_id = ${fromId}`);
  }

  appendAttachedFile(executor: Database, id: string, entry: AttachedFile): Promise<boolean> {
    return appendAttachedFile(executor, tasks, id, entry);
  }

  removeAttachedFile(executor: Database, id: string, url: string): Promise<void> {
    return removeAttachedFile(executor, tasks, id, url);
  }

  /**
   * The same tasks in task_assignments, when a user (and a board column) are all that filter:
   * the assignments hold nothing else to filter on.
   */
  private assignmentsMatch(f: TaskFilters, conditions: SQL[]): NarrowMatch | undefined {
    if (!f.userId) return undefined;
    const narrowed = [eq(taskAssignments.userId, f.userId)];
    if (f.status) narrowed.push(eq(taskAssignments.status, f.status as TaskRow['status']));
    if (conditions.length !== narrowed.length) return undefined;
    return { table: taskAssignments, where: and(...narrowed)! };
  }

  private conditions(f: TaskFilters): SQL[] {
    const conditions: SQL[] = [];
    if (f.search) conditions.push(sql`${tasks.searchText} LIKE ${containsPattern(f.search)}`);
    if (f.userId)
      conditions.push(sql`${tasks.users} @> ${JSON.stringify([{ userId: f.userId }])}::jsonb`);
    if (f.status) conditions.push(eq(tasks.status, f.status as TaskRow['status']));
    return conditions;
  }
}
