import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  freeConnections,
  MIGRATIONS_FOLDER,
  openPglite,
  openPostgres,
} from '../src/platform/database/database';
import { listPage, searchTextOf } from '../src/platform/database/search';
import { FollowUpsRepository } from '../src/follow-ups/follow-ups.repository';
import { organizations } from '../src/organizations/organizations.schema';
import { users } from '../src/users/users.schema';
import { UsersRepository } from '../src/users/users.repository';
import { createDatabase, dropDatabase } from './support/databases';

describe('embedded PGlite (DATABASE_URL unset)', () => {
  it('applies the same migrations and a repository round trip works', async () => {
    const handle = await openPglite(undefined);
    try {
      await handle.migrate();
      const repository = new UsersRepository(handle.db, handle);
      const created = await repository.createWithRole({
        firstName: 'Siobhan',
        lastName: 'Kelly',
        email: 'Siobhan@Firm.ie',
        passwordHash: 'x',
      });
      expect(created.role).toBe('admin');
      expect((await repository.findLiveByEmail('siobhan@firm.ie'))?.id).toBe(created.id);
      expect((await repository.search('kel', 5)).map((u) => u.id)).toEqual([created.id]);
      // The session check is a prepared statement: it runs (twice) on the embedded driver too.
      const now = new Date();
      const session = await repository.createSession(created.id, new Date(now.getTime() + 60_000), {
        userAgent: 'jest',
        address: '127.0.0.1',
      });
      for (let i = 0; i < 2; i++)
        expect(
          (await repository.findActiveSessionUser(session, created.id, now, 86_400_000))?.id,
        ).toBe(created.id);
      const later = new Date(now.getTime() + 120_000);
      expect(
        await repository.findActiveSessionUser(session, created.id, later, 86_400_000),
      ).toBeUndefined();
      // The follow-ups' copy of their organization's name, and its index (btree_gin, ADR 0151).
      const [organization] = await handle.db
        .insert(organizations)
        .values({ name: 'Emerald Ltd', searchText: searchTextOf('Emerald Ltd') })
        .returning();
      const followUps = new FollowUpsRepository(handle.db);
      const followUp = await followUps.insert({
        organizationId: organization.id,
        name: 'AR_TRADING',
        maxStepIndex: 3,
      });
      const found = await followUps.search(
        {
          archived: false,
          inProgress: true,
          completed: true,
          name: 'AR_TRADING',
          organizationName: 'emerald',
        },
        { field: 'deadline', order: 'asc' },
        { offset: 0, limit: 5 },
        '2026-06-15',
        '2026-06-22',
      );
      expect(found.items.map((item) => (JSON.parse(item) as { _id: string })._id)).toEqual([
        followUp.id,
      ]);
      await handle.ping();
    } finally {
      await handle.close();
    }
  });
});

describe('migrations on PostgreSQL', () => {
  it('two instances starting together migrate once (advisory lock) and both serve', async () => {
    const database = await createDatabase('registra_migrate');
    const a = openPostgres(database.url, 2);
    const b = openPostgres(database.url, 2);
    try {
      await Promise.all([a.migrate(), b.migrate()]);
      const applied = (await a.db.execute(
        sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
      )) as unknown as {
        rows: { n: number }[];
      };
      const journal = JSON.parse(
        readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      expect(applied.rows[0].n).toBe(journal.entries.length);
      await b.ping();
    } finally {
      await a.close();
      await b.close();
      await dropDatabase(database.name);
    }
  });
});

describe('a page and its count side by side when the pool has room (ADR 0089)', () => {
  it('counts free connections: all of an idle pool, none while calls queue, none in a transaction', async () => {
    const database = await createDatabase('registra_pool');
    const handle = openPostgres(database.url, 2);
    try {
      expect(freeConnections(handle.db)).toBe(2);
      // Three statements on a pool of two (Drizzle sends a statement once it is awaited): one
      // waits for a connection.
      const sleeping = [1, 2, 3].map(async () => handle.db.execute(sql`SELECT pg_sleep(0.3)`));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(freeConnections(handle.db)).toBe(0);
      await Promise.all(sleeping);
      expect(freeConnections(handle.db)).toBe(2);
      await handle.db.transaction(async (tx) => {
        expect(freeConnections(tx as unknown as typeof handle.db)).toBe(0);
      });
    } finally {
      await handle.close();
      await dropDatabase(database.name);
    }
    const embedded = await openPglite(undefined);
    try {
      expect(freeConnections(embedded.db)).toBe(0);
    } finally {
      await embedded.close();
    }
  });

  it('answers the same page and total side by side as one after the other, past the last page too', async () => {
    const database = await createDatabase('registra_pool');
    const handle = openPostgres(database.url, 4);
    try {
      await handle.migrate();
      const repository = new UsersRepository(handle.db, handle);
      for (const name of ['Aoife', 'Brid', 'Ciara'])
        await repository.createWithRole({
          firstName: name,
          lastName: 'Walsh',
          email: `${name}@firm.ie`,
          passwordHash: 'x',
        });
      const pageOf = (db: typeof handle.db, offset: number) =>
        listPage(
          db,
          users,
          {
            where: sql`${users.lastName} = 'Walsh'`,
            filtered: true,
            sort: { column: users.firstName, order: 'desc' },
            sortMatches: false,
            boundedTotal: false,
          },
          { offset, limit: 2 },
        );
      for (const offset of [0, 2, 4]) {
        const sideBySide = await pageOf(handle.db, offset);
        // In a transaction there is one connection: the count, then the page.
        const inTurn = await handle.db.transaction((tx) =>
          pageOf(tx as unknown as typeof handle.db, offset),
        );
        expect(sideBySide).toEqual(inTurn);
        expect(sideBySide.total).toBe(3);
      }
      expect((await pageOf(handle.db, 0)).rows.map((user) => user.firstName)).toEqual([
        'Ciara',
        'Brid',
      ]);
      expect((await pageOf(handle.db, 4)).rows).toEqual([]);
    } finally {
      await handle.close();
      await dropDatabase(database.name);
    }
  });
});
