import { eq, inArray, sql } from 'drizzle-orm';
import { mailOutbox } from '../src/mail/mail.schema';
import { auditLog } from '../src/platform/audit/audit.schema';
import { DATABASE } from '../src/platform/database/database';
import type { Database } from '../src/platform/database/database';
import { HousekeepingService } from '../src/platform/housekeeping/housekeeping.service';
import { userSessions } from '../src/users/users.schema';
import { createUser, startTestApp, TestApp } from './support/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The daily housekeeping (ADR 0082): once a day across instances, nothing the audit needs. */
describe('Daily housekeeping', () => {
  let t: TestApp;
  let db: Database;
  beforeAll(async () => {
    t = await startTestApp({ MAIL_RETENTION_DAYS: '1900' });
    db = t.app.get<Database>(DATABASE);
  });
  afterAll(() => t.close());

  it('prunes expired sessions and delivered mails past the retention, once per day, keeping the audit', async () => {
    const now = new Date();
    const user = await createUser(t);
    const [expired, live] = await db
      .insert(userSessions)
      .values([
        { userId: user.user._id, expiresAt: new Date(now.getTime() - DAY_MS) },
        { userId: user.user._id, expiresAt: new Date(now.getTime() + DAY_MS) },
      ])
      .returning({ id: userSessions.id });
    const mail = (status: 'delivered' | 'failed', daysAgo: number) => ({
      to: `keep.${daysAgo}@x.ie`,
      subject: `${status} ${daysAgo} days ago`,
      template: 'reminder',
      language: 'en' as const,
      status,
      updatedAt: new Date(now.getTime() - daysAgo * DAY_MS),
      createdAt: new Date(now.getTime() - daysAgo * DAY_MS),
    });
    const mails = await db
      .insert(mailOutbox)
      .values([mail('delivered', 2000), mail('delivered', 1800), mail('failed', 2000)])
      .returning({ id: mailOutbox.id });
    const auditBefore = (await db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0].n;

    // Two instances' crons on the same day: one runs, the other finds the day taken.
    const housekeeping = t.app.get(HousekeepingService);
    const day = `2099-01-${String((Date.now() % 28) + 1).padStart(2, '0')}`;
    const [first, second] = await Promise.all([
      housekeeping.runOnce(day, now),
      housekeeping.runOnce(day, now),
    ]);
    const runs = [first, second].filter((result) => result.ran);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ ran: true });

    const sessions = await db
      .select({ id: userSessions.id })
      .from(userSessions)
      .where(inArray(userSessions.id, [expired.id, live.id]));
    expect(sessions.map((row) => row.id)).toEqual([live.id]);
    const left = await db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.id,
          mails.map((row) => row.id),
        ),
      );
    expect(left.map((row) => row.subject).sort()).toEqual([
      'delivered 1800 days ago',
      'failed 2000 days ago',
    ]);
    // The audit is append-only and untouched: its rows stay, even for the pruned mail.
    const auditAfter = (await db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0].n;
    expect(auditAfter).toBeGreaterThanOrEqual(auditBefore);
    expect(
      await db.select().from(auditLog).where(eq(auditLog.recordId, mails[0].id)),
    ).not.toHaveLength(0);

    // The same day again: nothing more.
    expect(await housekeeping.runOnce(day, now)).toEqual({ ran: false });
  });
});
