import type { AssignedUser, TaskView } from '@registra/domain';
import { JsonView, PAGE_ROWS } from '../platform/database/json-view';
import { tasks } from './tasks.schema';
import type { TaskRow } from './tasks.schema';

export type { TaskView };

/** The assigned users of the task named {@link PAGE_ROWS}, in their order, as JSON. */
export const TASK_USERS_JSON = `coalesce((SELECT json_agg(json_build_object('userId',
  assigned.user_id, 'userName', assigned.user_name) ORDER BY assigned.position)
  FROM task_users AS assigned WHERE assigned.task_id = ${PAGE_ROWS}.id), '[]'::json)`;

/**
 * A task as the API shows it (docs/api/tasks.md), for a single record and for a list's
 * page written by PostgreSQL (ADR 0090): its assigned users from task_users, in their order.
 */
export const TASK_VIEW = new JsonView(tasks, {
  hidden: ['searchText', 'createdById', 'deletedAt'],
  extras: [{ key: 'users', sql: TASK_USERS_JSON }],
});

export function toTaskView(row: TaskRow, users: AssignedUser[]): TaskView {
  return TASK_VIEW.toView(row, { users }) as unknown as TaskView;
}
