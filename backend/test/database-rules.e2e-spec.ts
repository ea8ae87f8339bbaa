import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, Pool } from 'pg';
import { MIGRATIONS_FOLDER, openPostgres } from '../src/platform/database/database';
import type { Database, DatabaseHandle } from '../src/platform/database/database';
import {
  applyDatabaseRules,
  AUDIT_TRAILS,
  declaredTriggers,
  ROUTINES_FOLDER,
  rulesHash,
  rulesScript,
} from '../src/platform/database/database-rules';
import { createDatabase, dropDatabase } from './support/databases';

async function rows<T>(db: Database, statement: string): Promise<T[]> {
  return ((await db.execute(sql.raw(statement))) as unknown as { rows: T[] }).rows;
}

const triggersOf = async (db: Database) =>
  (
    await rows<{ name: string }>(
      db,
      `SELECT c.relname || '.' || t.tgname AS name FROM pg_trigger t
       JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE NOT t.tgisinternal AND n.nspname = 'public'`,
    )
  )
    .map((row) => row.name)
    .sort();

const functionsOf = async (db: Database) =>
  (
    await rows<{ name: string }>(
      db,
      `SELECT p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
       WHERE n.nspname = 'public' AND p.proname LIKE 'registra\\_%'`,
    )
  )
    .map((row) => row.name)
    .sort();

/** The functions the routines' .sql files define, by name. */
const declaredFunctions = () =>
  readdirSync(ROUTINES_FOLDER)
    .filter((file) => file.endsWith('.sql'))
    .flatMap((file) =>
      [
        ...readFileSync(join(ROUTINES_FOLDER, file), 'utf8').matchAll(
          /CREATE OR REPLACE FUNCTION (\w+)\(/g,
        ),
      ].map((match) => match[1]),
    )
    .sort();

describe('the database rules (functions and triggers) live in one place', () => {
  let handle: DatabaseHandle;
  let name: string;
  let url: string;

  beforeAll(async () => {
    const database = await createDatabase('registra_rules');
    name = database.name;
    url = database.url;
    handle = openPostgres(database.url, 2);
    await handle.migrate();
  });

  afterAll(async () => {
    await handle?.close();
    if (name) await dropDatabase(name);
  });

  it('a migrated database holds exactly the declared triggers and functions', async () => {
    expect(await triggersOf(handle.db)).toEqual(
      declaredTriggers()
        .map((trigger) => `${trigger.table}.${trigger.name}`)
        .sort(),
    );
    expect(await functionsOf(handle.db)).toEqual(declaredFunctions());
    const types = await rows<{ record_type: string; table_name: string; restorable: boolean }>(
      handle.db,
      'SELECT record_type, table_name, restorable FROM audit_record_types ORDER BY record_type',
    );
    expect(types).toEqual(
      AUDIT_TRAILS.map((trail) => ({
        record_type: trail.recordType,
        table_name: trail.table,
        restorable: trail.restorable,
      })).sort((a, b) => a.record_type.localeCompare(b.record_type)),
    );
    const [held] = await rows<{ hash: string }>(handle.db, 'SELECT hash FROM database_rules');
    expect(held.hash).toBe(rulesHash(rulesScript()));
  });

  it('a start with the same rules changes nothing', async () => {
    const [before] = await rows<{ at: string }>(
      handle.db,
      'SELECT applied_at::text AS at FROM database_rules',
    );
    await handle.migrate();
    const [after] = await rows<{ at: string }>(
      handle.db,
      'SELECT applied_at::text AS at FROM database_rules',
    );
    expect(after.at).toBe(before.at);
  });

  it('new rules drop what is no longer declared and fill what a new trigger keeps', async () => {
    const { db } = handle;
    await db.execute(sql`INSERT INTO people (first_name, last_name) VALUES ('Seán', 'Ó Briain')`);
    await db.execute(
      sql.raw(`
      CREATE FUNCTION registra_obsolete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
      CREATE TRIGGER people_obsolete AFTER INSERT ON people FOR EACH ROW EXECUTE FUNCTION registra_obsolete();
      DROP TRIGGER people_live_count ON people;
      UPDATE live_record_counts SET total = 999 WHERE table_name = 'people';
      UPDATE database_rules SET hash = 'an older version'`),
    );
    await handle.migrate();
    const triggers = await triggersOf(db);
    expect(triggers).not.toContain('people.people_obsolete');
    expect(triggers).toContain('people.people_live_count');
    expect(await functionsOf(db)).not.toContain('registra_obsolete');
    const [counted] = await rows<{ kept: number; live: number }>(
      db,
      `SELECT (SELECT total::int FROM live_record_counts WHERE table_name = 'people') AS kept,
        (SELECT count(*)::int FROM people WHERE deleted_at IS NULL) AS live`,
    );
    expect(counted.kept).toBe(counted.live);
  });

  it('a failing rule leaves the database as it was', async () => {
    const { db } = handle;
    await db.execute(sql`UPDATE database_rules SET hash = 'an older version'`);
    const triggers = await triggersOf(db);
    // One connection, as the migration's: the rules' transaction is its own.
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      await expect(
        applyDatabaseRules({
          exec: async (script) => {
            await client.query(script);
            if (script.includes('CREATE TRIGGER')) throw new Error('a rule that does not apply');
          },
          rows: async <T>(statement: string) => (await client.query(statement)).rows as T[],
        }),
      ).rejects.toThrow('a rule that does not apply');
    } finally {
      await client.end();
    }
    expect(await triggersOf(db)).toEqual(triggers);
    const [held] = await rows<{ hash: string }>(db, 'SELECT hash FROM database_rules');
    expect(held.hash).toBe('an older version');
  });
});

