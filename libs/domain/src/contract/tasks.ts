import type { TaskStatus } from '../enums';
import type { AssignedUser, AttachedFile } from './people-organizations';

/** A task as the API shows it (docs/api/tasks.md). */
export interface TaskView {
  _id: string;
  title: string;
  description: string;
  status: TaskStatus;
  /** The assigned users (userId, userName). */
  users: AssignedUser[];
  organizationId: string | null;
  organizationName: string | null;
  peopleId: string | null;
  peopleName: string | null;
  attachedFiles: AttachedFile[];
  createdAt: string;
  updatedAt: string;
}
