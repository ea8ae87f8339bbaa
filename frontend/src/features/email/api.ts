import type { MailActivityView } from '@registra/domain';
import { api } from '../../lib/api';
import type { ListAnswer } from '../../types/api';

/** One delivery event of GET /user/emails/activity (docs/api/mail.md). */
export type EmailActivity = MailActivityView;

export interface EmailActivityRequest {
  page: number;
  limit: number;
}

export const emailApi = api.injectEndpoints({
  endpoints: (build) => ({
    emailActivity: build.query<ListAnswer<EmailActivity>, EmailActivityRequest>({
      query: ({ page, limit }) => ({ url: '/user/emails/activity', params: { page, limit } }),
      // A mail sent from an organization invalidates 'Email'.
      providesTags: ['Email'],
    }),
  }),
});

export const { useEmailActivityQuery } = emailApi;
