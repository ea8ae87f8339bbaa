// Record shapes of tasks in the OpenAPI document (libs/domain/src/contract/tasks.ts).
import { TASK_STATUSES } from '@registra/domain';
import { ATTACHED_FILE, withFilesAsSent } from '../files/files.openapi';
import { ASSIGNED_USER } from '../organizations/organizations.openapi';
import {
  apiArray,
  apiEnum,
  apiId,
  apiInteger,
  apiNullableId,
  apiNullableString,
  apiObject,
  apiSchema,
  apiString,
  apiTimestamp,
} from '../platform/http/openapi';

const task = apiObject({
  _id: apiId,
  title: apiString,
  description: apiString,
  status: apiEnum(TASK_STATUSES),
  users: apiArray(ASSIGNED_USER),
  organizationId: apiNullableId,
  organizationName: apiNullableString,
  peopleId: apiNullableId,
  peopleName: apiNullableString,
  attachedFiles: apiArray(ATTACHED_FILE),
  createdAt: apiTimestamp,
  updatedAt: apiTimestamp,
});

export const TASK_VIEW = apiSchema('TaskView', task);
/** What an update answers. */
export const TASK_ANSWER = apiSchema('TaskAnswer', withFilesAsSent(task));
export const TASK_SENT = apiObject({ queued: apiInteger });
