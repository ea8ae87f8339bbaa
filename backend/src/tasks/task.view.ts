import type { AssignedUser, TaskView } from '@registra/domain';
import type { TaskRow } from './tasks.schema';

export type { TaskView };

/** A task as the API shows it, with its assigned users (task_users, in their order). */
export function toTaskView(row: TaskRow, users: AssignedUser[]): TaskView {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    users,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    peopleId: row.peopleId,
    peopleName: row.peopleName,
    attachedFiles: row.attachedFiles,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
