import { Inject, Injectable } from '@nestjs/common';
import { and, eq, lt, sql } from 'drizzle-orm';
import { mailOutbox } from '../../mail/mail.schema';
import { userSessions } from '../../users/users.schema';
import { DATABASE } from '../database/database';
import type { Database } from '../database/database';
import { housekeepingRuns } from './housekeeping.schema';

@Injectable()
export class HousekeepingRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Claims `day` for this instance; false when another run (here or elsewhere) has it. */
  async claim(day: string): Promise<boolean> {
    const rows = await this.db
      .insert(housekeepingRuns)
      .values({ day })
      .onConflictDoNothing()
      .returning({ day: housekeepingRuns.day });
    return rows.length > 0;
  }

  /** Sessions past their expiry: no token can use them any more. */
  async deleteExpiredSessions(now: Date): Promise<number> {
    const rows = await this.db
      .delete(userSessions)
      .where(lt(userSessions.expiresAt, now))
      .returning({ id: userSessions.id });
    return rows.length;
  }

  /** Delivered mails last changed before `before` (their events go with them). */
  async deleteDeliveredMails(before: Date): Promise<number> {
    const rows = await this.db
      .delete(mailOutbox)
      .where(and(eq(mailOutbox.status, 'delivered'), lt(mailOutbox.updatedAt, before)))
      .returning({ id: mailOutbox.id });
    return rows.length;
  }

  async record(day: string, counts: { expiredSessions: number; deliveredMails: number }) {
    await this.db
      .update(housekeepingRuns)
      .set(counts)
      .where(eq(housekeepingRuns.day, sql`${day}::date`));
  }
}
