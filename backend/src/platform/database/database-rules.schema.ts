import { boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * Which version of the database rules (functions and triggers, platform/database/routines) the
 * database holds: the hash of what was applied. A start whose rules hash the same changes nothing.
 */
export const databaseRules = pgTable('database_rules', {
  single: boolean('single').primaryKey().default(true),
  hash: text('hash').notNull(),
  appliedAt: timestamptz('applied_at').notNull().defaultNow(),
});
