import type { FollowUpView } from '@registra/domain';
import type { FollowUpWithOrganization } from './follow-ups.repository';

export type { FollowUpView };

/** A follow-up as the API shows it (spec field names: snake_case, ARD in capitals). */
export function toFollowUpView({ row, organizationName }: FollowUpWithOrganization): FollowUpView {
  return {
    _id: row.id,
    name: row.name,
    organization_id: row.organizationId,
    organization_name: organizationName,
    step_index: row.stepIndex,
    max_step_index: row.maxStepIndex,
    completed: row.completed,
    start_date: row.startDate,
    ARD: row.ard,
    deadline: row.deadline,
    comments: row.comments,
    user_id: row.userId,
    user_name: row.userName,
    archived_at: row.archivedAt ? row.archivedAt.toISOString() : null,
    history: row.history,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
