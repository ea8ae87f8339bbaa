// Record shapes of the calendar in the OpenAPI document (libs/domain/src/contract/calendar.ts).
import { CALENDAR_FEED_SCOPES, CALENDAR_KINDS, CALENDAR_STATES } from '@registra/domain';
import { ASSIGNED_USER } from '../organizations/organizations.openapi';
import {
  apiArray,
  apiDate,
  apiEnum,
  apiId,
  apiNullableTimestamp,
  apiObject,
  apiSchema,
  apiString,
  apiTimestamp,
} from '../platform/http/openapi';

export const CALENDAR_ITEM = apiSchema(
  'CalendarItem',
  apiObject({
    kind: apiEnum(CALENDAR_KINDS),
    date: apiDate,
    state: apiEnum(CALENDAR_STATES),
    recordType: apiEnum(['organization', 'followUp', 'subscription']),
    recordId: apiId,
    organizationId: apiId,
    organizationName: apiString,
    title: apiString,
    assignedTo: apiArray(ASSIGNED_USER),
  }),
);

const feed = {
  _id: apiId,
  scope: apiEnum(CALENDAR_FEED_SCOPES),
  kinds: apiArray(apiEnum(CALENDAR_KINDS)),
  createdAt: apiTimestamp,
  lastFetchedAt: apiNullableTimestamp,
};

export const CALENDAR_FEED_VIEW = apiSchema('CalendarFeedView', apiObject(feed));

/** A feed as created: its address, shown this once. */
export const CALENDAR_FEED_CREATED = apiSchema(
  'CalendarFeedCreated',
  apiObject({ ...feed, url: { type: 'string', description: 'The .ics address, shown once' } }),
);
