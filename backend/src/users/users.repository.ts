import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, gt, ilike, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { DATABASE } from '../platform/database/database';
import { escapeLike } from '../platform/database/search';
import type { Database, DatabaseHandle } from '../platform/database/database';
import { DATABASE_HANDLE } from '../platform/database/database.module';
import {
  userRecoveryCodes,
  UserRow,
  UserSessionRow,
  userSessions,
  users,
  userTokens,
  userTotp,
} from './users.schema';
import type { UserTotpRow, UserTokenPurpose } from './users.schema';
import type { SortOrder, UserRole, UserSortField, UserStatus } from '@registra/domain';

export interface NewUser {
  /** Chosen by the service, so the sign-up's audit row can name the new user as its author. */
  id?: string;
  firstName: string;
  lastName: string;
  email: string;
  /** Null for an invited user, until the invitation is accepted. */
  passwordHash: string | null;
  lastLoginAt?: Date;
  /** An invitation names the role; a sign-up with the code gets admin when first, else staff. */
  role?: UserRole;
  status?: UserStatus;
}

/** Where a session started: the browser's User-Agent and the client's address. */
export interface SessionOrigin {
  userAgent: string | null;
  address: string | null;
}

/** Serialises the changes that could leave the firm without an active administrator. */
const ADMIN_CHANGES_LOCK = sql`SELECT pg_advisory_xact_lock(7202611212)`;

const live = isNull(users.deletedAt);

/** The link of this hash and purpose while it can be used: never used, not expired. */
const liveToken = (tokenHash: string, purpose: UserTokenPurpose, now: Date) =>
  and(
    eq(userTokens.tokenHash, tokenHash),
    eq(userTokens.purpose, purpose),
    isNull(userTokens.usedAt),
    gt(userTokens.expiresAt, now),
  );

