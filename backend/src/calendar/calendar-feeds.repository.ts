import { Inject, Injectable } from '@nestjs/common';
import type { CalendarFeedScope, CalendarKind } from '@registra/domain';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DATABASE } from '../platform/database/database';
import type { Database } from '../platform/database/database';
import { users } from '../users/users.schema';
import { calendarFeeds, type CalendarFeedRow } from './calendar.schema';

/**
 * The calendar feeds' rows: created, listed and revoked by their owner (or with the owner's
 * account), found by token hash.
 */
@Injectable()
export class CalendarFeedsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async create(feed: {
    userId: string;
    tokenHash: string;
    scope: CalendarFeedScope;
    kinds: CalendarKind[];
  }): Promise<CalendarFeedRow> {
    const [row] = await this.db.insert(calendarFeeds).values(feed).returning();
    return row;
  }

  /** The user's feeds not revoked, newest first. */
  listActive(userId: string): Promise<CalendarFeedRow[]> {
    return this.db
      .select()
      .from(calendarFeeds)
      .where(and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)))
      .orderBy(desc(calendarFeeds.createdAt), desc(calendarFeeds.id));
  }

  /** Revokes one of the user's feeds; false when it is not theirs or already revoked. */
  async revoke(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .update(calendarFeeds)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(calendarFeeds.id, id),
          eq(calendarFeeds.userId, userId),
          isNull(calendarFeeds.revokedAt),
        ),
      )
      .returning({ id: calendarFeeds.id });
    return rows.length > 0;
  }

  /** Revokes every feed of the user still live (the account is being deactivated). */
  async revokeAllOf(userId: string): Promise<void> {
    await this.db
      .update(calendarFeeds)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)));
  }

  /**
   * The live feed of a token's hash, noting that it was fetched. A feed lives only while its
   * owner's account is active: whatever its row says, a deactivated or deleted owner's is none.
   */
  async fetchedByHash(tokenHash: string): Promise<CalendarFeedRow | undefined> {
    const activeOwners = this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.status, 'ACTIVE'), isNull(users.deletedAt)));
    const [row] = await this.db
      .update(calendarFeeds)
      .set({ lastFetchedAt: sql`now()` })
      .where(
        and(
          eq(calendarFeeds.tokenHash, tokenHash),
          isNull(calendarFeeds.revokedAt),
          inArray(calendarFeeds.userId, activeOwners),
        ),
      )
      .returning();
    return row;
  }
}
