import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_FOLDER, openPglite, openPostgres } from '../src/platform/database/database';
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
      const session = await repository.createSession(created.id, new Date(now.getTime() + 60_000));
      for (let i = 0; i < 2; i++)
        expect((await repository.findActiveSessionUser(session, created.id, now))?.id).toBe(
          created.id,
        );
      const later = new Date(now.getTime() + 120_000);
      expect(await repository.findActiveSessionUser(session, created.id, later)).toBeUndefined();
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
