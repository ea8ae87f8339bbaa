import { Inject, Injectable } from '@nestjs/common';
import type { EmailEvent } from '@registra/domain';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { DATABASE } from '../platform/database/database';
import type { Database } from '../platform/database/database';
import { PAGE_ROWS } from '../platform/database/json-view';
import { readViews } from '../platform/database/search';
import type { PageRange } from '../platform/http/envelope';
import { MAIL_ACTIVITY_VIEW, MAIL_VIEW } from './mail.view';
import { mailEvents, mailOutbox } from './mail.schema';
import type { MailRow, NewMailRow } from './mail.schema';

/** The outcome of one attempt, written with the row's new status in one transaction. */
interface AttemptOutcome {
  event: EmailEvent;
  attempt: number;
  detail: string;
  at: Date;
}

@Injectable()
export class MailRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Inserts a queued mail. With a dedupe key already used, nothing is inserted and the existing
   * row is answered: a re-run scheduled job never makes a second mail.
   */
  async insert(values: NewMailRow): Promise<{ row: MailRow; created: boolean }> {
    const [row] = await this.db
      .insert(mailOutbox)
      .values(values)
      .onConflictDoNothing({
        target: mailOutbox.dedupeKey,
        where: sql`${mailOutbox.dedupeKey} IS NOT NULL`,
      })
      .returning();
    if (row) return { row, created: true };
    const [existing] = await this.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, values.dedupeKey ?? ''))
      .limit(1);
    return { row: existing, created: false };
  }

  /**
   * Takes the row for one attempt: only a queued row (or a failed one an operator retries from the
   * dashboard) moves to `sent`, so two deliveries of one job can never both send.
   */
  async claim(id: string, at: Date): Promise<MailRow | undefined> {
    const [row] = await this.db
      .update(mailOutbox)
      .set({ status: 'sent', attempts: sql`${mailOutbox.attempts} + 1`, updatedAt: at })
      .where(and(eq(mailOutbox.id, id), inArray(mailOutbox.status, ['queued', 'failed'])))
      .returning();
    return row;
  }

  async markDelivered(id: string, messageId: string, outcome: AttemptOutcome): Promise<void> {
    await this.record(
      id,
      // The one-time secrets went out with the mail: the outbox keeps nothing of them.
      { status: 'delivered', messageId, error: null, secretParams: null, updatedAt: outcome.at },
      outcome,
    );
  }

  /** A failed attempt with attempts left: back to `queued` until the job's backoff retries it. */
  async markRetrying(id: string, error: string, outcome: AttemptOutcome): Promise<void> {
    await this.record(id, { status: 'queued', error, updatedAt: outcome.at }, outcome);
  }

  async markFailed(id: string, error: string, outcome: AttemptOutcome): Promise<void> {
    await this.record(
      id,
      { status: 'failed', error, secretParams: null, updatedAt: outcome.at },
      outcome,
    );
  }

  /** Queued rows untouched since `before`, oldest first: the sweeper's work list. */
  async staleQueued(before: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'queued'), lt(mailOutbox.updatedAt, before)))
      .orderBy(mailOutbox.updatedAt)
      .limit(limit);
    return rows.map((row) => row.id);
  }

  /**
   * Rows a worker took (`sent`) and never finished, a process that died mid-send: queued again,
   * because a mail sent twice costs less than a reminder never sent.
   */
  async releaseAbandoned(before: Date, at: Date): Promise<string[]> {
    const rows = await this.db
      .update(mailOutbox)
      .set({ status: 'queued', updatedAt: at })
      .where(and(eq(mailOutbox.status, 'sent'), lt(mailOutbox.updatedAt, before)))
      .returning({ id: mailOutbox.id });
    return rows.map((row) => row.id);
  }

  /**
   * Every attempt outcome, newest first: a page of the activity's JSON text (ADR 0090). With a
   * viewer (a staff member who is no administrator), the mails about another staff account
   * (invitations, resets) are left out.
   */
  async activity(
    { offset, limit }: PageRange,
    viewer: string | null,
  ): Promise<{ items: string[]; total: number }> {
    const visible = viewer
      ? sql`WHERE NOT ${mailOutbox.accountMail} OR lower(${mailOutbox.to}) = lower(${viewer})`
      : sql``;
    const items = await readViews(
      this.db,
      MAIL_ACTIVITY_VIEW,
      sql`SELECT ${mailEvents}.*, ${mailOutbox.to} AS mail_to, ${mailOutbox.subject} AS mail_subject,
                 ${mailOutbox.tag} AS mail_tag, ${mailOutbox.messageId} AS mail_message_id
            FROM ${mailEvents} JOIN ${mailOutbox} ON ${mailOutbox.id} = ${mailEvents.mailId}
           ${visible}
           ORDER BY ${mailEvents.at} DESC, ${mailEvents.id} DESC
           LIMIT ${limit} OFFSET ${offset}`,
      sql`${sql.raw(PAGE_ROWS)}.at DESC, ${sql.raw(PAGE_ROWS)}.id DESC`,
    );
    const [{ total }] = viewer
      ? await this.db
          .select({ total: sql<number>`count(*)::int` })
          .from(mailEvents)
          .innerJoin(mailOutbox, eq(mailOutbox.id, mailEvents.mailId))
          .where(sql`NOT ${mailOutbox.accountMail} OR lower(${mailOutbox.to}) = lower(${viewer})`)
      : await this.db.select({ total: sql<number>`count(*)::int` }).from(mailEvents);
    return { items, total };
  }

  /**
   * Mails sent to an address or asked for by the user of that address, newest first, each as
   * its view's JSON text with its latest event.
   */
  forAddress(email: string, limit: number): Promise<string[]> {
    return readViews(
      this.db,
      MAIL_VIEW,
      sql`SELECT mail.*, (
            SELECT latest.event FROM ${mailEvents} AS latest
             WHERE latest.mail_id = mail.id
             ORDER BY latest.at DESC, latest.id DESC
             LIMIT 1) AS last_event
            FROM ${mailOutbox} AS mail
           WHERE lower(mail.to) = lower(${email}) OR lower(mail.requested_by_email) = lower(${email})
           ORDER BY mail.created_at DESC, mail.id DESC
           LIMIT ${limit}`,
      sql`${sql.raw(PAGE_ROWS)}.created_at DESC, ${sql.raw(PAGE_ROWS)}.id DESC`,
    );
  }

  private async record(
    id: string,
    values: Partial<NewMailRow>,
    outcome: AttemptOutcome,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(mailOutbox).set(values).where(eq(mailOutbox.id, id));
      await tx.insert(mailEvents).values({
        mailId: id,
        event: outcome.event,
        attempt: outcome.attempt,
        detail: outcome.detail.slice(0, 1000),
        at: outcome.at,
      });
    });
  }

  /** Delivered mails last changed before `before` (their events go with them). */
  /**
   * Mails written and not yet delivered nor failed (`queued`, `sent`), and the age of the oldest in
   * seconds, for the metrics: an index range scan of mail_outbox_status_idx over the two statuses,
   * whose rows are few unless delivery is stuck (which is what the numbers are for).
   */
  async unsentBacklog(): Promise<{ count: number; oldestSeconds: number }> {
    const [row] = await this.db
      .select({
        count: sql<number>`count(*)::int`,
        oldestSeconds: sql<number>`coalesce(extract(epoch from now() - min(${mailOutbox.createdAt})), 0)::float8`,
      })
      .from(mailOutbox)
      .where(inArray(mailOutbox.status, ['queued', 'sent']));
    return { count: Number(row.count), oldestSeconds: Math.max(0, Number(row.oldestSeconds)) };
  }

  async deleteDeliveredMails(before: Date): Promise<number> {
    const rows = await this.db
      .delete(mailOutbox)
      .where(and(eq(mailOutbox.status, 'delivered'), lt(mailOutbox.updatedAt, before)))
      .returning({ id: mailOutbox.id });
    return rows.length;
  }
}
