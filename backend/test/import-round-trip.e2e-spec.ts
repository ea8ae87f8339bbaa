import { parse } from 'csv-parse/sync';
import { seedDemoBook } from '../scripts/seed-demo';
import { createDatabase, dropDatabase } from './support/databases';
import { createStaff, startTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

/**
 * The demo book exported as CSV (organizations, people, roles) and imported into an empty
 * database gives the same book: each export of the new database equals the old one, line for
 * line, apart from the columns an import never writes (creation time, assigned users). The
 * whole book's exports (`columns=book`) carry every field an import reads: addresses, business
 * activity, year end, tax numbers, dates of birth, phones, PPS numbers, Eircodes.
 */
describe('export → import round trip of the demo book', () => {
  const databases: string[] = [];
  let source: TestApp;
  let target: TestApp;

  beforeAll(async () => {
    const [a, b] = await Promise.all([
      createDatabase('registra_roundtrip'),
      createDatabase('registra_roundtrip'),
    ]);
    databases.push(a.name, b.name);
    source = await startTestApp({ DATABASE_URL: a.url });
    target = await startTestApp({ DATABASE_URL: b.url });
  }, 120_000);
  afterAll(async () => {
    await source?.close();
    await target?.close();
    for (const name of databases) await dropDatabase(name);
  });

  const exportOf = async (t: TestApp, auth: string, path: string) => {
    const res = await t.http.get(`/api/${path}`).set('Authorization', auth).buffer(true);
    expect(res.status).toBe(200);
    return res.text;
  };

  /** The export's lines without the columns an import does not carry, sorted. */
  const comparable = (csv: string, leftOut: string[]) => {
    const [header, ...rows] = parse(csv, { bom: true }) as string[][];
    const kept = header.flatMap((name, index) => (leftOut.includes(name) ? [] : [index]));
    return {
      header: kept.map((index) => header[index]),
      rows: rows.map((row) => kept.map((index) => row[index]).join('|')).sort(),
    };
  };

  async function importFile(t: TestApp, auth: string, kind: string, csv: string, fileName: string) {
    const uploaded = await t.http
      .post('/api/import')
      .set('Authorization', auth)
      .field('kind', kind)
      .attach('file', Buffer.from(csv), fileName);
    expect(uploaded.status).toBe(200);
    const id = uploaded.body.data._id as string;
    await t.http
      .post(`/api/import/${id}/check`)
      .set('Authorization', auth)
      .send({ onDuplicate: 'skip' })
      .expect(200);
    // The check is a background job: its result comes with the import's status.
    let checked = await t.http.get(`/api/import/${id}`).set('Authorization', auth);
    for (let i = 0; i < 600 && checked.body.data.status === 'checking'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      checked = await t.http.get(`/api/import/${id}`).set('Authorization', auth);
    }
    expect(checked.body.data).toMatchObject({
      status: 'checked',
      check: { errors: [], duplicates: [] },
    });
    await t.http.post(`/api/import/${id}/run`).set('Authorization', auth).expect(200);
    for (let i = 0; i < 600; i++) {
      const status = await t.http.get(`/api/import/${id}`).set('Authorization', auth);
      if (status.body.data.status !== 'running') return status.body.data;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`The ${kind} import did not finish`);
  }

  it('gives the same organizations, people and roles', async () => {
    const book = await seedDemoBook(source.app);
    const [sourceStaff, targetStaff] = await Promise.all([
      createStaff(source),
      createStaff(target),
    ]);
    const organizations = await exportOf(
      source,
      sourceStaff.auth,
      'organization/export?columns=book',
    );
    const people = await exportOf(source, sourceStaff.auth, 'people/export?columns=book');
    const roles = await exportOf(source, sourceStaff.auth, 'linkpeopleorganization/export');

    expect(
      await importFile(
        target,
        targetStaff.auth,
        'organizations',
        organizations,
        'organizations.csv',
      ),
    ).toMatchObject({ status: 'done', created: book.organizations, failed: 0 });
    expect(
      await importFile(target, targetStaff.auth, 'people', people, 'people.csv'),
    ).toMatchObject({ status: 'done', created: book.people, failed: 0 });
    expect(await importFile(target, targetStaff.auth, 'roles', roles, 'roles.csv')).toMatchObject({
      status: 'done',
      created: book.links,
      failed: 0,
    });

    const organizationColumnsLeftOut = ['Assigned users', 'Created at'];
    const again = {
      organizations: await exportOf(target, targetStaff.auth, 'organization/export?columns=book'),
      people: await exportOf(target, targetStaff.auth, 'people/export?columns=book'),
      roles: await exportOf(target, targetStaff.auth, 'linkpeopleorganization/export'),
    };
    const before = comparable(organizations, organizationColumnsLeftOut);
    expect(before.rows).toHaveLength(book.organizations);
    // Every field an import reads is in the whole book's files, filled for the demo book (a
    // column empty everywhere would prove nothing).
    const filled = (csv: string, headers: string[]) => {
      const [header, ...rows] = parse(csv, { bom: true }) as string[][];
      return Object.fromEntries(
        headers.map((name) => [name, rows.some((row) => row[header.indexOf(name)] !== '')]),
      );
    };
    const organizationFields = [
      'Registered office',
      'Business activity',
      'Financial year end',
      'Corporation tax number',
    ];
    expect(filled(organizations, organizationFields)).toEqual(
      Object.fromEntries(organizationFields.map((name) => [name, true])),
    );
    const personFields = ['Phone', 'Date of birth', 'PPS', 'Street', 'City'];
    expect(filled(people, personFields)).toEqual(
      Object.fromEntries(personFields.map((name) => [name, true])),
    );
    expect(comparable(again.organizations, organizationColumnsLeftOut)).toEqual(before);
    expect(comparable(again.people, ['Created At'])).toEqual(comparable(people, ['Created At']));
    const rolesBefore = comparable(roles, []);
    expect(rolesBefore.rows).toHaveLength(book.links);
    expect(comparable(again.roles, [])).toEqual(rolesBefore);
  }, 300_000);
});