@Injectable()
export class UsersRepository {
  /**
   * The session check every authenticated request makes, built once and sent as a named prepared
   * statement: neither Drizzle nor PostgreSQL parses it again on each call (ADR 0088). It reads
   * the pool directly: it never runs inside a request's transaction (guards run before it opens).
   */
  private readonly activeSessionUser;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(DATABASE_HANDLE) handle: Pick<DatabaseHandle, 'db'>,
  ) {
    this.activeSessionUser = handle.db
      .select({ user: users })
      .from(userSessions)
      .innerJoin(users, eq(users.id, userSessions.userId))
      .where(
        and(
          eq(userSessions.id, sql.placeholder('sessionId')),
          eq(userSessions.userId, sql.placeholder('userId')),
          isNull(userSessions.revokedAt),
          gt(userSessions.expiresAt, sql.placeholder('now')),
          // The absolute lifetime: a session signed in before this ends whatever its expiry.
          gt(userSessions.createdAt, sql.placeholder('signedInAfter')),
          live,
          eq(users.status, 'ACTIVE'),
        ),
      )
      .limit(1)
      .prepare('registra_active_session_user');
  }

  async findLiveByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${email})`, live))
      .limit(1);
    return row;
  }

  async findLiveAdmins(): Promise<UserRow[]> {
    return this.db
      .select()
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 'ACTIVE'), live))
      .orderBy(users.createdAt);
  }

  async findLiveById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.id, id), live))
      .limit(1);
    return row;
  }

  /**
   * Inserts a user; the first user ever is `admin`, later ones `staff`. The transaction-scoped
   * advisory lock makes two simultaneous first sign-ups see each other.
   */
  async createWithRole(newUser: NewUser): Promise<UserRow> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(7202611211)`);
      const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(users);
      const [row] = await tx
        .insert(users)
        .values({ ...newUser, role: count === 0 ? 'admin' : (newUser.role ?? 'staff') })
        .returning();
      return row;
    });
  }

  /**
   * Applies a change of role or status unless it leaves no active administrator: `check` sees the
   * user and the number of active administrators other than them, under a lock that serialises
   * such changes. Ends every session of a deactivated user in the same transaction.
   */
  async changeAccount(
    id: string,
    check: (user: UserRow, otherActiveAdmins: number) => { role: UserRole; status: UserStatus },
    at: Date,
  ): Promise<UserRow | undefined> {
    return this.db.transaction(async (tx) => {
      await tx.execute(ADMIN_CHANGES_LOCK);
      const [user] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, id), live))
        .for('update');
      if (!user) return undefined;
      const [{ count }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.status, 'ACTIVE'), ne(users.id, id), live));
      const next = check(user, count);
      if (next.role === user.role && next.status === user.status) return user;
      const [row] = await tx
        .update(users)
        .set({ role: next.role, status: next.status, updatedAt: at })
        .where(eq(users.id, id))
        .returning();
      if (next.status === 'DISABLED') {
        await tx
          .update(userSessions)
          .set({ revokedAt: at })
          .where(and(eq(userSessions.userId, id), isNull(userSessions.revokedAt)));
        await tx
          .update(userTokens)
          .set({ usedAt: at })
          .where(and(eq(userTokens.userId, id), isNull(userTokens.usedAt)));
      }
      return row;
    });
  }

  /**
   * A page of the accounts sorted by one column (the Users list's headers); ties and empty last
   * logins fall back to the name, then the id, so pages never overlap.
   */
  async listSorted(
    filter: { status?: UserStatus },
    sort: { field: UserSortField; order: SortOrder },
    offset: number,
    limit: number,
  ): Promise<{ rows: UserRow[]; total: number }> {
    const where = and(live, filter.status ? eq(users.status, filter.status) : undefined);
    const direction = sort.order === 'desc' ? desc : asc;
    const byName = [asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`)];
    const first = {
      name: [direction(sql`lower(${users.firstName})`), direction(sql`lower(${users.lastName})`)],
      email: [direction(sql`lower(${users.email})`)],
      role: [direction(users.role)],
      status: [direction(users.status)],
      lastLoginAt: [
        sort.order === 'desc'
          ? sql`${users.lastLoginAt} DESC NULLS LAST`
          : sql`${users.lastLoginAt} ASC NULLS LAST`,
      ],
    }[sort.field];
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(users)
        .where(where)
        .orderBy(...first, ...byName, asc(users.id))
        .offset(offset)
        .limit(limit),
      this.db
        .select({ total: sql<number>`count(*)::int` })
        .from(users)
        .where(where),
    ]);
    return { rows, total };
  }

  async setPassword(id: string, passwordHash: string, at: Date): Promise<UserRow> {
    const [row] = await this.db
      .update(users)
      .set({ passwordHash, updatedAt: at })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  /** An invitation accepted: the names the user chose, the password, and the account active. */
  async acceptInvitation(
    id: string,
    values: { firstName: string; lastName: string; passwordHash: string },
    at: Date,
  ): Promise<UserRow> {
    const [row] = await this.db
      .update(users)
      .set({ ...values, status: 'ACTIVE', lastLoginAt: at, updatedAt: at })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  /** A one-time link: earlier unused links of the same purpose for that user stop working. */
  async createToken(
    userId: string,
    purpose: UserTokenPurpose,
    tokenHash: string,
    expiresAt: Date,
  ): Promise<void> {
    const now = new Date();
    await this.db
      .update(userTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(userTokens.userId, userId),
          eq(userTokens.purpose, purpose),
          isNull(userTokens.usedAt),
        ),
      );
    await this.db.insert(userTokens).values({ userId, purpose, tokenHash, expiresAt });
  }

  /**
   * Uses a one-time link: marks it used and answers its user when it exists, has this purpose,
   * was never used and has not expired; a second use finds nothing.
   */
  async consumeToken(
    tokenHash: string,
    purpose: UserTokenPurpose,
    now: Date,
  ): Promise<UserRow | undefined> {
    const [token] = await this.db
      .update(userTokens)
      .set({ usedAt: now })
      .where(liveToken(tokenHash, purpose, now))
      .returning({ userId: userTokens.userId });
    if (!token) return undefined;
    return this.findLiveById(token.userId);
  }

  /** The user of a live link, without using it (the sign-up page shows whom it invites). */
  async peekToken(
    tokenHash: string,
    purpose: UserTokenPurpose,
    now: Date,
  ): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select({ user: users })
      .from(userTokens)
      .innerJoin(users, eq(users.id, userTokens.userId))
      .where(and(liveToken(tokenHash, purpose, now), live))
      .limit(1);
    return row?.user;
  }

  async touchLastLogin(id: string, at: Date): Promise<void> {
    await this.db.update(users).set({ lastLoginAt: at }).where(eq(users.id, id));
  }

  /** Pickers offer the users who can work: a deactivated account is left out. */
  async search(term: string | undefined, limit: number): Promise<UserRow[]> {
    const filters = [live, ne(users.status, 'DISABLED')];
    if (term) {
      // ILIKE on the raw columns: user names are few and carry no search_text column.
      const pattern = `%${escapeLike(term)}%`;
      filters.push(
        or(
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(users.email, pattern),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        )!,
      );
    }
    return this.db
      .select()
      .from(users)
      .where(and(...filters))
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
      .limit(limit);
  }

  async createSession(userId: string, expiresAt: Date, origin: SessionOrigin): Promise<string> {
    const [row] = await this.db
      .insert(userSessions)
      .values({ userId, expiresAt, ...origin })
      .returning({ id: userSessions.id });
    return row.id;
  }

  /** The user's live sessions, most recently seen first. */
  async activeSessions(userId: string, now: Date): Promise<UserSessionRow[]> {
    return this.db
      .select()
      .from(userSessions)
      .where(
        and(
          eq(userSessions.userId, userId),
          isNull(userSessions.revokedAt),
          gt(userSessions.expiresAt, now),
        ),
      )
      .orderBy(desc(userSessions.lastSeenAt), desc(userSessions.id));
  }

  /** Ends one session of this user; false when the user has no such live session. */
  async revokeOwnSession(userId: string, sessionId: string, at: Date): Promise<boolean> {
    const ended = await this.revokeLiveSessions(
      and(eq(userSessions.id, sessionId), eq(userSessions.userId, userId)),
      at,
    );
    return ended > 0;
  }

  /** Ends every session of the user but `keepSessionId` (all of them when it is null). */
  async revokeSessionsExcept(
    userId: string,
    keepSessionId: string | null,
    at: Date,
  ): Promise<number> {
    return this.revokeLiveSessions(
      and(
        eq(userSessions.userId, userId),
        keepSessionId ? ne(userSessions.id, keepSessionId) : undefined,
      ),
      at,
    );
  }

  /**
   * Ends the live sessions of every account that signs in without two-factor, but `keepSessionId`:
   * the firm has just required it, so each of them enrols at the next sign-in.
   */
  async revokeSessionsWithoutTotp(keepSessionId: string, at: Date): Promise<number> {
    return this.revokeLiveSessions(
      and(
        ne(userSessions.id, keepSessionId),
        sql`${userSessions.userId} IN (SELECT ${users.id} FROM ${users} WHERE NOT ${users.totpEnabled})`,
      ),
      at,
    );
  }

  /**
   * The session's user when the session is neither revoked nor expired nor older than its
   * absolute lifetime (`maxAgeMs`), and the user is live and active.
   */
  async findActiveSessionUser(
    sessionId: string,
    userId: string,
    now: Date,
    maxAgeMs: number,
  ): Promise<UserRow | undefined> {
    const [row] = await this.activeSessionUser.execute({
      sessionId,
      userId,
      now: now.toISOString(),
      signedInAfter: new Date(now.getTime() - maxAgeMs).toISOString(),
    });
    return row?.user;
  }

  /**
   * What became of a session, whatever its state, and of its account: why a token of it is
   * refused. Read only after the session check failed.
   */
  async findSessionEnding(
    sessionId: string,
    userId: string,
  ): Promise<
    | {
        revokedAt: Date | null;
        expiresAt: Date;
        createdAt: Date;
        accountStatus: UserStatus;
        accountDeletedAt: Date | null;
      }
    | undefined
  > {
    const [row] = await this.db
      .select({
        revokedAt: userSessions.revokedAt,
        expiresAt: userSessions.expiresAt,
        createdAt: userSessions.createdAt,
        accountStatus: users.status,
        accountDeletedAt: users.deletedAt,
      })
      .from(userSessions)
      .innerJoin(users, eq(users.id, userSessions.userId))
      .where(and(eq(userSessions.id, sessionId), eq(userSessions.userId, userId)))
      .limit(1);
    return row;
  }

  /**
   * Pushes the idle expiry on to `idleUntil`, never past `maxAge` after the sign-in (the absolute
   * lifetime), and notes when the session was last seen.
   */
  async extendSession(
    sessionId: string,
    idleUntil: Date,
    maxAgeMs: number,
    now: Date,
  ): Promise<void> {
    await this.db
      .update(userSessions)
      .set({
        expiresAt: sql`least(${idleUntil.toISOString()}::timestamptz, ${userSessions.createdAt} + ${`${Math.floor(maxAgeMs / 1000)} seconds`}::interval)`,
        lastSeenAt: now,
      })
      .where(eq(userSessions.id, sessionId));
  }

  async revokeSession(sessionId: string, at: Date): Promise<void> {
    await this.revokeLiveSessions(eq(userSessions.id, sessionId), at);
  }

  /** Ends the sessions `which` picks among those not ended yet; answers how many it ended. */
  private async revokeLiveSessions(which: SQL | undefined, at: Date): Promise<number> {
    const rows = await this.db
      .update(userSessions)
      .set({ revokedAt: at })
      .where(and(isNull(userSessions.revokedAt), which))
      .returning({ id: userSessions.id });
    return rows.length;
  }

  // --- two-factor sign-in

  async findTotp(userId: string): Promise<UserTotpRow | undefined> {
    const [row] = await this.db.select().from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
    return row;
  }

  /** A new secret waiting for its first code (replaces a pending one). */
  async savePendingTotp(userId: string, secret: string): Promise<void> {
    await this.db
      .insert(userTotp)
      .values({ userId, secret })
      .onConflictDoUpdate({
        target: userTotp.userId,
        set: {
          secret,
          confirmedAt: null,
          pendingSecret: null,
          lastTimeStep: null,
          createdAt: new Date(),
        },
      });
  }

  /** Another app's secret, waiting for its first code while the enrolled one keeps working. */
  async savePendingReplacement(userId: string, secret: string): Promise<void> {
    await this.db
      .update(userTotp)
      .set({ pendingSecret: secret })
      .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt)));
  }

  /**
   * The other app's first code: its secret becomes the account's (the old app's codes stop
   * working) with new recovery codes. False when no replacement was waiting any more.
   */
  async confirmReplacement(
    userId: string,
    secret: string,
    timeStep: number,
    codeHashes: string[],
    at: Date,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const swapped = await tx
        .update(userTotp)
        .set({ secret, pendingSecret: null, confirmedAt: at, lastTimeStep: timeStep })
        .where(and(eq(userTotp.userId, userId), eq(userTotp.pendingSecret, secret)))
        .returning({ userId: userTotp.userId });
      if (swapped.length === 0) return false;
      await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
      await tx
        .insert(userRecoveryCodes)
        .values(codeHashes.map((codeHash) => ({ userId, codeHash })));
      return true;
    });
  }

  /** The first code confirmed: the account asks for codes and holds these recovery codes. */
  async confirmTotp(
    userId: string,
    timeStep: number,
    codeHashes: string[],
    at: Date,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(userTotp)
        .set({ confirmedAt: at, lastTimeStep: timeStep })
        .where(eq(userTotp.userId, userId));
      await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
      await tx
        .insert(userRecoveryCodes)
        .values(codeHashes.map((codeHash) => ({ userId, codeHash })));
      await tx.update(users).set({ totpEnabled: true, updatedAt: at }).where(eq(users.id, userId));
    });
  }

  /** Takes a code's time step unless it (or a later one) was used already: no replay. */
  async acceptTimeStep(userId: string, timeStep: number): Promise<boolean> {
    const rows = await this.db
      .update(userTotp)
      .set({ lastTimeStep: timeStep })
      .where(
        and(
          eq(userTotp.userId, userId),
          sql`(${userTotp.lastTimeStep} IS NULL OR ${userTotp.lastTimeStep} < ${timeStep})`,
        ),
      )
      .returning({ userId: userTotp.userId });
    return rows.length > 0;
  }

  /** Uses a recovery code once; false when there is no such unused code. */
  async useRecoveryCode(userId: string, codeHash: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(userRecoveryCodes)
      .set({ usedAt: at })
      .where(
        and(
          eq(userRecoveryCodes.userId, userId),
          eq(userRecoveryCodes.codeHash, codeHash),
          isNull(userRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: userRecoveryCodes.id });
    return rows.length > 0;
  }

  /** The account's recovery codes not used yet. */
  async recoveryCodesLeft(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ left: sql<number>`count(*)::int` })
      .from(userRecoveryCodes)
      .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
    return row?.left ?? 0;
  }

  /** New recovery codes in place of every earlier one, used or not. */
  async replaceRecoveryCodes(userId: string, codeHashes: string[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
      await tx.insert(userRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
    });
  }

  /** The enrolment removed: sign-in asks for the password alone again. */
  async removeTotp(userId: string, at: Date): Promise<UserRow | undefined> {
    return this.db.transaction(async (tx) => {
      await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
      await tx.delete(userTotp).where(eq(userTotp.userId, userId));
      const [row] = await tx
        .update(users)
        .set({ totpEnabled: false, updatedAt: at })
        .where(and(eq(users.id, userId), live))
        .returning();
      return row;
    });
  }

  /** Sessions past their expiry: no token can use them any more (the daily housekeeping). */
  async deleteExpiredSessions(now: Date): Promise<number> {
    const rows = await this.db
      .delete(userSessions)
      .where(lt(userSessions.expiresAt, now))
      .returning({ id: userSessions.id });
    return rows.length;
  }
}
