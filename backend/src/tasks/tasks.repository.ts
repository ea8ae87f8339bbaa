import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { organizations } from '../organizations/organizations.schema';
import { people } from '../people/people.schema';
import { appendAttachedFile, removeAttachedFile } from '../platform/database/attached-files';
import type { AttachedFile } from '../platform/database/columns';
import { LiveRecords } from '../platform/database/live-records';
import { DATABASE } from '../platform/database/database';
import type { Database } from '../platform/database/database';
import { applyFilters } from '../platform/database/list-filters';
import type { ListFilters } from '../platform/database/list-filters';
import { containsText, searchBoxCondition, totalBound } from '../platform/database/search';
import type { ListPlan, ListTotal } from '../platform/database/search';
import { TASK_USERS_JSON, TASK_VIEW } from './task.view';
import { PAGE_ROWS } from '../platform/database/json-view';
import { rowsFromJson } from '../platform/database/json-rows';
import type { AssignedUser } from '@registra/domain';
import type { TaskSortField } from './dto/task.dto';
import { tasks, taskUsers } from './tasks.schema';
import type { TaskRow } from './tasks.schema';

export interface TaskFilters {
  search?: string;
  /** The top bar's search box (searchBoxCondition). */
  searchBox?: string;
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

/** A task row with its assigned users, in the task's order. */
export interface TaskWithUsers {
  row: TaskRow;
  users: AssignedUser[];
}

/** The task list's filters (list-filters.ts): every field of TaskFilters has its entry. */
const TASK_FILTERS: ListFilters<TaskFilters> = {
  search: (term) => containsText(tasks.searchText, term),
  searchBox: (term) => ({ where: searchBoxCondition(tasks.searchText, term) }),
  // A user's tasks through the user's index of task_users.
  userId: (userId) => ({
    where: sql`EXISTS (SELECT 1 FROM ${taskUsers} WHERE ${taskUsers.taskId} = ${tasks.id}
      AND ${taskUsers.userId} = ${userId})`,
  }),
  status: (status) => ({ where: eq(tasks.status, status as TaskRow['status']) }),
};

/** A tasks list's sort. */
type TaskSort = { field: TaskSortField; order: 'asc' | 'desc' };

@Injectable()
export class TasksRepository extends LiveRecords<typeof tasks, TaskFilters, TaskSort> {
  constructor(@Inject(DATABASE) db: Database) {
    super(db, tasks, TASK_VIEW);
  }

  /** A live task with its assigned users. */
  async findLiveWithUsers(id: string): Promise<TaskWithUsers | undefined> {
    const rows = sql.raw(PAGE_ROWS);
    const result = (await this.db.execute(sql`
      SELECT to_json(${rows}) AS "row", ${sql.raw(TASK_USERS_JSON)} AS "users"
      FROM ${tasks} AS ${rows}
      WHERE ${rows}.id = ${id} AND ${rows}.deleted_at IS NULL`)) as unknown as {
      rows: { row: Record<string, unknown>; users: AssignedUser[] }[];
    };
    const [found] = result.rows;
    return found && { row: rowsFromJson(tasks, [found.row])[0], users: found.users };
  }

  /** A task's assigned users, in their order. */
  async assignedUsers(taskId: string): Promise<AssignedUser[]> {
    return this.db
      .select({ userId: taskUsers.userId, userName: taskUsers.userName })
      .from(taskUsers)
      .where(eq(taskUsers.taskId, taskId))
      .orderBy(taskUsers.position);
  }

  /** The task's assigned users become `users`, in their order (in the caller's transaction). */
  async replaceUsers(taskId: string, users: AssignedUser[]): Promise<void> {
    await this.db.delete(taskUsers).where(eq(taskUsers.taskId, taskId));
    if (users.length === 0) return;
    await this.db.insert(taskUsers).values(
      users.map((user, position) => ({
        taskId,
        userId: user.userId,
        userName: user.userName,
        position,
      })),
    );
  }

  /** The tasks list's page ({@link searchViews}). */
  search(
    filters: TaskFilters,
    sort: TaskSort,
    page: { offset: number; limit: number },
  ): Promise<{ items: string[] } & ListTotal> {
    return this.searchViews(filters, sort, page);
  }

  /**
   * A filtered list (by column, user or text) counts its matches, side by side with the page.
   * The unfiltered list (the dashboard's latest tasks) reads the maintained live count (ADR
   * 0081). Each task, with its users, is written by PostgreSQL (TASK_VIEW).
   */
  protected plan(filters: TaskFilters, sort: TaskSort): ListPlan {
    const { conditions, filtered } = applyFilters(TASK_FILTERS, filters);
    return {
      where: and(live, ...conditions),
      filtered,
      sort: { column: SORT_COLUMNS[sort.field], order: sort.order },
      sortMatches: false,
      // A board column, a user's or a text matches a share of the tasks: counted up to a bound.
      boundedTotal: totalBound(filters.search),
    };
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

  /** Merging duplicates: the tasks of the merged-away record point at the kept one. */
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
}
