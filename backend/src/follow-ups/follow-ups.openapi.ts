// Record shapes of follow-ups in the OpenAPI document (libs/domain/src/contract/follow-ups.ts).
import { FOLLOW_UP_HISTORY_ACTIONS } from '@registra/domain';
import {
  apiArray,
  apiBoolean,
  apiDate,
  apiEnum,
  apiId,
  apiInteger,
  apiNullable,
  apiNullableDate,
  apiNullableId,
  apiNullableString,
  apiNullableTimestamp,
  apiObject,
  apiSchema,
  apiString,
  apiTimestamp,
} from '../platform/http/openapi';

const HISTORY_ENTRY = apiSchema(
  'FollowUpHistoryEntry',
  apiObject(
    {
      action: apiEnum(FOLLOW_UP_HISTORY_ACTIONS),
      date: apiTimestamp,
      from_first_name: apiString,
      from_last_name: apiString,
      last_step_index: apiNullable(apiInteger),
      current_step_index: apiNullable(apiInteger),
      assigned_to_user_name: apiNullableString,
      last_assigned_to_user_name: apiNullableString,
      field: apiString,
      automatic: apiBoolean,
    },
    ['field', 'automatic'],
  ),
);

export const FOLLOW_UP_VIEW = apiSchema(
  'FollowUpView',
  apiObject({
    _id: apiId,
    name: { type: 'string', description: 'The catalogue type key (AR_TRADING…)' },
    organization_id: apiId,
    organization_name: apiString,
    step_index: apiInteger,
    max_step_index: apiInteger,
    completed: apiBoolean,
    start_date: apiNullableDate,
    ARD: apiNullableDate,
    deadline: apiNullableDate,
    comments: apiString,
    user_id: apiNullableId,
    user_name: apiNullableString,
    archived_at: apiNullableTimestamp,
    history: apiArray(HISTORY_ENTRY),
    createdAt: apiTimestamp,
    updatedAt: apiTimestamp,
  }),
);

/** The list's summary, beside the page of follow-ups. */
export const FOLLOW_UP_SUMMARY = apiSchema(
  'FollowUpSummary',
  apiObject({
    total: apiInteger,
    inProgress: apiInteger,
    completed: apiInteger,
    late: apiInteger,
    dueSoon: apiInteger,
  }),
);

export const ANNUAL_RETURN_START_PREVIEW = apiSchema(
  'AnnualReturnStartPreview',
  apiObject({
    organizationId: apiId,
    organizationName: apiString,
    ard: apiDate,
    startsOn: apiDate,
    followUpName: apiString,
    assignedTo: apiNullable(apiObject({ userId: apiId, userName: apiString })),
  }),
);