describe('a database of the previous release migrates with nothing lost', () => {
  /** The last migration of the release before the rules moved out of the migrations. */
  const PREVIOUS_RELEASE_LAST = '0029_narrow_tables_custom';
  let name: string;
  let folder: string;

  afterAll(async () => {
    if (folder) rmSync(folder, { recursive: true, force: true });
    if (name) await dropDatabase(name);
  });

  it('keeps every record, moves tasks’ assignees to task_users, and keeps the counts exact', async () => {
    const database = await createDatabase('registra_upgrade');
    name = database.name;
    // The previous release: the committed migrations up to its last one.
    folder = mkdtempSync(join(tmpdir(), 'registra-previous-release-'));
    cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalPath = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const last = journal.entries.findIndex((entry) => entry.tag === PREVIOUS_RELEASE_LAST);
    expect(last).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, last + 1);
    writeFileSync(journalPath, JSON.stringify(journal));
    const pool = new Pool({ connectionString: database.url, max: 2 });
    const old = drizzle(pool);
    await migrate(old, { migrationsFolder: folder });
    const q = async <T>(statement: string) => (await pool.query(statement)).rows as T[];
    await q(`
      INSERT INTO users (id, first_name, last_name, email, password_hash, role) VALUES
        ('00000000-0000-4000-8000-000000000001', 'Mary', 'Byrne', 'mary@firm.ie', 'x', 'admin'),
        ('00000000-0000-4000-8000-000000000002', 'Seán', 'Kelly', 'sean@firm.ie', 'x', 'staff');
      INSERT INTO organizations (id, name, search_text, cro) VALUES
        ('00000000-0000-4000-8001-000000000001', 'Emerald Ltd', 'emerald ltd', '123456'),
        ('00000000-0000-4000-8001-000000000002', 'Shamrock Ltd', 'shamrock ltd', '654321');
      INSERT INTO people (id, first_name, last_name, search_text, duplicate_key, mail) VALUES
        ('00000000-0000-4000-8002-000000000001', 'Aoife', 'Ó Briain', 'aoife o briain', 'aoife|o briain', 'aoife@example.ie'),
        ('00000000-0000-4000-8002-000000000002', 'Aoife', 'Ó Briain', 'aoife o briain', 'aoife|o briain', null);
      INSERT INTO tasks (id, title, users, deleted_at) VALUES
        ('00000000-0000-4000-8003-000000000001', 'Chase the B1',
          '[{"userId": "00000000-0000-4000-8000-000000000002", "userName": "Seán Kelly"},
            {"userId": "00000000-0000-4000-8000-000000000001", "userName": "Mary Byrne"}]', null),
        ('00000000-0000-4000-8003-000000000002', 'File the return',
          '[{"userId": "00000000-0000-4000-8000-000000000001", "userName": "Mary Byrne"}]', now()),
        ('00000000-0000-4000-8003-000000000003', 'Nobody''s yet', '[]', null);
      INSERT INTO follow_ups (organization_id, name, step_index, max_step_index, deadline) VALUES
        ('00000000-0000-4000-8001-000000000001', 'AR_TRADING', 1, 3, '2026-12-01');`);
    const tables = ['users', 'organizations', 'people', 'tasks', 'follow_ups', 'audit_log'];
    const countsOf = async () =>
      Object.fromEntries(
        await Promise.all(
          tables.map(async (table) => [
            table,
            (await q<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n,
          ]),
        ),
      );
    const before = await countsOf();
    const samplePeople = await q(
      `SELECT row_to_json(people)::text AS record FROM people ORDER BY id`,
    );
    const sampleOrganizations = await q(
      `SELECT row_to_json(organizations)::text AS record FROM organizations ORDER BY id`,
    );
    await pool.end();

    const upgraded = openPostgres(database.url, 2);
    try {
      await upgraded.migrate();
      const db = upgraded.db;
      expect(
        Object.fromEntries(
          await Promise.all(
            tables.map(async (table) => [
              table,
              (await rows<{ n: number }>(db, `SELECT count(*)::int AS n FROM ${table}`))[0].n,
            ]),
          ),
        ),
      ).toEqual(before);
      // Every value the previous release held is still there (later migrations may add columns).
      const recordsOf = async (table: string) =>
        (
          await rows<{ record: string }>(
            db,
            `SELECT row_to_json(${table})::text AS record FROM ${table} ORDER BY id`,
          )
        ).map((row) => JSON.parse(row.record) as Record<string, unknown>);
      const held = (sample: unknown[]) =>
        (sample as { record: string }[]).map((row) => JSON.parse(row.record) as object);
      expect(await recordsOf('people')).toMatchObject(held(samplePeople));
      expect(await recordsOf('organizations')).toMatchObject(held(sampleOrganizations));
      expect(
        await rows(
          db,
          `SELECT task_id, user_id, user_name, position FROM task_users ORDER BY task_id, position`,
        ),
      ).toEqual([
        {
          task_id: '00000000-0000-4000-8003-000000000001',
          user_id: '00000000-0000-4000-8000-000000000002',
          user_name: 'Seán Kelly',
          position: 1,
        },
        {
          task_id: '00000000-0000-4000-8003-000000000001',
          user_id: '00000000-0000-4000-8000-000000000001',
          user_name: 'Mary Byrne',
          position: 2,
        },
        {
          task_id: '00000000-0000-4000-8003-000000000002',
          user_id: '00000000-0000-4000-8000-000000000001',
          user_name: 'Mary Byrne',
          position: 1,
        },
      ]);
      expect(await triggersOf(db)).toEqual(
        declaredTriggers()
          .map((trigger) => `${trigger.table}.${trigger.name}`)
          .sort(),
      );
      // The follow-ups' copy of their organization's search text is filled by its trigger's
      // rebuild, once the history leaves it out: the history's count above did not move.
      expect(
        await rows(db, `SELECT organization_search_text AS copy FROM follow_ups ORDER BY id`),
      ).toEqual([{ copy: 'emerald ltd' }]);
      // The maintained counts the previous release kept go on from where they were.
      const [counts] = await rows<Record<string, number>>(
        db,
        `SELECT
          (SELECT total::int FROM live_record_counts WHERE table_name = 'people') AS people,
          (SELECT total::int FROM live_record_counts WHERE table_name = 'tasks') AS tasks,
          (SELECT total::int FROM duplicate_key_counts WHERE key = 'aoife|o briain') AS duplicates`,
      );
      expect(counts).toEqual({ people: 2, tasks: 2, duplicates: 2 });
      // And are kept from now on: a new live task counts.
      await db.execute(sql`INSERT INTO tasks (title) VALUES ('After the upgrade')`);
      const [tasks] = await rows<{ total: number }>(
        db,
        `SELECT total::int FROM live_record_counts WHERE table_name = 'tasks'`,
      );
      expect(tasks.total).toBe(3);
    } finally {
      await upgraded.close();
    }
  });
});
