import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, gt, ilike, isNull, lt, or, sql } from 'drizzle-orm';
import { DATABASE } from '../platform/database/database';
import { escapeLike } from '../platform/database/search';
import type { Database, DatabaseHandle } from '../platform/database/database';
import { DATABASE_HANDLE } from '../platform/database/database.module';
import { signInFailures, UserRow, userSessions, users } from './users.schema';
import type { SignInFailureState } from '@registra/domain';

export interface NewUser {
  /** Chosen by the service, so the sign-up's audit row can name the new user as its author. */
  id?: string;
  firstName: string;
  lastName: string;
  email: string;
  passwordHash: string;
  lastLoginAt?: Date;
}

const live = isNull(users.deletedAt);

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
          live,
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
      .where(and(eq(users.role, 'admin'), live))
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
        .values({ ...newUser, role: count === 0 ? 'admin' : 'staff' })
        .returning();
      return row;
    });
  }

  async touchLastLogin(id: string, at: Date): Promise<void> {
    await this.db.update(users).set({ lastLoginAt: at }).where(eq(users.id, id));
  }

  async search(term: string | undefined, limit: number): Promise<UserRow[]> {
    const filters = [live];
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

  /** Soft-deletes the user and revokes every session, in one transaction. */
  async softDelete(id: string, at: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const updated = await tx
        .update(users)
        .set({ deletedAt: at, updatedAt: at })
        .where(and(eq(users.id, id), live))
        .returning({ id: users.id });
      if (updated.length === 0) return false;
      await tx
        .update(userSessions)
        .set({ revokedAt: at })
        .where(and(eq(userSessions.userId, id), isNull(userSessions.revokedAt)));
      return true;
    });
  }

  async createSession(userId: string, expiresAt: Date): Promise<string> {
    const [row] = await this.db
      .insert(userSessions)
      .values({ userId, expiresAt })
      .returning({ id: userSessions.id });
    return row.id;
  }

  /** The session's user when the session is neither revoked nor expired and the user is live. */
  async findActiveSessionUser(
    sessionId: string,
    userId: string,
    now: Date,
  ): Promise<UserRow | undefined> {
    const [row] = await this.activeSessionUser.execute({
      sessionId,
      userId,
      now: now.toISOString(),
    });
    return row?.user;
  }

  async extendSession(sessionId: string, expiresAt: Date): Promise<void> {
    await this.db.update(userSessions).set({ expiresAt }).where(eq(userSessions.id, sessionId));
  }

  async revokeSession(sessionId: string, at: Date): Promise<void> {
    await this.db
      .update(userSessions)
      .set({ revokedAt: at })
      .where(and(eq(userSessions.id, sessionId), isNull(userSessions.revokedAt)));
  }

  async signInFailures(emailKey: string): Promise<SignInFailureState | undefined> {
    const [row] = await this.db
      .select()
      .from(signInFailures)
      .where(eq(signInFailures.emailKey, emailKey))
      .limit(1);
    return row;
  }

  async saveSignInFailures(emailKey: string, state: SignInFailureState): Promise<void> {
    await this.db
      .insert(signInFailures)
      .values({ emailKey, ...state })
      .onConflictDoUpdate({ target: signInFailures.emailKey, set: state });
  }

  async clearSignInFailures(emailKey: string): Promise<void> {
    await this.db.delete(signInFailures).where(eq(signInFailures.emailKey, emailKey));
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
