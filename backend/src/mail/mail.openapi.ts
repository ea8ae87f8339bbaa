// Record shapes of the outbox in the OpenAPI document (libs/domain/src/contract/mail.ts).
import { EMAIL_EVENTS } from '@registra/domain';
import {
  apiEnum,
  apiId,
  apiNullable,
  apiNullableString,
  apiObject,
  apiSchema,
  apiString,
  apiTimestamp,
} from '../platform/http/openapi';
import { MAIL_STATUSES } from './mail.schema';

const event = apiEnum(EMAIL_EVENTS);

export const MAIL_ACTIVITY_VIEW = apiSchema(
  'MailActivityView',
  apiObject({
    date: apiTimestamp,
    email: apiString,
    subject: apiString,
    event,
    tag: apiNullableString,
    messageId: apiNullableString,
  }),
);

export const MAIL_VIEW = apiSchema(
  'MailView',
  apiObject({
    _id: apiId,
    to: apiString,
    subject: apiString,
    status: apiEnum(MAIL_STATUSES),
    date: apiTimestamp,
    event: apiNullable(event),
    tag: apiNullableString,
    messageId: apiNullableString,
  }),
);

export const QUEUED_MAIL = apiSchema(
  'QueuedMail',
  apiObject({ _id: apiId, status: apiEnum(MAIL_STATUSES) }),
);

export const MAIL_PREVIEW = apiObject({ htmlContent: apiString, subject: apiString });
