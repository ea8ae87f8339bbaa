import type { CalendarFeedScope, CalendarKind, CalendarState } from '../rules/calendar';
import type { AssignedUser } from './people-organizations';

/** The record a calendar item opens. */
export type CalendarRecordType = 'organization' | 'followUp' | 'subscription' | 'shareEntry';

/** One dated obligation of GET /api/calendar. */
export interface CalendarItem {
  kind: CalendarKind;
  /** YYYY-MM-DD. */
  date: string;
  state: CalendarState;
  recordType: CalendarRecordType;
  recordId: string;
  organizationId: string;
  organizationName: string;
  title: string;
  /** The follow-up's assignee, or the organization's users for the other kinds. */
  assignedTo: AssignedUser[];
}

/** GET /api/calendar's answer: the items by date, and whether the answer was cut. */
export interface CalendarAnswer {
  ok: true;
  data: CalendarItem[];
  truncated: boolean;
  /**
   * Asked for one user's items (`user`): whether anything in the whole book is assigned to them
   * (a live organization lists them, or an active follow-up is theirs), whatever the range; null
   * asked for everybody's.
   */
  anythingAssigned: boolean | null;
}

/** A calendar feed as GET /api/calendar/feeds lists it (its address is shown once, on creation). */
export interface CalendarFeedView {
  _id: string;
  scope: CalendarFeedScope;
  kinds: CalendarKind[];
  createdAt: string;
  lastFetchedAt: string | null;
}
