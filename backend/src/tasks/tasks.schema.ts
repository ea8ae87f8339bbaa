import type { TaskStatus } from '@registra/domain';
import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.schema';
import { people } from '../people/people.schema';
import {
  attachedFilesColumn,
  idColumn,
  liveIndex,
  requiredReference,
  searchTextColumn,
  timestamps,
} from '../platform/database/columns';
import { auditTrail } from '../platform/audit/audit-trail';

/** A task of the board (docs/product/tasks.md). */
export const tasks = pgTable(
  'tasks',
  {
    id: idColumn(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').$type<TaskStatus>().notNull().default('TO DO'),
    organizationId: uuid('organization_id').references(() => organizations.id),
    /** Stored alongside the id, as the API's record has it. */
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
    liveIndex(table, 'tasks_status_updated_idx', table.status, table.updatedAt, table.id),
    // A column's count for one user: the column's ids and the user's task ids both in id order,
    // merged up to the bound instead of hashing every task of the user (ADR 0149).
    liveIndex(table, 'tasks_status_id_idx', table.status, table.id),
    liveIndex(table, 'tasks_updated_idx', table.updatedAt, table.id),
    index('tasks_search_text_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
    index('tasks_organization_idx').on(table.organizationId),
    index('tasks_people_idx').on(table.peopleId),
  ],
);

/** A task's changes show in its own history and in its organization's and person's. */
export const tasksAuditTrail = auditTrail(tasks, {
  recordType: 'task',
  hidden: ['searchText'],
  label: ['title'],
  related: ['organizationId', 'peopleId'],
});

/**
 * The users a task is assigned to, one row each, in the order the task lists them, with the name
 * the account had when it was assigned (the task record shows both). Written by the application
 * with the task, in its transaction; a user's board column joins it on the user's index.
 */
export const taskUsers = pgTable(
  'task_users',
  {
    taskId: requiredReference('task_id', () => tasks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    userName: text('user_name').notNull().default(''),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.taskId, table.userId] }),
    index('task_users_user_idx').on(table.userId, table.taskId),
  ],
);

export type TaskRow = typeof tasks.$inferSelect;
export type NewTaskRow = typeof tasks.$inferInsert;
