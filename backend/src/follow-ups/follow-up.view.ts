import type { FollowUpView } from '@registra/domain';
import { JsonView, PAGE_ROWS } from '../platform/database/json-view';
import type { FollowUpWithOrganization } from './follow-ups.repository';
import { FOLLOW_UP_DERIVED_COLUMNS, followUps } from './follow-ups.schema';

export type { FollowUpView };

/**
 * A follow-up as the API shows it (snake_case field names, ARD in capitals), for a single
 * record and for a list's page written by PostgreSQL (ADR 0090). The organization's name comes
 * from the page statement's join (`organization_name` of the page's rows).
 */
export const FOLLOW_UP_VIEW = new JsonView(followUps, {
  hidden: [...FOLLOW_UP_DERIVED_COLUMNS, 'deadlineRemindedFor', 'createdById', 'deletedAt'],
  renamed: {
    organizationId: 'organization_id',
    stepIndex: 'step_index',
    maxStepIndex: 'max_step_index',
    startDate: 'start_date',
    ard: 'ARD',
    userId: 'user_id',
    userName: 'user_name',
    archivedAt: 'archived_at',
  },
  extras: [{ key: 'organization_name', sql: `${PAGE_ROWS}.organization_name` }],
});

export function toFollowUpView({ row, organizationName }: FollowUpWithOrganization): FollowUpView {
  return FOLLOW_UP_VIEW.toView(row, {
    organization_name: organizationName,
  }) as unknown as FollowUpView;
}
