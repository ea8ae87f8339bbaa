import { parse } from 'csv-parse/sync';
import { seededId } from '../scripts/irish-book';
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
/** Three of the demo book's companies, by their fixed ids (seed-demo's organization prefix 0x11). */
const DATED_ORGANIZATIONS = [0, 1, 2].map((index) => seededId(0x11, index));

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

  /**
   * The demo book has no dates on its roles and no share capital: give three companies' roles
   * appointment dates and holdings (an allotment, a transfer that splits it, a second class).
   */
  async function addDatesAndHoldings(auth: string): Promise<void> {
    const call = (method: 'post' | 'put', path: string, body: object) =>
      source.http[method](`/api/${path}`).set('Authorization', auth).send(body);
    const shareClass = async (organizationId: string, name: string) =>
      (
        await call('post', `organization/${organizationId}/share-classes`, {
          name,
          nominalValue: 1,
          currency: 'EUR',
        }).expect(200)
      ).body.data._id as string;
    const entry = (organizationId: string, body: object) =>
      call('post', `organization/${organizationId}/share-entries`, {
        alreadyFiled: true,
        ...body,
      }).expect(200);
    for (const [index, organizationId] of DATED_ORGANIZATIONS.entries()) {
      const members = (
        await call('post', 'linkpeopleorganization/search', { organizationId }).expect(200)
      ).body.data as Array<{ _id: string; peopleId: { _id: string }; roles: string[] }>;
      for (const member of members) {
        await call('put', `linkpeopleorganization/${member._id}`, {
          roles: member.roles,
          appointedOn: `2024-0${index + 1}-15`,
        }).expect(200);
      }
      const [first, second] = members.map((member) => member.peopleId._id);
      const ordinary = await shareClass(organizationId, index === 2 ? 'A Ordinary' : 'Ordinary');
      await entry(organizationId, {
        kind: 'allotment',
        date: '2024-03-01',
        shareClassId: ordinary,
        shares: 100,
        toPeopleId: first,
      });
      if (index === 1) {
        await entry(organizationId, {
          kind: 'transfer',
          date: '2024-06-01',
          shareClassId: ordinary,
          shares: 40,
          toPeopleId: second,
          fromPeopleId: first,
        });
      }
    }
  }

  it('gives the same organizations, people and roles', async () => {
    const book = await seedDemoBook(source.app);
    const [sourceStaff, targetStaff] = await Promise.all([
      createStaff(source),
      createStaff(target),
    ]);
    await addDatesAndHoldings(sourceStaff.auth);
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
    const roleFields = ['Appointed', 'Shares', 'Class'];
    expect(filled(roles, roleFields)).toEqual(
      Object.fromEntries(roleFields.map((name) => [name, true])),
    );
    // 100 allotted, 60 kept and 40 transferred, 100 of a second class.
    const held = (csv: string) =>
      comparable(csv, [])
        .rows.map((row) => row.split('|').slice(-2).join(' '))
        .filter((holding) => holding !== ' ')
        .sort();
    expect(held(roles)).toEqual(['100 A Ordinary', '100 Ordinary', '40 Ordinary', '60 Ordinary']);
    const rolesBefore = comparable(roles, []);
    expect(rolesBefore.rows).toHaveLength(book.links);
    expect(comparable(again.roles, [])).toEqual(rolesBefore);
  }, 300_000);
});
