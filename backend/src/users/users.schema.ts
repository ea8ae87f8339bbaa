import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, requiredReference, timestamptz } from '../platform/database/columns';
import { auditTrail } from '../platform/audit/audit-trail';

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    /** Null while an invitation is not accepted. */
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['admin', 'staff'] }).notNull(),
    status: text('status', { enum: ['INVITED', 'ACTIVE', 'DISABLED'] })
      .notNull()
      .default('ACTIVE'),
    /** Sign-in asks for an authenticator app's code (or a recovery code). */
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    lastLoginAt: timestamptz('last_login_at'),
    deletedAt: timestamptz('deleted_at'),
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
    id: idColumn(),
    userId: requiredReference('user_id', () => users.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** Idle expiry, pushed on by each refresh but never past the absolute lifetime. */
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    /** The User-Agent and client address the session started from (the account's session list). */
    userAgent: text('user_agent'),
    address: text('address'),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
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
 * One-time links: an invitation's sign-up link and a password-reset link. Only the SHA-256 of the
 * token is kept, so the table cannot be used to sign up or reset; a used or expired row is dead.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: idColumn(),
    userId: requiredReference('user_id', () => users.id),
    purpose: text('purpose', { enum: ['invite', 'password-reset', 'totp-enrolment'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [
    uniqueIndex('user_tokens_hash_idx').on(table.tokenHash),
    index('user_tokens_user_idx').on(table.userId, table.purpose),
    index('user_tokens_expires_at_idx').on(table.expiresAt),
  ],
);

export type UserTokenPurpose = (typeof userTokens.$inferSelect)['purpose'];

/**
 * An account's TOTP secret (base32): pending until a first code confirms it. `lastTimeStep` is
 * the time step of the last code accepted, so a code cannot be used twice.
 */
export const userTotp = pgTable('user_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  secret: text('secret').notNull(),
  confirmedAt: timestamptz('confirmed_at'),
  /**
   * Another app being enrolled while this one still works: its secret waits here for its first
   * code, which makes it the account's secret.
   */
  pendingSecret: text('pending_secret'),
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** Accounts' changes in the history; the password hash and the last sign-in are never a change. */
export const usersAuditTrail = auditTrail(users, {
  recordType: 'user',
  insertAction: 'sign-up',
  hidden: ['passwordHash', 'lastLoginAt'],
  label: ['firstName', 'lastName'],
});

/** Ten one-time recovery codes per enrolment; only their SHA-256 is kept. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: idColumn(),
    userId: requiredReference('user_id', () => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [index('user_recovery_codes_user_idx').on(table.userId)],
);

export type UserTotpRow = typeof userTotp.$inferSelect;
