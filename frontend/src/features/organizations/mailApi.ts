import { api } from '../../lib/api';
import type { OkAnswer } from '../../types/api';
import type { Member } from './types';

/** A template rendered by the server (POST /organization/templates). */
export interface EmailTemplatePreview {
  htmlContent: string;
  subject: string;
}

export interface EmailTemplateRequest {
  templateId: number;
  params?: Record<string, string>;
}

export interface SendEmailRequest {
  templateId: number;
  /** An address of the book: the organization's mail or a linked person's. */
  emailTo: string;
  params: Record<string, string>;
  /** The organization the mail is about: the send shows in its history. */
  organizationId?: string;
  /** Addresses outside the book, named on purpose in the form (the server refuses others). */
  extraRecipients?: string[];
}

/** The outbox row the server wrote; its queue delivers it later. */
export interface QueuedEmail {
  _id: string;
  status: string;
  /** Every address the mail went to: `emailTo`, then the extra recipients. */
  recipients?: string[];
}

/**
 * The organization's e-mails: the signup-app invitation (General tab) and the payment reminders
 * (Payments tab). Apart from organizations/api.ts so that the mail work does not touch it; the
 * endpoint names are distinct because the one createApi keeps only the first of two same names.
 */
export const organizationMailApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A mutation, not a query: a preview is asked for by a click and never shared or cached.
    previewEmailTemplate: build.mutation<EmailTemplatePreview, EmailTemplateRequest>({
      query: (body) => ({ url: '/organization/templates', method: 'POST', body }),
      transformResponse: (answer: OkAnswer<EmailTemplatePreview>) => answer.data,
    }),
    sendOrganizationEmail: build.mutation<QueuedEmail, SendEmailRequest>({
      query: (body) => ({ url: '/organization/send', method: 'POST', body }),
      transformResponse: (answer: OkAnswer<QueuedEmail>) => answer.data,
      // The e-mail activity and the account's sent e-mails now hold one more.
      invalidatesTags: (_answer, error) => (error ? [] : ['Email']),
    }),
    /** The organization's directors; the first one is the signup link's. */
    organizationDirectors: build.query<Member[], string>({
      query: (organizationId) => ({
        url: '/linkpeopleorganization/search',
        method: 'POST',
        body: { organizationId, roles: ['director'] },
      }),
      transformResponse: (answer: OkAnswer<Member[]>) => answer.data,
      // Every link write invalidates 'Link' by type: new roles or names show up here too.
      providesTags: ['Link'],
    }),
  }),
});

export const {
  usePreviewEmailTemplateMutation,
  useSendOrganizationEmailMutation,
  useOrganizationDirectorsQuery,
} = organizationMailApi;
