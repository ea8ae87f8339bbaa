import { Inject, Injectable } from '@nestjs/common';
import type { CalendarFeedScope, CalendarKind } from '@registra/domain';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { DATABASE } from '../platform/database/database';
import type { Database } from '../platform/database/database';
import { calendarFeeds, type CalendarFeedRow } from './calendar.schema';

/** The calendar feeds' rows: created, listed and revoked by their owner, found by token hash. */
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

  /** The live feed of a token's hash, noting that it was fetched. */
  async fetchedByHash(tokenHash: string): Promise<CalendarFeedRow | undefined> {
    const [row] = await this.db
      .update(calendarFeeds)
      .set({ lastFetchedAt: sql`now()` })
      .where(and(eq(calendarFeeds.tokenHash, tokenHash), isNull(calendarFeeds.revokedAt)))
      .returning();
    return row;
  }
}
