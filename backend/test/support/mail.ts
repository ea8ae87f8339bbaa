import { eq, inArray, sql } from 'drizzle-orm';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { mailOutbox } from '../../src/mail/mail.schema';
import type { MailRow } from '../../src/mail/mail.schema';
import { DATABASE } from '../../src/platform/database/database';
import type { Database } from '../../src/platform/database/database';
import { users } from '../../src/users/users.schema';
import { MAIL_QUEUE } from '../../src/mail/mail.queue';
import type { TestApp } from './test-app';

/** Polls `check` until it returns true; fails with `what` after `timeoutMs`. */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs = 15_000,
  intervalMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const database = (t: TestApp) => t.app.get<Database>(DATABASE);

/** The first user of the shared test database is admin, whichever test made it: set roles. */
export async function setRole(t: TestApp, userId: string, role: 'admin' | 'staff'): Promise<void> {
  await database(t).update(users).set({ role }).where(eq(users.id, userId));
}

export async function outboxRows(t: TestApp, ids: string[]): Promise<MailRow[]> {
  if (ids.length === 0) return [];
  return database(t).select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
}

export async function outboxRowsTo(t: TestApp, to: string): Promise<MailRow[]> {
  return database(t)
    .select()
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.to}) = lower(${to})`);
}

/** The app's `mail` queue (BullMQ), e.g. to clean a test's jobs from the machine's Redis. */
export const mailQueueOf = (t: TestApp) => t.app.get<Queue>(getQueueToken(MAIL_QUEUE));

/** A payment reminder (template 2) to `emailTo`: the body of POST /api/organization/send. */
export const paymentReminder = (emailTo: string, params: Record<string, string> = {}) => ({
  templateId: 2,
  emailTo,
  params: {
    organizationName: 'Acme Ltd',
    service: 'Domiciliation',
    reminderDate: '2026-12-01',
    ...params,
  },
});

/**
 * An organization of the book whose mail is `email`, made over HTTP: POST /organization/send
 * mails only addresses of the book (ADR 0113). Answers the organization's id.
 */
export async function organizationWithMail(
  t: TestApp,
  auth: string,
  email: string,
): Promise<string> {
  const created = await t.http
    .post('/api/organization')
    .set('Authorization', auth)
    .send({ name: `Client of ${email}` });
  const id = created.body.data?._id as string | undefined;
  if (!id) throw new Error(`the organization for ${email} was not created: ${created.status}`);
  const updated = await t.http
    .put(`/api/organization/${id}`)
    .set('Authorization', auth)
    .send({ mail: email });
  if (updated.status !== 200) throw new Error(`the mail of ${id} was not saved: ${updated.status}`);
  return id;
}
