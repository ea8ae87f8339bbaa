import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditTrail } from '../platform/audit/audit-trail';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'staff'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    // One live account per address; a deleted account frees its address.
    uniqueIndex('users_email_live_idx')
      .on(sql`lower(${table.email})`)
      .where(sql`${table.deletedAt} IS NULL`),
    index('users_last_name_idx').on(table.lastName),
  ],
);

/**
 * A signed-in session. Each token names its session (`sid`); logout revokes the session, so that
 * token stops working at once while the user's other sessions go on (ADR 0003).
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('user_sessions_user_idx').on(table.userId),
    // Housekeeping prunes expired sessions.
    index('user_sessions_expires_at_idx').on(table.expiresAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type UserSessionRow = typeof userSessions.$inferSelect;

/**
 * Failed sign-ins per e-mail address (lower-cased), whether or not an account uses it: the
 * per-account lock then tells nothing about which addresses exist.
 */
export const signInFailures = pgTable('sign_in_failures', {
  emailKey: text('email_key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/** Accounts' changes in the history; the password hash and the last sign-in are never a change. */
export const usersAuditTrail = auditTrail(users, {
  recordType: 'user',
  insertAction: 'sign-up',
  hidden: ['passwordHash', 'lastLoginAt'],
  label: ['firstName', 'lastName'],
});
