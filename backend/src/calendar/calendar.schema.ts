import type { CalendarFeedScope, CalendarKind } from '@registra/domain';
import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, jsonList, requiredReference, timestamptz } from '../platform/database/columns';
import { users } from '../users/users.schema';

/**
 * A user's private calendar feed (iCalendar): the address holds a long random token shown once;
 * only its SHA-256 is kept, so the table read by someone else opens no feed (ADR 0107). Revoking
 * sets `revoked_at`; the address then answers 404.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: idColumn(),
    userId: requiredReference('user_id', () => users.id),
    tokenHash: text('token_hash').notNull(),
    scope: text('scope').$type<CalendarFeedScope>().notNull(),
    kinds: jsonList<CalendarKind>('kinds'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastFetchedAt: timestamptz('last_fetched_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (table) => [
    uniqueIndex('calendar_feeds_token_hash_idx').on(table.tokenHash),
    index('calendar_feeds_user_idx')
      .on(table.userId, table.createdAt)
      .where(sql`${table.revokedAt} IS NULL`),
  ],
);

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;
