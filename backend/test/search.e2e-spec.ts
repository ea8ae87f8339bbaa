import { SEARCH_HITS_PER_KIND } from '@registra/domain';
import { forms } from '../src/forms/forms.schema';
import { orders } from '../src/orders/orders.schema';
import { DATABASE } from '../src/platform/database/database';
import type { Database } from '../src/platform/database/database';
import { FIRST_MATCHES_READ, NEWEST_READ, searchTextOf } from '../src/platform/database/search';
import { createUser, startTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

describe('GET /api/search: one search box for everything', () => {
  let t: TestApp;
  let auth: string;
  const tag = `zq${Date.now().toString(36)}`;

  beforeAll(async () => {
    t = await startTestApp();
    ({ auth } = await createUser(t));
  });

  afterAll(async () => {
    await t?.close();
  });

  const search = (q: unknown) =>
    t.http
      .get('/api/search')
      .query(q === undefined ? {} : { q })
      .set('Authorization', auth);

  it('finds organizations (name, CRO), people (name, e-mail), tasks, orders and requests', async () => {
    const created = await t.http
      .post('/api/organization')
      .set('Authorization', auth)
      .send({ name: `Emerald ${tag} Ltd` });
    const organization = await t.http
      .put(`/api/organization/${created.body.data._id}`)
      .set('Authorization', auth)
      .send({ cro: '765432', updatedAt: created.body.data.updatedAt });
    expect(organization.body).toMatchObject({ ok: true });
    const person = await t.http
      .post('/api/people')
      .set('Authorization', auth)
      .send({ firstName: 'Seán', lastName: `Ó Briain${tag}`, mail: `sean.${tag}@example.ie` });
    const task = await t.http
      .post('/api/task')
      .set('Authorization', auth)
      .send({ title: `Chase the B1 of ${tag}` });
    const db = t.app.get<Database>(DATABASE);
    const [order] = await db
      .insert(orders)
      .values({
        company: `${tag} Bakery`,
        product: 'Domiciliation',
        searchText: searchTextOf(`${tag} Bakery`, 'Domiciliation'),
      })
      .returning();
    const [form] = await db
      .insert(forms)
      .values({
        organizationName1: `${tag} Startup`,
        description: 'A bakery',
        searchText: searchTextOf(`${tag} Startup`),
      })
      .returning();
    const res = await search(tag.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      organizations: [
        { _id: organization.body.data._id, label: `Emerald ${tag} Ltd`, detail: '765432' },
      ],
      people: [
        {
          _id: person.body.data._id,
          label: `Seán Ó Briain${tag}`,
          detail: `sean.${tag}@example.ie`,
        },
      ],
      tasks: [{ _id: task.body.data._id, label: `Chase the B1 of ${tag}`, detail: 'TO DO' }],
      orders: [{ _id: order.id, label: `${tag} Bakery`, detail: 'Domiciliation' }],
      forms: [{ _id: form.id, label: `${tag} Startup`, detail: '' }],
    });
    // Accents and case do not matter; a CRO number finds its organization.
    expect((await search(`SEAN O BRIAIN${tag}`)).body.data.people).toHaveLength(1);
    expect((await search('765432')).body.data.organizations[0]._id).toBe(
      organization.body.data._id,
    );
  });

  it(`lists at most ${SEARCH_HITS_PER_KIND} of each kind`, async () => {
    for (let i = 0; i < SEARCH_HITS_PER_KIND + 2; i++)
      await t.http
        .post('/api/task')
        .set('Authorization', auth)
        .send({ title: `Many ${tag} ${i}` });
    // Fewer matches than the box reads (FIRST_MATCHES_READ): exactly the list's first, latest first.
    const titles = (await search(`many ${tag}`)).body.data.tasks.map(
      (hit: { label: string }) => hit.label,
    );
    expect(titles).toEqual(
      Array.from(
        { length: SEARCH_HITS_PER_KIND },
        (_, i) => `Many ${tag} ${SEARCH_HITS_PER_KIND + 1 - i}`,
      ),
    );
  });

  it(`reads a dated list's ${NEWEST_READ} newest records first, then the other matches`, async () => {
    const db = t.app.get<Database>(DATABASE);
    const text = `${tag}newest`;
    const order = (company: string, dateOrder: string) => ({
      company,
      product: 'Domiciliation',
      dateOrder,
      searchText: searchTextOf(company, 'Domiciliation'),
    });
    // As many old matches as the trigram read takes, behind NEWEST_READ newer orders that do not
    // match, then two newest matches: reading the trigram index alone showed old ones only.
    const old = Array.from({ length: FIRST_MATCHES_READ }, (_, i) =>
      order(`Old ${text} ${i}`, new Date(Date.UTC(2001, 0, 1 + i)).toISOString().slice(0, 10)),
    );
    const others = Array.from({ length: NEWEST_READ }, (_, i) =>
      order(`Other ${tag} ${i}`, '2029-06-01'),
    );
    await db.insert(orders).values([...old, ...others]);
    await db
      .insert(orders)
      .values([order(`New ${text} 0`, '2030-01-01'), order(`New ${text} 1`, '2030-01-02')]);
    const labels = async () =>
      (await search(text)).body.data.orders.map((hit: { label: string }) => hit.label);
    // Two among the newest: the others are read through the trigram index, each once, by date.
    expect(await labels()).toEqual([
      `New ${text} 1`,
      `New ${text} 0`,
      ...[1, 2, 3].map((i) => `Old ${text} ${FIRST_MATCHES_READ - i}`),
    ]);
    // Enough among the newest: those alone, newest first.
    await db
      .insert(orders)
      .values(
        ['2030-02-01', '2030-02-02', '2030-02-03'].map((date, i) =>
          order(`Later ${text} ${i}`, date),
        ),
      );
    expect(await labels()).toEqual([
      `Later ${text} 2`,
      `Later ${text} 1`,
      `Later ${text} 0`,
      `New ${text} 1`,
      `New ${text} 0`,
    ]);
  });

  it('lists people and organizations whose name starts with the text first, then the other matches by name', async () => {
    const word = `${tag}nm`;
    const person = (firstName: string, lastName: string) =>
      t.http.post('/api/people').set('Authorization', auth).send({ firstName, lastName });
    const organization = (name: string) =>
      t.http.post('/api/organization').set('Authorization', auth).send({ name });
    for (const lastName of [`Mc${word}vey`, `${word}ly`, `Ab${word}`, `${word}eher`])
      await person('Ann', lastName);
    for (const name of [`Old ${word} Press`, `${word} Holdings`, `Aa ${word}`])
      await organization(name);
    const labels = async (kind: 'people' | 'organizations') =>
      (await search(word)).body.data[kind].map((hit: { label: string }) => hit.label);
    expect(await labels('people')).toEqual([
      `Ann ${word}eher`,
      `Ann ${word}ly`,
      `Ann Ab${word}`,
      `Ann Mc${word}vey`,
    ]);
    expect(await labels('organizations')).toEqual([
      `${word} Holdings`,
      `Aa ${word}`,
      `Old ${word} Press`,
    ]);
    // As many names starting with it as the box shows: the other matches are not read.
    for (let i = 0; i < SEARCH_HITS_PER_KIND; i++) await person('Bea', `${word}${i}`);
    expect(await labels('people')).toEqual([
      `Bea ${word}0`,
      `Bea ${word}1`,
      `Bea ${word}2`,
      `Bea ${word}3`,
      `Bea ${word}4`,
    ]);
  });

  it('two letters find the words that start with them, as a name is typed', async () => {
    for (const lastName of [`Qjelly${tag}`, `Aqjb${tag}`])
      await t.http
        .post('/api/people')
        .set('Authorization', auth)
        .send({ firstName: 'Ann', lastName });
    const labels = (await search('QJ')).body.data.people.map((hit: { label: string }) => hit.label);
    expect(labels).toEqual([`Ann Qjelly${tag}`]);
    // Three letters or more: anywhere, as the lists search.
    const anywhere = (await search('qjb')).body.data.people.map(
      (hit: { label: string }) => hit.label,
    );
    expect(anywhere).toEqual([`Ann Aqjb${tag}`]);
  });

  it.each([
    ['one character', 'e'],
    ['spaces around one character', '  e  '],
    ['nothing', ''],
  ])('%s finds nothing', async (_, q) => {
    const res = await search(q);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      organizations: [],
      people: [],
      tasks: [],
      orders: [],
      forms: [],
    });
  });

  it.each([
    ['no q', undefined],
    ['a q of 201 characters', 'x'.repeat(201)],
    ['q given twice', ['ab', 'cd']],
  ])('%s → 400', async (_, q) => {
    const res = await search(q);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });

  it('needs a session', async () => {
    const res = await t.http.get('/api/search').query({ q: 'emerald' });
    expect(res.status).toBe(401);
  });
});
