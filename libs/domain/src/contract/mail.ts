import type { EmailEvent } from '../enums';

/** A line of GET /user/emails/activity (docs/api/mail.md). */
export interface MailActivityView {
  /** When the attempt ended (ISO 8601); the client shows it dd-MM-yyyy. */
  date: string;
  email: string;
  subject: string;
  event: EmailEvent;
  tag: string | null;
  messageId: string | null;
}
