// Record shapes of the calendar in the OpenAPI document (libs/domain/src/contract/calendar.ts).
import { CALENDAR_FEED_SCOPES, CALENDAR_KINDS, CALENDAR_STATES } from '@registra/domain';
import { ASSIGNED_USER } from '../organizations/organizations.openapi';
import { api } from '../platform/http/openapi';

export const CALENDAR_ITEM = api.record('CalendarItem', {
  kind: api.enum(CALENDAR_KINDS),
  date: api.date,
  state: api.enum(CALENDAR_STATES),
  recordType: api.enum(['organization', 'followUp', 'subscription', 'shareEntry']),
  recordId: api.id,
  organizationId: api.id,
  organizationName: api.string,
  title: api.string,
  assignedTo: api.array(ASSIGNED_USER),
});

const feed = {
  _id: api.id,
  scope: api.enum(CALENDAR_FEED_SCOPES),
  kinds: api.array(api.enum(CALENDAR_KINDS)),
  createdAt: api.timestamp,
  lastFetchedAt: api.nullableTimestamp,
};

export const CALENDAR_FEED_VIEW = api.record('CalendarFeedView', feed);

/** A feed as created: its address, shown this once. */
export const CALENDAR_FEED_CREATED = api.record('CalendarFeedCreated', {
  ...feed,
  url: { type: 'string', description: 'The .ics address, shown once' },
});
