import { Client } from 'pg';
import { openPostgres } from '../src/platform/database/database';
import type { DatabaseHandle } from '../src/platform/database/database';
import { createDatabase, dropDatabase } from './support/databases';

/**
 * The counts kept by triggers are touched by every insert, soft delete and restore of a record, so
 * each of their statements must find its counter row through an index: a sequential scan there is
 * paid by every change (on the large book, 81 ms a soft delete of a person, and undoing an import
 * ran at 46 organizations a second). PostgreSQL's auto_explain shows the plan of each statement the
 * trigger functions send; with sequential scans priced out, a plan that still reads a counter table
 * whole has no index it can use.
 */
describe('the triggers that keep counts read their rows through an index', () => {
  let handle: DatabaseHandle;
  let name: string;
  let url: string;
  let client: Client;
  const plans: string[] = [];

  beforeAll(async () => {
    const database = await createDatabase('registra_counts');
    name = database.name;
    url = database.url;
    handle = openPostgres(database.url, 2);
    await handle.migrate();
    client = new Client({ connectionString: database.url });
    await client.connect();
    client.on('notice', (notice) => plans.push(notice.message ?? ''));
    await client.query(`LOAD 'auto_explain'`);
    await client.query(`SET auto_explain.log_min_duration = 0`);
    await client.query(`SET auto_explain.log_nested_statements = on`);
    await client.query(`SET auto_explain.log_level = 'notice'`);
    await client.query(`SET enable_seqscan = off`);
  });

  afterAll(async () => {
    await client?.end();
    await handle?.close();
    if (name) await dropDatabase(name);
  });

  const counterTables = [
    'duplicate_key_counts',
    'live_record_counts',
    'follow_up_deadline_counts',
    'follow_up_organization_counts',
    'follow_up_organization_total',
    'audit_log_counts',
  ];

  it.each([
    ['people', `first_name, last_name, duplicate_key`, `'Siobhán', 'Kelly', 'kelly siobhan'`],
    ['organizations', `name, duplicate_key`, `'Emerald Isle Trading', 'emerald isle trading'`],
  ])('adding, soft-deleting and restoring %s', async (table, columns, values) => {
    plans.length = 0;
    // Two records with one key (a duplicate pair), then one of them deleted and restored.
    const first = await client.query<{ id: string }>(
      `INSERT INTO ${table} (${columns}) VALUES (${values}) RETURNING id`,
    );
    await client.query(`INSERT INTO ${table} (${columns}) VALUES (${values})`);
    const id = first.rows[0].id;
    await client.query(`UPDATE ${table} SET deleted_at = now() WHERE id = $1`, [id]);
    await client.query(`UPDATE ${table} SET deleted_at = NULL WHERE id = $1`, [id]);

    const touched = plans.filter((plan) => counterTables.some((counter) => plan.includes(counter)));
    // The duplicate-key and live counts were written: their statements were explained.
    expect(touched.some((plan) => plan.includes('duplicate_key_counts'))).toBe(true);
    expect(touched.some((plan) => plan.includes('live_record_counts'))).toBe(true);
    // A whole read, or an index read on part of the key with the rest checked row by row (the
    // index then serves as a list of every row: as slow on a large book).
    const wholeReads = touched.filter(
      (plan) =>
        counterTables.some((counter) => plan.includes(`Seq Scan on ${counter}`)) ||
        /Filter: \(+record_type = /.test(plan),
    );
    expect(wholeReads).toEqual([]);
  });

  it("an organization's new search text reaches its follow-ups' copy through their index (ADR 0151)", async () => {
    const organization = await client.query<{ id: string }>(
      `INSERT INTO organizations (name, search_text) VALUES ('Liffey Trading', 'liffey trading') RETURNING id`,
    );
    const id = organization.rows[0].id;
    await client.query(
      `INSERT INTO follow_ups (organization_id, name, max_step_index) VALUES ($1, 'AR_TRADING', 3)`,
      [id],
    );
    plans.length = 0;
    await client.query(`UPDATE organizations SET search_text = 'boyne trading' WHERE id = $1`, [
      id,
    ]);
    const copied = plans.filter((plan) => plan.includes('Update on follow_ups'));
    expect(copied).toHaveLength(1);
    expect(copied[0]).toContain('follow_ups_organization_idx');
    const copy = await client.query<{ copy: string }>(
      `SELECT organization_search_text AS copy FROM follow_ups WHERE organization_id = $1`,
      [id],
    );
    expect(copy.rows).toEqual([{ copy: 'boyne trading' }]);
  });

  describe('the live count is written at commit (ADR 0137)', () => {
    let other: Client;
    beforeAll(async () => {
      other = new Client({ connectionString: url });
      await other.connect();
    });
    afterAll(() => other?.end());

    const kept = async (table: string) =>
      Number(
        (
          await client.query<{ total: string }>(
            `SELECT total FROM live_record_counts WHERE table_name = $1`,
            [table],
          )
        ).rows[0]?.total ?? 0,
      );
    const counted = async (table: string) =>
      Number(
        (
          await client.query<{ n: string }>(
            `SELECT count(*) AS n FROM ${table} WHERE deleted_at IS NULL`,
          )
        ).rows[0].n,
      );

    it('a long transaction of many inserts and soft deletes does not make another insert or delete wait', async () => {
      const before = await kept('organizations');
      expect(before).toBe(await counted('organizations'));
      // As an import's batch or an undo's: open, having written, while another member of staff
      // creates and deletes an organization.
      await client.query('BEGIN');
      await client.query(
        `INSERT INTO organizations (name) SELECT 'Long Batch ' || i FROM generate_series(1, 50) AS i`,
      );
      await client.query(
        `UPDATE organizations SET deleted_at = now() WHERE name IN ('Long Batch 1', 'Long Batch 2')`,
      );
      try {
        // Before, the batch held the table's counter row to its end: these queued behind it.
        await other.query(`SET lock_timeout = '2s'`);
        const created = await other.query<{ id: string }>(
          `INSERT INTO organizations (name) VALUES ('Meanwhile Ltd') RETURNING id`,
        );
        await other.query(`INSERT INTO organizations (name) VALUES ('Meanwhile Two Ltd')`);
        await other.query(`UPDATE organizations SET deleted_at = now() WHERE id = $1`, [
          created.rows[0].id,
        ]);
        expect(await kept('organizations')).toBe(before + 1);
      } finally {
        await client.query('COMMIT');
      }
      expect(await kept('organizations')).toBe(before + 1 + 48);
      expect(await kept('organizations')).toBe(await counted('organizations'));
    });

    it.each([
      [
        'a savepoint rolled back takes its changes back from the count',
        [
          `INSERT INTO people (first_name, last_name) VALUES ('Kept', 'Before')`,
          'SAVEPOINT undone',
          `INSERT INTO people (first_name, last_name) SELECT 'Gone', 'Again' FROM generate_series(1, 5)`,
          'ROLLBACK TO SAVEPOINT undone',
          `INSERT INTO people (first_name, last_name) VALUES ('Kept', 'After')`,
        ],
        'COMMIT',
        2,
      ],
      [
        'a rebuild within the transaction counts its earlier changes once',
        [
          `INSERT INTO people (first_name, last_name) SELECT 'Counted', 'Once' FROM generate_series(1, 4)`,
          `SELECT registra_live_count_rebuild('people')`,
          `UPDATE people SET deleted_at = now()
             WHERE id = (SELECT id FROM people WHERE first_name = 'Counted' LIMIT 1)`,
        ],
        'COMMIT',
        3,
      ],
      [
        'a transaction rolled back changes nothing',
        [`INSERT INTO people (first_name, last_name) VALUES ('Never', 'Was')`],
        'ROLLBACK',
        0,
      ],
    ])('%s', async (_case, statements, end, added) => {
      const before = await kept('people');
      await client.query('BEGIN');
      for (const statement of statements) await client.query(statement);
      await client.query(end);
      expect(await kept('people')).toBe(before + added);
      expect(await kept('people')).toBe(await counted('people'));
    });
  });
});
