import { sql } from 'drizzle-orm';
import { DATABASE } from '../src/platform/database/database';
import type { Database } from '../src/platform/database/database';
import { RecordMerge } from '../src/platform/ports/record-merge';
import { auditActionsOf, auditRowsOf } from './support/audit';
import { createUser, startTestApp, TestApp } from './support/test-app';

interface Moved {
  kind: 'person' | 'organization';
  fromId: string;
  toId: string;
}

describe('Merging duplicates (POST /api/people/merge, POST /api/organization/merge)', () => {
  let t: TestApp;
  let auth: string;
  let userName: string;
  let userId: string;
  const moved: Moved[] = [];
  let failNextMove = false;
  const tag = `mrg${Date.now().toString(36)}`;

  const post = (path: string, body: Record<string, unknown>) =>
    t.http.post(path).set('Authorization', auth).send(body);
  const get = (path: string) => t.http.get(path).set('Authorization', auth);
  const createPerson = async (body: Record<string, unknown>) =>
    (await post('/api/people', body)).body.data as { _id: string; createdAt: string };
  const createOrganization = async (name: string) =>
    (await post('/api/organization', { name })).body.data as { _id: string };
  const link = async (peopleId: string, organizationId: string, roles: string[], pct = 0) => {
    const created = await post('/api/linkpeopleorganization', { peopleId, organizationId });
    expect(created.status).toBe(200);
    const updated = await t.http
      .put(`/api/linkpeopleorganization/${created.body.data._id}`)
      .set('Authorization', auth)
      .send({ roles, beneficiaryPercentage: pct });
    expect(updated.status).toBe(200);
  };
  const upload = async (folder: string, name: string) => {
    const res = await t.http
      .post('/api/file')
      .set('Authorization', auth)
      .field('folder', folder)
      .attach('file', Buffer.from(`contents of ${name}`), {
        filename: name,
        contentType: 'text/plain',
      });
    expect(res.status).toBe(200);
    return res.body.data as { _id: string; url: string };
  };
  const fileRow = async (id: string) => {
    const result = (await t.app
      .get<Database>(DATABASE)
      .execute(
        sql`SELECT owner_id AS "ownerId", folder FROM files WHERE id = ${id}`,
      )) as unknown as { rows: { ownerId: string; folder: string }[] };
    return result.rows[0];
  };

  beforeAll(async () => {
    t = await startTestApp();
    const user = await createUser(t, { firstName: 'Orla', lastName: 'Merger' });
    auth = user.auth;
    userName = 'Orla Merger';
    userId = user.user._id;
    // Another context (follow-ups, tasks, orders…) as the merge sees it: a registered participant.
    t.app.get(RecordMerge).register({
      name: 'recording context',
      movePerson: async (fromId, toId) => {
        if (failNextMove) {
          failNextMove = false;
          throw new Error('the other context failed');
        }
        moved.push({ kind: 'person', fromId, toId });
      },
      moveOrganization: async (fromId, toId) => {
        moved.push({ kind: 'organization', fromId, toId });
      },
    });
  });
  afterAll(() => t.close());

  it('a person: chosen fields, links (twins united), files and other contexts move; the other points here', async () => {
    const keep = await createPerson({
      firstName: 'Mary',
      lastName: `Byrne ${tag}`,
      phone: '+353 1 111',
    });
    const other = await createPerson({
      firstName: 'MARY',
      lastName: `byrne ${tag}`,
      phone: '+353 1 222',
      mail: `mary.${tag}@x.ie`,
      comments: 'Met in Cork.',
    });
    const both = await createOrganization(`${tag} Both Ltd`);
    const onlyOther = await createOrganization(`${tag} Other Ltd`);
    await link(keep._id, both._id, ['director']);
    await link(other._id, both._id, ['shareholder'], 40);
    await link(other._id, onlyOther._id, ['secretary']);
    const file = await upload(`people/${other._id}`, 'passport.txt');

    const res = await post('/api/people/merge', {
      keepId: keep._id,
      mergeId: other._id,
      fields: { mail: 'merge', phone: 'keep', comments: 'merge' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      _id: keep._id,
      firstName: 'Mary',
      phone: '+353 1 111',
      mail: `mary.${tag}@x.ie`,
      comments: 'Met in Cork.',
    });
    expect(res.body.data.attachedFiles).toEqual([file.url]);
    expect(res.body.data.files).toEqual([
      expect.objectContaining({
        url: file.url,
        folder: `people/${keep._id}`,
        fileName: 'passport.txt',
      }),
    ]);

    // The merged-away person answers 404 with a pointer to the kept one.
    const gone = await get(`/api/people/${other._id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ ok: false, code: 'NOT_FOUND', mergedInto: keep._id });

    // Links: the pair both had is one link with both roles and the higher percentage.
    const organizations = await post('/api/linkpeopleorganization/search', { peopleId: keep._id });
    const byName = Object.fromEntries(
      (
        organizations.body.data as {
          organizationId: { name: string };
          roles: string[];
          beneficiaryPercentage: number;
        }[]
      ).map((row) => [row.organizationId.name, row]),
    );
    expect(Object.keys(byName).sort()).toEqual([`${tag} Both Ltd`, `${tag} Other Ltd`]);
    expect(byName[`${tag} Both Ltd`].roles.sort()).toEqual(['director', 'shareholder']);
    expect(byName[`${tag} Both Ltd`].beneficiaryPercentage).toBe(40);
    const members = await post('/api/linkpeopleorganization/search', { organizationId: both._id });
    expect(members.body.data).toHaveLength(1);

    // The file belongs to the kept person and still downloads.
    expect(await fileRow(file._id)).toEqual({ ownerId: keep._id, folder: `people/${keep._id}` });
    expect((await get(file.url)).text).toBe('contents of passport.txt');

    expect(moved).toContainEqual({ kind: 'person', fromId: other._id, toId: keep._id });
    expect(await auditActionsOf(t, other._id)).toContain('delete');
    // The history names both people and the fields taken from the merged one.
    expect((await auditRowsOf(t, keep._id)).filter((row) => row.action === 'merge')).toEqual([
      expect.objectContaining({
        recordType: 'people',
        recordLabel: `Mary Byrne ${tag}`,
        userName,
        data: {
          mergedId: other._id,
          mergedName: `MARY byrne ${tag}`,
          fields: ['mail', 'comments'],
        },
      }),
    ]);

    // No longer a duplicate of anyone.
    const duplicates = await get('/api/people/duplicates');
    const group = (duplicates.body.data as { people: { contactId: string }[] }[]).find((g) =>
      g.people.some((p) => p.contactId === keep._id),
    );
    expect(group).toBeUndefined();
  });

  it('an organization: notes joined, assigned users united, members and other contexts move', async () => {
    const keep = await createOrganization(`${tag} Emerald Ltd`);
    const other = await createOrganization(`${tag} EMERALD LIMITED`);
    const other2User = await createUser(t, { firstName: 'Cian', lastName: 'Staff' });
    await t.http
      .put(`/api/organization/${keep._id}`)
      .set('Authorization', auth)
      .send({
        notes: 'Called the bank.',
        users: [{ userId, userName }],
      });
    await t.http
      .put(`/api/organization/${other._id}`)
      .set('Authorization', auth)
      .send({
        notes: 'Sent the B1.',
        cro: '654321',
        users: [{ userId: other2User.user._id, userName: 'Cian Staff' }],
      });
    const person = await createPerson({ firstName: 'Seán', lastName: `Kelly ${tag}` });
    await link(person._id, other._id, ['director']);

    const res = await post('/api/organization/merge', {
      keepId: keep._id,
      mergeId: other._id,
      fields: { cro: 'merge' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: `${tag} Emerald Ltd`,
      cro: '654321',
      notes: 'Called the bank.\n\nSent the B1.',
    });
    expect(res.body.data.users.map((user: { userName: string }) => user.userName)).toContain(
      'Cian Staff',
    );
    const members = await post('/api/linkpeopleorganization/search', { organizationId: keep._id });
    expect(members.body.data.map((row: { peopleId: { _id: string } }) => row.peopleId._id)).toEqual(
      [person._id],
    );
    const gone = await get(`/api/organization/${other._id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.mergedInto).toBe(keep._id);
    expect(moved).toContainEqual({ kind: 'organization', fromId: other._id, toId: keep._id });
    expect((await auditRowsOf(t, keep._id)).filter((row) => row.action === 'merge')).toEqual([
      expect.objectContaining({
        recordType: 'organization',
        recordLabel: `${tag} Emerald Ltd`,
        data: { mergedId: other._id, mergedName: `${tag} EMERALD LIMITED`, fields: ['cro'] },
      }),
    ]);
  });

  it.each([
    ['a record into itself', (id: string) => ({ keepId: id, mergeId: id }), 400],
    [
      'a field that cannot be merged',
      (id: string, other: string) => ({
        keepId: id,
        mergeId: other,
        fields: { shoeSize: 'merge' },
      }),
      400,
    ],
    [
      'a choice other than keep or merge',
      (id: string, other: string) => ({ keepId: id, mergeId: other, fields: { mail: 'both' } }),
      400,
    ],
    ['an id that is not a uuid', (id: string) => ({ keepId: id, mergeId: 'nope' }), 400],
    [
      'an unknown record',
      (id: string) => ({ keepId: id, mergeId: '00000000-0000-4000-8000-000000000000' }),
      404,
    ],
  ])('refuses %s and changes nothing', async (_case, body, status) => {
    const keep = await createPerson({ firstName: 'Ciara', lastName: `Walsh ${tag}` });
    const other = await createPerson({
      firstName: 'Ciara',
      lastName: `Walsh ${tag}`,
      mail: 'c@x.ie',
    });
    const res = await post('/api/people/merge', body(keep._id, other._id));
    expect(res.status).toBe(status);
    expect(res.body.ok).toBe(false);
    expect((await get(`/api/people/${other._id}`)).body.data.mail).toBe('c@x.ie');
    expect((await get(`/api/people/${keep._id}`)).status).toBe(200);
  });

  it('merging into a deleted record answers 404', async () => {
    const keep = await createPerson({ firstName: 'Eoin', lastName: `Ryan ${tag}` });
    const other = await createPerson({ firstName: 'Eoin', lastName: `Ryan ${tag}` });
    await t.http.delete(`/api/people/${keep._id}`).set('Authorization', auth);
    const res = await post('/api/people/merge', { keepId: keep._id, mergeId: other._id });
    expect(res.status).toBe(404);
    expect((await get(`/api/people/${other._id}`)).status).toBe(200);
  });

  it('is one transaction: when a context fails to move its records, nothing is merged', async () => {
    const keep = await createPerson({ firstName: 'Aoife', lastName: `Doyle ${tag}` });
    const other = await createPerson({
      firstName: 'Aoife',
      lastName: `Doyle ${tag}`,
      mail: 'a@x.ie',
    });
    const organization = await createOrganization(`${tag} Atomic Ltd`);
    await link(other._id, organization._id, ['director']);
    failNextMove = true;
    const res = await post('/api/people/merge', {
      keepId: keep._id,
      mergeId: other._id,
      fields: { mail: 'merge' },
    });
    expect(res.status).toBe(500);
    expect((await get(`/api/people/${other._id}`)).status).toBe(200);
    expect((await get(`/api/people/${keep._id}`)).body.data.mail).toBeNull();
    const members = await post('/api/linkpeopleorganization/search', {
      organizationId: organization._id,
    });
    expect(members.body.data.map((row: { peopleId: { _id: string } }) => row.peopleId._id)).toEqual(
      [other._id],
    );
    expect(await auditActionsOf(t, keep._id)).not.toContain('merge');
  });
});
