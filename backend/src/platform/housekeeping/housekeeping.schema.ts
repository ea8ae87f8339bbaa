import { date, integer, pgTable } from 'drizzle-orm/pg-core';
import { timestamptz } from '../database/columns';

/**
 * One row per day the housekeeping ran (ADR 0082): the instance that inserts the day's row does
 * the pruning, so it runs once across instances however many crons fire.
 */
export const housekeepingRuns = pgTable('housekeeping_runs', {
  day: date('day', { mode: 'string' }).primaryKey(),
  startedAt: timestamptz('started_at').notNull().defaultNow(),
  expiredSessions: integer('expired_sessions').notNull().default(0),
  deliveredMails: integer('delivered_mails').notNull().default(0),
  importFiles: integer('import_files').notNull().default(0),
});
