// Record shapes of tasks in the OpenAPI document (libs/domain/src/contract/tasks.ts).
import { TASK_STATUSES } from '@registra/domain';
import { ATTACHED_FILE, withFilesAsSent } from '../files/files.openapi';
import { ASSIGNED_USER } from '../organizations/organizations.openapi';
import { api } from '../platform/http/openapi';

const task = api.object({
  _id: api.id,
  title: api.string,
  description: api.string,
  status: api.enum(TASK_STATUSES),
  users: api.array(ASSIGNED_USER),
  organizationId: api.nullableId,
  organizationName: api.nullableString,
  peopleId: api.nullableId,
  peopleName: api.nullableString,
  attachedFiles: api.array(ATTACHED_FILE),
  createdAt: api.timestamp,
  updatedAt: api.timestamp,
});

export const TASK_VIEW = api.schema('TaskView', task);
/** What an update answers. */
export const TASK_ANSWER = api.schema('TaskAnswer', withFilesAsSent(task));
export const TASK_SENT = api.object({ queued: api.integer });
