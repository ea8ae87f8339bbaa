import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { Pool } from 'pg';
import { BACKEND_ROOT } from '../config/backend-root';
import { applyDatabaseRules } from './database-rules';
import * as schema from './schema';

export const DATABASE = Symbol('DATABASE');

/** One type for both drivers, so repositories never know which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  driver: 'pg' | 'pglite';
  /** The committed migrations, then the database rules (database-rules.ts). */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /** Migrations the database records as applied (drizzle's own table), for the readiness probe. */
  appliedMigrations(): Promise<number>;
  /** The connection pool's state now; undefined for the embedded database (one connection). */
  pool(): PoolState | undefined;
  close(): Promise<void>;
}

export interface PoolState {
  /** Connections running a statement or held by a transaction. */
  inUse: number;
  idle: number;
  /** Calls queued for a connection: the pool is exhausted. */
  waiting: number;
  max: number;
}

/** drizzle's record of applied migrations (its default schema and table). */
const APPLIED_MIGRATIONS = sql`SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations`;

async function countApplied(db: Database): Promise<number> {
  const result = await db.execute(APPLIED_MIGRATIONS);
  const rows = (result as unknown as { rows: { applied: number }[] }).rows;
  return Number(rows[0]?.applied ?? 0);
}

export const MIGRATIONS_FOLDER = join(BACKEND_ROOT, 'drizzle');

// Any fixed 64-bit number: every instance migrating one database takes this same lock.
const MIGRATION_LOCK_KEY = 7_202_611_210;

const FREE_CONNECTIONS = Symbol('registra.freeConnections');
type WithFreeConnections = Database & { [FREE_CONNECTIONS]?: () => number };

/**
 * How many statements `db` could start at once right now without waiting for a connection: the
 * pool's idle connections and those it may still open, or 0 when calls are already queueing for
 * one. 0 for a transaction or the embedded database (one connection each).
 */
export function freeConnections(db: Database): number {
  return (db as WithFreeConnections)[FREE_CONNECTIONS]?.() ?? 0;
}

export function openPostgres(url: string, poolSize = 10): DatabaseHandle {
  const pool = new Pool({ connectionString: url, max: poolSize });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  Object.defineProperty(db, FREE_CONNECTIONS, {
    value: () =>
      pool.waitingCount > 0 ? 0 : pool.idleCount + Math.max(0, poolSize - pool.totalCount),
  });
  return {
    db,
    driver: 'pg',
    async migrate() {
      // A session-level advisory lock on one connection: a second instance starting at the same
      // time waits here, then finds every migration applied and does nothing.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
          await applyDatabaseRules({
            exec: async (script) => void (await client.query(script)),
            rows: async <T>(statement: string) => (await client.query(statement)).rows as T[],
          });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`SELECT 1`);
    },
    appliedMigrations: () => countApplied(db),
    pool: () => ({
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: poolSize,
    }),
    async close() {
      await pool.end();
    },
  };
}

/** `dataDir` undefined: an in-memory database (tests). */
export async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  let path: string | undefined;
  if (dataDir) {
    path = join(dataDir, 'pgdata');
    mkdirSync(path, { recursive: true });
  }
  // The contrib extensions ship typed as ES modules only, hence dynamic imports.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  const client = await PGlite.create(path, { extensions: { pg_trgm, unaccent, btree_gin } });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    async migrate() {
      // PGlite is embedded in this one process: no other instance can open it, so no lock.
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
      await applyDatabaseRules({
        exec: async (script) => void (await client.exec(script)),
        rows: async <T>(statement: string) => (await client.query<T>(statement)).rows,
      });
    },
    async ping() {
      await db.execute(sql`SELECT 1`);
    },
    appliedMigrations: () => countApplied(db),
    pool: () => undefined,
    async close() {
      await client.close();
    },
  };
}

export async function openDatabase(
  databaseUrl: string | undefined,
  dataDir: string,
): Promise<DatabaseHandle> {
  return databaseUrl ? openPostgres(databaseUrl) : openPglite(dataDir);
}
