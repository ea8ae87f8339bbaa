import type { TaskView } from '@registra/domain';
import type { TaskRow } from './tasks.schema';

export type { TaskView };

export function toTaskView(row: TaskRow): TaskView {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    users: row.users,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    peopleId: row.peopleId,
    peopleName: row.peopleName,
    attachedFiles: row.attachedFiles,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
