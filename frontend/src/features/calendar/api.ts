import type { CalendarAnswer, CalendarKind } from '@registra/domain';
import { api } from '../../app/api';
import type { ListAnswer } from '../../types/api';
import type { RecordOption } from '../../components/RecordSelect';

/** GET /calendar: the obligations of a range of days. */
export interface CalendarRequest {
  from: string;
  to: string;
  kinds: CalendarKind[];
  /** 'mine', a user's id, or '' for everybody. */
  user: string;
  organizationId: string;
}

export const calendarQueryString = (request: CalendarRequest): string => {
  const params = new URLSearchParams({ from: request.from, to: request.to });
  if (request.kinds.length) params.set('kinds', request.kinds.join(','));
  if (request.user) params.set('user', request.user);
  if (request.organizationId) params.set('organizationId', request.organizationId);
  return params.toString();
};

export const calendarApi = api.injectEndpoints({
  endpoints: (build) => ({
    calendar: build.query<Omit<CalendarAnswer, 'ok'>, CalendarRequest>({
      query: (request) => `/calendar?${calendarQueryString(request)}`,
      transformResponse: (answer: CalendarAnswer) => ({
        data: answer.data,
        truncated: answer.truncated,
      }),
      // Any change to a dated record may move an item.
      providesTags: ['Organization', 'FollowUp', 'Subscription'],
    }),
    calendarOrganizationOptions: build.query<RecordOption[], string>({
      query: (search) => ({
        url: '/organization/search',
        method: 'POST',
        body: { ...(search ? { search } : {}), limit: 50, sortField: 'name', sortOrder: 'asc' },
      }),
      transformResponse: (answer: ListAnswer<{ _id: string; name: string }>) =>
        answer.data.map(({ _id, name }) => ({ _id, name })),
    }),
  }),
});

export const { useCalendarQuery, useCalendarOrganizationOptionsQuery } = calendarApi;
