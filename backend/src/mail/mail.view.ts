import type { EmailEvent, MailActivityView } from '@registra/domain';
import { JsonView, PAGE_ROWS } from '../platform/database/json-view';
import { mailEvents, mailOutbox } from './mail.schema';
import type { MailStatus } from './mail.schema';

/** A line of GET /user/emails/activity (the shared contract). */
export type { MailActivityView };

/** A mail of GET /user/emails/{email}: its current status and latest event ({@link MAIL_VIEW}). */
export interface MailView {
  _id: string;
  to: string;
  subject: string;
  status: MailStatus;
  /** When it was queued (ISO 8601). */
  date: string;
  event: EmailEvent | null;
  tag: string | null;
  messageId: string | null;
}

export interface QueuedMail {
  _id: string;
  status: MailStatus;
}

/**
 * A line of the activity: one delivery event, with its mail's address, subject, tag and
 * message id (the page statement's join, named `mail_*` on the page's rows).
 */
export const MAIL_ACTIVITY_VIEW = new JsonView(mailEvents, {
  hidden: ['id', 'mailId', 'attempt', 'detail'],
  renamed: { at: 'date' },
  extras: [
    { key: 'email', sql: `${PAGE_ROWS}.mail_to` },
    { key: 'subject', sql: `${PAGE_ROWS}.mail_subject` },
    { key: 'tag', sql: `${PAGE_ROWS}.mail_tag` },
    { key: 'messageId', sql: `${PAGE_ROWS}.mail_message_id` },
  ],
});

/**
 * A mail of GET /user/emails/{email}: its current status and latest event (`last_event` of the
 * statement's rows), when it was queued as `date`.
 */
export const MAIL_VIEW = new JsonView(mailOutbox, {
  // The columns shown, named: the outbox also keeps who asked, the template's parameters and the
  // record it was sent about, which this answer does not carry.
  shown: ['id', 'to', 'subject', 'status', 'createdAt', 'tag', 'messageId'],
  renamed: { createdAt: 'date' },
  extras: [{ key: 'event', sql: `${PAGE_ROWS}.last_event` }],
});
