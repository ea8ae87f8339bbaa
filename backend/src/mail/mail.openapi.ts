// Record shapes of the outbox in the OpenAPI document (libs/domain/src/contract/mail.ts).
import { EMAIL_EVENTS } from '@registra/domain';
import { api } from '../platform/http/openapi';
import { MAIL_STATUSES } from './mail.schema';

const event = api.enum(EMAIL_EVENTS);

export const MAIL_ACTIVITY_VIEW = api.record('MailActivityView', {
  date: api.timestamp,
  email: api.string,
  subject: api.string,
  event,
  tag: api.nullableString,
  messageId: api.nullableString,
});

export const MAIL_VIEW = api.record('MailView', {
  _id: api.id,
  to: api.string,
  subject: api.string,
  status: api.enum(MAIL_STATUSES),
  date: api.timestamp,
  event: api.nullable(event),
  tag: api.nullableString,
  messageId: api.nullableString,
});

/** What a send answers: the first recipient's outbox row, and every recipient. */
export const SENT_MAIL = api.record('SentMail', {
  _id: api.id,
  status: api.enum(MAIL_STATUSES),
  recipients: { ...api.array(api.string), description: 'emailTo, then the extra recipients' },
});

export const MAIL_PREVIEW = api.object({ htmlContent: api.string, subject: api.string });
