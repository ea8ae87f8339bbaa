import type {
  AnnualReturnStartPreview,
  CalendarAnswer,
  CalendarKind,
  FirmSettingsView,
} from '@registra/domain';
import { api } from '../../lib/api';
import type { OkAnswer } from '../../types/api';

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
        anythingAssigned: answer.anythingAssigned,
      }),
      // Any change to a dated record may move an item.
      providesTags: ['Organization', 'FollowUp', 'Subscription'],
    }),
    /** Administrators: what the annual-return job will start in the next 30 days. */
    annualReturnStarts: build.query<AnnualReturnStartPreview[], void>({
      query: () => '/calendar/annual-return-starts',
      transformResponse: (answer: OkAnswer<AnnualReturnStartPreview[]>) => answer.data,
      providesTags: ['Organization', 'FollowUp', 'FirmSettings'],
    }),
    firmSettings: build.query<FirmSettingsView, void>({
      query: () => '/settings',
      transformResponse: (answer: OkAnswer<FirmSettingsView>) => answer.data,
      providesTags: ['FirmSettings'],
    }),
    updateFirmSettings: build.mutation<FirmSettingsView, { annualReturnLeadDays: number }>({
      query: (body) => ({ url: '/settings', method: 'PUT', body }),
      transformResponse: (answer: OkAnswer<FirmSettingsView>) => answer.data,
      invalidatesTags: (_answer, error) => (error ? [] : ['FirmSettings']),
    }),
  }),
});

export const {
  useCalendarQuery,
  useAnnualReturnStartsQuery,
  useFirmSettingsQuery,
  useUpdateFirmSettingsMutation,
} = calendarApi;
