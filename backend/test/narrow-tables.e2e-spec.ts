import { sql } from 'drizzle-orm';
import { DATABASE } from '../src/platform/database/database';
import type { Database } from '../src/platform/database/database';
import { createAdmin, createStaff, startTestApp, TestApp } from './support/test-app';

type Signed = Awaited<ReturnType<typeof createAdmin>>;

/**
 * The narrow tables kept by trigger: people_search and organizations_search (ADR 0096) hold
 * exactly the live records' search text and names, task_assignments (ADR 0097) each live task's
 * assigned users with its column, after every kind of change; the lists that count from them
 * answer what the records' own tables would.
 */
describe('Narrow tables kept beside people, organizations and tasks', () => {
  let t: TestApp;
  let admin: Signed;
  let staff: Signed;
  const tag = `srch${Date.now().toString(36)}`;

  const post = (path: string, body: object) =>
    t.http.post(path).set('Authorization', admin.auth).send(body);
  const put = (path: string, body: object) =>
    t.http.put(path).set('Authorization', admin.auth).send(body);
  const del = (path: string) => t.http.delete(path).set('Authorization', admin.auth);
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.app.get<Database>(DATABASE).execute(query)) as unknown as { rows: T[] }).rows;

  /** Every row of the search table against the live records it must mirror, in id order. */
  const mirrors = async () => ({
    people: await rows(sql`SELECT id, search_text, first_name, last_name FROM people_search
      ORDER BY id`),
    livePeople: await rows(sql`SELECT id, search_text, first_name, last_name FROM people
      WHERE deleted_at IS NULL ORDER BY id`),
    organizations: await rows(sql`SELECT id, search_text, name FROM organizations_search
      ORDER BY id`),
    liveOrganizations: await rows(sql`SELECT id, search_text, name FROM organizations
      WHERE deleted_at IS NULL ORDER BY id`),
  });
  const expectMirrored = async () => {
    const tables = await mirrors();
    expect(tables.people).toEqual(tables.livePeople);
    expect(tables.organizations).toEqual(tables.liveOrganizations);
  };
  const totalOf = async (path: string, body: object) => {
    const res = await post(path, body);
    expect(res.status).toBe(200);
    return res.body.totalItems as number;
  };

  /** Soft deletion takes the record out of the search table, a restore puts it back. */
  const deleteThenRestore = async (
    path: string,
    recordType: string,
    id: string,
    totals: { search: string; deleted: number; restored: number },
  ) => {
    expect((await del(`/api/${path}/${id}`)).status).toBe(200);
    await expectMirrored();
    expect(await totalOf(`/api/${path}/search`, { search: totals.search })).toBe(totals.deleted);

    const restored = await post('/api/audit/restore', { recordType, recordId: id });
    expect(restored.status).toBe(200);
    await expectMirrored();
    expect(await totalOf(`/api/${path}/search`, { search: totals.search })).toBe(totals.restored);
  };

  beforeAll(async () => {
    t = await startTestApp();
    admin = await createAdmin(t, { firstName: 'Sorcha', lastName: 'Search' });
    staff = await createStaff(t, { firstName: 'Cian', lastName: 'Board' });
  });
  afterAll(() => t?.close());

  it('follow creation, edits, soft deletion, restore and merge of people', async () => {
    const created = await post('/api/people', { firstName: 'Eoin', lastName: `Kelleher ${tag}` });
    const id = created.body.data._id as string;
    const twin = (await post('/api/people', { firstName: 'Eoin', lastName: `Kelleher ${tag}` }))
      .body.data._id as string;
    await expectMirrored();
    expect(await totalOf('/api/people/search', { search: `kelleher ${tag}` })).toBe(2);

    // A field outside the search text leaves the row as it was; a name is written again.
    await put(`/api/people/${id}`, { phone: '+353 1 222' });
    await put(`/api/people/${id}`, { lastName: `Ó Ceallaigh ${tag}` });
    await expectMirrored();
    // Accents folded, like the record's own search text.
    expect(await totalOf('/api/people/search', { search: `o ceallaigh ${tag}` })).toBe(1);
    const picked = await post('/api/people/search', {
      search: tag,
      sortField: 'lastName',
      sortOrder: 'asc',
      limit: 50,
    });
    expect(picked.body.data.map((person: { _id: string }) => person._id)).toEqual([twin, id]);

    await deleteThenRestore('people', 'people', id, { search: tag, deleted: 1, restored: 2 });

    const merged = await post('/api/people/merge', { keepId: id, mergeId: twin });
    expect(merged.status).toBe(200);
    await expectMirrored();
    expect(await totalOf('/api/people/search', { search: tag })).toBe(1);
  });

  it('follow creation, renaming, soft deletion and restore of organizations', async () => {
    const created = await post('/api/organization', { name: `Emerald Isle ${tag} Ltd` });
    const id = created.body.data._id as string;
    await post('/api/organization', { name: `Shamrock ${tag} Ltd` });
    await expectMirrored();
    expect(await totalOf('/api/organization/search', { search: `emerald isle ${tag}` })).toBe(1);

    await put(`/api/organization/${id}`, { name: `Atlantic ${tag} Ltd` });
    await expectMirrored();
    const picked = await post('/api/organization/search', {
      search: tag,
      sortField: 'name',
      sortOrder: 'asc',
      limit: 50,
    });
    expect(picked.body.data.map((row: { name: string }) => row.name)).toEqual([
      `Atlantic ${tag} Ltd`,
      `Shamrock ${tag} Ltd`,
    ]);
    expect(picked.body.totalItems).toBe(2);

    await deleteThenRestore('organization', 'organization', id, {
      search: tag,
      deleted: 1,
      restored: 2,
    });
  });

  it('a search with another filter still counts from the records themselves', async () => {
    await post('/api/people', { firstName: 'Aisling', lastName: `Doyle ${tag}`, country: 'spain' });
    await post('/api/people', {
      firstName: 'Aisling',
      lastName: `Doyle ${tag}`,
      country: 'france',
    });
    expect(await totalOf('/api/people/search', { search: `doyle ${tag}` })).toBe(2);
    expect(await totalOf('/api/people/search', { search: `doyle ${tag}`, country: 'spain' })).toBe(
      1,
    );
  });

  /** task_assignments against what the live tasks' users say, in one order. */
  const expectAssignmentsMirrored = async () => {
    const kept = await rows(sql`SELECT user_id, status, task_id::text FROM task_assignments
      ORDER BY user_id, status, task_id`);
    const expected = await rows(sql`SELECT DISTINCT assigned ->> 'userId' AS user_id, status,
        id::text AS task_id
      FROM tasks CROSS JOIN LATERAL jsonb_array_elements(users) AS assigned
      WHERE deleted_at IS NULL ORDER BY user_id, status, task_id`);
    expect(kept).toEqual(expected);
  };

  it("follow a task's assignees, column and deletion; a user's column is counted from them", async () => {
    const task = (await post('/api/task', { title: `${tag} board` })).body.data;
    const other = (await post('/api/task', { title: `${tag} other` })).body.data;
    // The whole task, as last answered (a PUT must carry the version it changes).
    const assign = async (row: { _id: string }, users: Signed[], status: string) => {
      const res = await put(`/api/task/${row._id}`, {
        ...row,
        status,
        users: users.map((user) => ({ userId: user.user._id, userName: 'x' })),
      });
      expect(res.status).toBe(200);
      Object.assign(row, res.body.data);
    };
    const columnAlone = (user: Signed, status?: string) =>
      totalOf('/api/task/search', { user: user.user._id, status });
    const column = (user: Signed, status?: string) =>
      totalOf('/api/task/search', { user: user.user._id, status, search: tag });

    await assign(task, [admin, staff], 'TO DO');
    await assign(other, [staff], 'IN PROGRESS');
    await expectAssignmentsMirrored();
    expect(await columnAlone(staff, 'TO DO')).toBe(1);
    expect(await columnAlone(staff)).toBe(2);
    expect(await columnAlone(admin, 'IN PROGRESS')).toBe(0);

    // Moved to another column, then given to the admin alone.
    await assign(task, [admin, staff], 'IN PROGRESS');
    expect(await columnAlone(staff, 'IN PROGRESS')).toBe(2);
    expect(await columnAlone(staff, 'TO DO')).toBe(0);
    await assign(task, [admin], 'IN PROGRESS');
    await expectAssignmentsMirrored();
    expect(await columnAlone(staff, 'IN PROGRESS')).toBe(1);
    expect(await columnAlone(admin, 'IN PROGRESS')).toBe(1);
    // With the text too, the tasks themselves are read: the same answer.
    expect(await column(admin, 'IN PROGRESS')).toBe(1);

    expect((await del(`/api/task/${other._id}`)).status).toBe(200);
    await expectAssignmentsMirrored();
    expect(await columnAlone(staff)).toBe(0);
  });

  it('are written again whole by registra_rebuild_record_counts() after a bulk load', async () => {
    const db = t.app.get<Database>(DATABASE);
    // What a load made with triggers off leaves: rows missing, rows stale.
    await db.execute(sql`DELETE FROM people_search`);
    await db.execute(sql`UPDATE organizations_search SET search_text = 'stale', name = 'stale'`);
    await db.execute(sql`UPDATE task_assignments SET status = 'DONE'`);
    await db.execute(sql`SELECT registra_rebuild_record_counts()`);
    await expectMirrored();
    await expectAssignmentsMirrored();
  });
});
