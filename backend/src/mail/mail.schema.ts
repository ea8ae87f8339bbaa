import { EMAIL_EVENTS, MAIL_STATUSES } from '@registra/domain';
import type { MailStatus } from '@registra/domain';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  idColumn,
  jsonObject,
  jsonValue,
  requiredReference,
  timestamps,
  timestamptz,
} from '../platform/database/columns';
import { auditTrail } from '../platform/audit/audit-trail';

// The statuses are the domain's, whose words the screens show; re-exported for the context.
export { MAIL_STATUSES };
export type { MailStatus };

/** JSON a template parameter may hold (the digest passes lists of rows). */
export type MailParamValue =
  string | number | boolean | null | MailParamValue[] | { [key: string]: MailParamValue };
export type MailParams = Record<string, MailParamValue>;

/**
 * The outbox (ADR 0006): every mail is a row before it is a queue job, so neither Redis nor the
 * mail server being down can lose it. `queued` waits for a worker (or the sweeper); `sent` is a
 * worker holding it while the SMTP server answers; `delivered` is the server's 250 (or the outbox
 * itself without SMTP_URL); `failed` is final, with the reason in `error`.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: idColumn(),
    to: text('to').notNull(),
    /** Rendered when queued, so lists show what the recipient sees. */
    subject: text('subject').notNull(),
    template: text('template').notNull(),
    params: jsonObject<MailParams>('params'),
    /**
     * The one-time secrets of the mail (a sign-up or reset link), kept only until it is sent or
     * has failed for good: `params` holds the redacted copy in their place. Never audited.
     */
    secretParams: jsonValue<MailParams>('secret_params'),
    /** A mail about a staff account (invitation, reset): its recipient and administrators only. */
    accountMail: boolean('account_mail').notNull().default(false),
    language: text('language', { enum: ['en', 'fr'] }).notNull(),
    tag: text('tag'),
    /** A snapshot of who asked (null for the scheduler); the e-mail serves GET /user/emails/{email}. */
    requestedById: uuid('requested_by_id'),
    requestedByName: text('requested_by_name'),
    requestedByEmail: text('requested_by_email'),
    /**
     * The organization a mail sent from its page is about: the mail shows in its history. No
     * foreign key: the outbox outlives a record's merge, and the audit keeps the id anyway.
     */
    organizationId: uuid('organization_id'),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('queued'),
    messageId: text('message_id'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    /** Makes a scheduled mail (the daily digest) exist once whatever re-runs its job. */
    dedupeKey: text('dedupe_key'),
    /**
     * When the retention review erased the body (subject, values): the envelope (date, template,
     * recipient) stays.
     */
    bodyErasedAt: timestamptz('body_erased_at'),
    createdAt: timestamps.createdAt,
    updatedAt: timestamps.updatedAt,
  },
  (table) => [
    index('mail_outbox_created_at_idx').on(table.createdAt),
    index('mail_outbox_to_idx').on(sql`lower(${table.to})`),
    index('mail_outbox_requested_by_email_idx').on(sql`lower(${table.requestedByEmail})`),
    // The sweeper's question: which rows of a status have not moved for a while.
    index('mail_outbox_status_idx').on(table.status, table.updatedAt),
    uniqueIndex('mail_outbox_dedupe_key_idx')
      .on(table.dedupeKey)
      .where(sql`${table.dedupeKey} IS NOT NULL`),
  ],
);

/** One line per delivery attempt's outcome: the activity list (docs/product/mail.md). */
export const mailEvents = pgTable(
  'mail_events',
  {
    id: idColumn(),
    mailId: requiredReference('mail_id', () => mailOutbox.id, { onDelete: 'cascade' }),
    event: text('event', { enum: EMAIL_EVENTS }).notNull(),
    attempt: integer('attempt').notNull(),
    at: timestamptz('at')
      .notNull()
      .defaultNow()
      .$defaultFn(() => new Date()),
    detail: text('detail'),
  },
  (table) => [
    index('mail_events_at_idx').on(table.at),
    index('mail_events_mail_idx').on(table.mailId),
  ],
);

export type MailRow = typeof mailOutbox.$inferSelect;
export type NewMailRow = typeof mailOutbox.$inferInsert;
export type MailEventRow = typeof mailEvents.$inferSelect;

/** A queued e-mail is in the history; its delivery attempts are not changes anyone made. */
export const mailAuditTrail = auditTrail(mailOutbox, {
  recordType: 'email',
  insertAction: 'email queued',
  label: ['subject'],
  related: ['organizationId'],
  hidden: ['secretParams'],
  events: 'INSERT',
  restorable: false,
});
