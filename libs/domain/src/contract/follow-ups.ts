import type { FollowUpHistoryAction } from '../enums';

/**
 * A follow-up history entry (docs/api/follow-ups.md): what happened, when, who did it, the step
 * before and after, and the assignee before and after.
 */
export interface FollowUpHistoryEntry {
  action: FollowUpHistoryAction;
  /** ISO timestamp. */
  date: string;
  from_first_name: string;
  from_last_name: string;
  last_step_index: number | null;
  current_step_index: number | null;
  assigned_to_user_name: string | null;
  last_assigned_to_user_name: string | null;
  /** For an 'updated' entry that moved no step: which field changed (comments, ARD, start_date). */
  field?: string;
  /** On a 'created' entry: the daily job started it (annual return before the ARD). */
  automatic?: boolean;
}

/** What the annual-return job will start (GET /api/calendar/annual-return-starts, admins). */
export interface AnnualReturnStartPreview {
  organizationId: string;
  organizationName: string;
  /** The company's ARD (YYYY-MM-DD). */
  ard: string;
  /** The day the job starts it. */
  startsOn: string;
  /** The catalogue type it starts (FIRST_AR or AR_TRADING). */
  followUpName: string;
  assignedTo: { userId: string; userName: string } | null;
}

/** A follow-up as the API shows it (docs/api/follow-ups.md). */
export interface FollowUpView {
  _id: string;
  /** The catalogue type key (AR_TRADING…). */
  name: string;
  organization_id: string;
  organization_name: string;
  step_index: number;
  max_step_index: number;
  completed: boolean;
  start_date: string | null;
  ARD: string | null;
  deadline: string | null;
  comments: string;
  user_id: string | null;
  user_name: string | null;
  archived_at: string | null;
  history: FollowUpHistoryEntry[];
  createdAt: string;
  updatedAt: string;
}

/** The list's summary (shown by default above /followUp): the counts of what the filters match. */
export interface FollowUpSummary {
  total: number;
  inProgress: number;
  completed: number;
  /** In progress with a deadline before today (Dublin). */
  late: number;
  /** In progress with a deadline from today to 7 days ahead. */
  dueSoon: number;
}

/**
 * An organization's active follow-up as the organization search embeds it with `followUps: true`
 * (followUpName, stepIndex, deadline, ARD, comments).
 */
export interface OrganizationFollowUp {
  _id: string;
  followUpName: string;
  stepIndex: number;
  deadline: string | null;
  ARD: string | null;
  comments: string;
}
