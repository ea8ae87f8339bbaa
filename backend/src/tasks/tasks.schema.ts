import type { AssignedUser, TaskStatus } from '@registra/domain';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.schema';
import { people } from '../people/people.schema';
import { attachedFilesColumn, searchTextColumn, timestamps } from '../platform/database/columns';

/** A task of the board (spec 02 section 3 "Task"). */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').$type<TaskStatus>().notNull().default('TO DO'),
    users: jsonb('users')
      .$type<AssignedUser[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    organizationId: uuid('organization_id').references(() => organizations.id),
    /** Stored alongside the id, as the spec's record has it. */
    organizationName: text('organization_name'),
    peopleId: uuid('people_id').references(() => people.id),
    peopleName: text('people_name'),
    attachedFiles: attachedFilesColumn(),
    /** Title and description, folded for the board's search. */
    searchText: searchTextColumn(),
    createdById: uuid('created_by_id'),
    ...timestamps,
  },
  (table) => [
    // A board column: one status, newest change first (the index read backwards).
    index('tasks_status_updated_idx')
      .on(table.status, table.updatedAt, table.id)
      .where(sql`${table.deletedAt} IS NULL`),
    index('tasks_updated_idx')
      .on(table.updatedAt, table.id)
      .where(sql`${table.deletedAt} IS NULL`),
    index('tasks_users_idx').using('gin', table.users.op('jsonb_path_ops')),
    index('tasks_search_text_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
    index('tasks_organization_idx').on(table.organizationId),
    index('tasks_people_idx').on(table.peopleId),
  ],
);

/**
 * Who each live task is assigned to, one row per assigned user, with the task's board column:
 * kept by triggers on `tasks` (migration `narrow_tables_custom`, ADR 0097), never written by
 * the API. A user's column counts its tasks in the primary key alone instead of rechecking the
 * `users` JSON of every task the JSON index finds. `user_id` is the `userId` text of the task's
 * `users` entry, as the JSON filter compares it.
 */
export const taskAssignments = pgTable(
  'task_assignments',
  {
    userId: text('user_id').notNull(),
    status: text('status').$type<TaskStatus>().notNull(),
    taskId: uuid('task_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.status, table.taskId] }),
    index('task_assignments_task_idx').on(table.taskId),
  ],
);

export type TaskRow = typeof tasks.$inferSelect;
export type NewTaskRow = typeof tasks.$inferInsert;
