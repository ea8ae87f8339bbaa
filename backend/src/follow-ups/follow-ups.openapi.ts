// Record shapes of follow-ups in the OpenAPI document (libs/domain/src/contract/follow-ups.ts).
import { FOLLOW_UP_HISTORY_ACTIONS } from '@registra/domain';
import { api } from '../platform/http/openapi';

const HISTORY_ENTRY = api.record(
  'FollowUpHistoryEntry',
  {
    action: api.enum(FOLLOW_UP_HISTORY_ACTIONS),
    date: api.timestamp,
    from_first_name: api.string,
    from_last_name: api.string,
    last_step_index: api.nullable(api.integer),
    current_step_index: api.nullable(api.integer),
    assigned_to_user_name: api.nullableString,
    last_assigned_to_user_name: api.nullableString,
    field: api.string,
    automatic: api.boolean,
  },
  ['field', 'automatic'],
);

export const FOLLOW_UP_VIEW = api.record('FollowUpView', {
  _id: api.id,
  name: { type: 'string', description: 'The catalogue type key (AR_TRADING…)' },
  organization_id: api.id,
  organization_name: api.string,
  step_index: api.integer,
  max_step_index: api.integer,
  completed: api.boolean,
  start_date: api.nullableDate,
  ARD: api.nullableDate,
  deadline: api.nullableDate,
  comments: api.string,
  user_id: api.nullableId,
  user_name: api.nullableString,
  archived_at: api.nullableTimestamp,
  history: api.array(HISTORY_ENTRY),
  createdAt: api.timestamp,
  updatedAt: api.timestamp,
});

/** The list's summary, beside the page of follow-ups. */
export const FOLLOW_UP_SUMMARY = api.record('FollowUpSummary', {
  total: api.integer,
  inProgress: api.integer,
  completed: api.integer,
  late: api.integer,
  dueSoon: api.integer,
});

export const ANNUAL_RETURN_START_PREVIEW = api.record('AnnualReturnStartPreview', {
  organizationId: api.id,
  organizationName: api.string,
  ard: api.date,
  startsOn: api.date,
  followUpName: api.string,
  assignedTo: api.nullable(api.object({ userId: api.id, userName: api.string })),
});
