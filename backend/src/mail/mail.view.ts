import type { EmailEvent, MailActivityView } from '@registra/domain';
import type { ActivityRow, AddressMailRow } from './mail.repository';
import type { MailStatus } from './mail.schema';

/** A line of GET /user/emails/activity (the shared contract, spec 02 section 3). */
export type { MailActivityView };

/** A mail of GET /user/emails/{email}: its current status and latest event. */
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

export const toActivityView = (row: ActivityRow): MailActivityView => ({
  date: row.at.toISOString(),
  email: row.to,
  subject: row.subject,
  event: row.event,
  tag: row.tag,
  messageId: row.messageId,
});

export const toMailView = (row: AddressMailRow): MailView => ({
  _id: row.id,
  to: row.to,
  subject: row.subject,
  status: row.status,
  date: row.createdAt.toISOString(),
  event: row.event,
  tag: row.tag,
  messageId: row.messageId,
});
