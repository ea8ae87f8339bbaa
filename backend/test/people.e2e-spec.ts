import { sql } from 'drizzle-orm';
import { DATABASE } from '../src/platform/database/database';
import type { Database } from '../src/platform/database/database';
import { uploadFile } from './support/files';
import { onlyPage, readText } from './support/http';
import { createAdmin, createUser, startTestApp, TestApp } from './support/test-app';

type Person = Record<string, unknown> & { _id: string; updatedAt: string; createdAt: string };

const PERSON_KEYS = [
  '_id',
  'firstName',
  'lastName',
  'phone',
  'mail',
  'birth',
  'nationality',
  'country',
  'ipn',
  'pps',
  'addressStreet1',
  'addressZip1',
  'addressCity1',
  'addressState1',
  'addressCountry1',
  'comments',
  'vif',
  'idPal',
  'pep',
  'companyForm',
  'dateAml',
  'attachedFiles',
  'createdAt',
  'updatedAt',
  'deletedAt',
  'files',
].sort();

describe('People (/api/people)', () => {
  let t: TestApp;
  let auth: string;
  let sequence = 0;
  /** Unique, letters and digits only, so it survives case and accent folding unchanged. */
  const uniqueTag = () => `pq${Date.now().toString(36)}${(sequence++).toString(36)}`;

  const create = async (body: Record<string, unknown>): Promise<Person> => {
    const res = await t.http.post('/api/people').set('Authorization', auth).send(body);
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    return res.body.data as Person;
  };
  const get = (id: string) => t.http.get(`/api/people/${id}`).set('Authorization', auth);
  const put = (id: string, body: Record<string, unknown>) =>
    t.http.put(`/api/people/${id}`).set('Authorization', auth).send(body);
  const remove = (id: string) => t.http.delete(`/api/people/${id}`).set('Authorization', auth);
  const search = (body: Record<string, unknown>) =>
    t.http.post('/api/people/search').set('Authorization', auth).send(body);
  const ids = (res: { body: { data: { _id: string }[] } }) =>
    res.body.data.map((person) => person._id);

  /** Files Registra stores (uploaded to one person): attachedFiles name no others. */
  let storedUrls: string[];

  beforeAll(async () => {
    t = await startTestApp();
    auth = (await createUser(t)).auth;
    const owner = await t.http
      .post('/api/people')
      .set('Authorization', auth)
      .send({ firstName: 'Files', lastName: uniqueTag() });
    storedUrls = [];
    for (const name of ['passport.pdf', 'id.png', 'bill.pdf', 'known.pdf', 'proof.pdf'])
      storedUrls.push((await uploadFile(t, auth, `people/${owner.body.data._id}`, name)).url);
  });
  afterAll(() => t.close());

  const everyField = (tag: string) => ({
    firstName: 'Siobhán',
    lastName: `Ní Bhriain ${tag}`,
    phone: '+353 87 123 4567',
    mail: `siobhan.${tag}@example.ie`,
    birth: '1984-02-29',
    nationality: 'irish',
    country: 'ireland',
    ipn: 'IPN-42',
    pps: '1234567TA',
    addressStreet1: '12 Merrion Square',
    addressZip1: 'D02 XY45',
    addressCity1: 'Dublin',
    addressState1: 'Leinster',
    addressCountry1: 'ireland',
    comments: 'Met at the Cork office.\nPrefers e-mail.',
    vif: true,
    idPal: true,
    pep: false,
    companyForm: 'LTD',
    dateAml: '2025-06-30',
    attachedFiles: [
      {
        url: storedUrls[0],
        folder: `people/${tag}`,
        fileName: 'passport.pdf',
        size: 1024,
        contentType: 'application/pdf',
      },
    ],
  });

  it("refuses a new person whose attachedFiles hold another site's file (400 naming the field)", async () => {
    const res = await t.http
      .post('/api/people')
      .set('Authorization', auth)
      .send({
        firstName: 'Orla',
        lastName: uniqueTag(),
        attachedFiles: ['https://evil.example/payload.pdf'],
      });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      {
        field: 'attachedFiles',
        message: 'attachedFiles[0] must be a file stored by Registra (/api/file/{id})',
      },
    ]);
  });

  describe('create, read, update, delete', () => {
    it('creates with every field, reads it back, and never shows searchText or duplicateKey', async () => {
      const tag = uniqueTag();
      const body = everyField(tag);
      const created = await create(body);
      expect(Object.keys(created).sort()).toEqual(PERSON_KEYS);
      // attachedFiles are the file URLs; the entries sent are the view's `files`.
      expect(created).toMatchObject({
        ...body,
        attachedFiles: body.attachedFiles.map((file) => file.url),
        files: body.attachedFiles,
      });
      expect(created.deletedAt).toBeNull();
      expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);
      expect(created.updatedAt).toBe(created.createdAt);

      const res = await get(created._id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true, data: created });
    });

    it('creates from first and last name only (trimmed), with empty defaults for the rest', async () => {
      const tag = uniqueTag();
      const created = await create({
        firstName: '  Aoife ',
        lastName: ` Murphy${tag} `,
        mail: '',
        phone: '   ',
      });
      expect(created).toMatchObject({
        firstName: 'Aoife',
        lastName: `Murphy${tag}`,
        mail: null,
        phone: null,
        birth: null,
        dateAml: null,
        vif: false,
        idPal: false,
        pep: false,
        attachedFiles: [],
        files: [],
      });
    });

    it.each([
      ['no first name', { lastName: 'Murphy' }],
      ['a blank last name', { firstName: 'Aoife', lastName: '   ' }],
      ['a first name that is not text', { firstName: 42, lastName: 'Murphy' }],
      ['a field no person has', { firstName: 'Aoife', lastName: 'Murphy', isAdmin: true }],
      ['a read-only field', { firstName: 'Aoife', lastName: 'Murphy', _id: 'x' }],
      ['an impossible birth date', { firstName: 'Aoife', lastName: 'Murphy', birth: '2001-02-29' }],
      [
        'a birth date not written YYYY-MM-DD',
        { firstName: 'Aoife', lastName: 'Murphy', birth: '29/02/1984' },
      ],
      ['a dateAml before 2000', { firstName: 'Aoife', lastName: 'Murphy', dateAml: '1999-12-31' }],
      ['a dateAml after 2099', { firstName: 'Aoife', lastName: 'Murphy', dateAml: '2100-01-01' }],
      ['vif as a string', { firstName: 'Aoife', lastName: 'Murphy', vif: 'true' }],
      ['pep null', { firstName: 'Aoife', lastName: 'Murphy', pep: null }],
      [
        'comments over 10000 characters',
        { firstName: 'Aoife', lastName: 'Murphy', comments: 'x'.repeat(10_001) },
      ],
      [
        'a file without url',
        {
          firstName: 'Aoife',
          lastName: 'Murphy',
          attachedFiles: [{ folder: 'people', fileName: 'a.pdf' }],
        },
      ],
      [
        'attachedFiles that are not a list',
        { firstName: 'Aoife', lastName: 'Murphy', attachedFiles: 'a.pdf' },
      ],
    ])('refuses %s with 400 VALIDATION_ERROR', async (_label, body) => {
      const res = await t.http.post('/api/people').set('Authorization', auth).send(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
      expect(Array.isArray(res.body.details)).toBe(true);
    });

    it('accepts the date bounds: dateAml 2000-01-01 and 2099-12-31, birth 1900-01-01', async () => {
      const tag = uniqueTag();
      const low = await create({
        firstName: 'Low',
        lastName: tag,
        dateAml: '2000-01-01',
        birth: '1900-01-01',
      });
      const high = await create({ firstName: 'High', lastName: tag, dateAml: '2099-12-31' });
      expect(low).toMatchObject({ dateAml: '2000-01-01', birth: '1900-01-01' });
      expect(high.dateAml).toBe('2099-12-31');
    });

    it('PUT of the whole record as GET returned it changes every field and ignores the read-only ones', async () => {
      const tag = uniqueTag();
      const created = await create({ firstName: 'Ciara', lastName: `Walsh${tag}` });
      const loaded = (await get(created._id)).body.data as Person;
      const form = {
        ...loaded,
        ...everyField(tag),
        _id: '00000000-0000-4000-8000-000000000000',
        createdAt: '2001-01-01T00:00:00.000Z',
        deletedAt: null,
      };
      const res = await put(created._id, form);
      expect(res.status).toBe(200);
      const updated = res.body.data as Person;
      const { attachedFiles: sentFiles, ...sentFields } = everyField(tag);
      expect(updated).toMatchObject({
        ...sentFields,
        attachedFiles: sentFiles.map((file) => file.url),
        files: sentFiles,
      });
      expect(updated._id).toBe(created._id);
      expect(updated.createdAt).toBe(created.createdAt);
      expect(updated.deletedAt).toBeNull();
      expect(new Date(updated.updatedAt).getTime()).toBeGreaterThan(
        new Date(created.updatedAt).getTime(),
      );
      expect((await get(created._id)).body.data).toEqual(updated);

      // Clearing: '' and null both store null.
      const cleared = await put(created._id, {
        ...updated,
        phone: '',
        mail: null,
        birth: '',
        dateAml: null,
      });
      expect(cleared.status).toBe(200);
      expect(cleared.body.data).toMatchObject({
        phone: null,
        mail: null,
        birth: null,
        dateAml: null,
      });
    });

    it('partial PUT (attachedFiles only, or one field) changes only the named fields', async () => {
      const tag = uniqueTag();
      const created = await create(everyField(tag));
      const files = [
        { url: storedUrls[1], folder: `people/${created._id}`, fileName: 'id.png' },
        {
          url: storedUrls[2],
          folder: `people/${created._id}`,
          fileName: 'bill.pdf',
          uploadedAt: '2025-01-02T03:04:05.000Z',
        },
      ];
      const res = await put(created._id, { attachedFiles: files });
      expect(res.status).toBe(200);
      const { attachedFiles, files: entries, updatedAt, ...rest } = res.body.data as Person;
      const {
        attachedFiles: _before,
        files: _beforeFiles,
        updatedAt: _beforeUpdatedAt,
        ...restBefore
      } = created;
      expect(attachedFiles).toEqual(files.map((file) => file.url));
      expect(entries).toEqual(files);
      expect(rest).toEqual(restBefore);
      expect(updatedAt).not.toBe(created.updatedAt);

      const renamed = await put(created._id, { firstName: 'Sinéad' });
      expect(renamed.body.data).toMatchObject({
        firstName: 'Sinéad',
        lastName: created.lastName,
        mail: created.mail,
        attachedFiles: files.map((file) => file.url),
        files,
      });
      // The search follows the new name at once.
      const found = await search({ search: `sinead ni bhriain ${tag}` });
      expect(ids(found)).toEqual([created._id]);
    });

    it('accepts attachedFiles as URL strings, keeps known entries and answers URLs', async () => {
      const created = await create({ firstName: 'Orla', lastName: uniqueTag() });
      const uploaded = {
        url: storedUrls[3],
        folder: `people/${created._id}`,
        fileName: 'passport.pdf',
        size: 2048,
      };
      expect((await put(created._id, { attachedFiles: [uploaded] })).status).toBe(200);

      const another = storedUrls[4];
      const res = await put(created._id, { attachedFiles: [uploaded.url, another] });
      expect(res.status).toBe(200);
      expect(res.body.data.attachedFiles).toEqual([uploaded.url, another]);

      // Stored as entries: the known upload keeps its name and size, a new URL is named after it.
      const stored = (await get(created._id)).body.data;
      expect(stored.attachedFiles).toEqual([uploaded.url, another]);
      expect(stored.files).toEqual([
        uploaded,
        // The file's id: the last part of its address.
        { url: another, folder: '', fileName: another.slice('/api/file/'.length) },
      ]);

      // Entries (the product's shape) are accepted too; the answer is URLs and `files` alike.
      const back = await put(created._id, { attachedFiles: [uploaded] });
      expect(back.body.data.attachedFiles).toEqual([uploaded.url]);
      expect(back.body.data.files).toEqual([uploaded]);
    });

    it('takes back the record as GET answered it (with its `files`) and changes nothing else', async () => {
      const created = await create(everyField(uniqueTag()));
      const res = await put(created._id, { ...created, files: [{ url: 'ignored' }] });
      expect(res.status).toBe(200);
      expect({ ...res.body.data, updatedAt: created.updatedAt }).toEqual(created);
    });

    it.each([
      ['an empty URL', ['']],
      ['a number', [42]],
      ['null in the list', [null]],
      ['an entry with an unknown key', [{ url: '/x', folder: 'f', fileName: 'a', owner: 'me' }]],
      ['a URL over 2000 characters', [`https://x.ie/${'a'.repeat(2000)}`]],
      // Only files the product stores (ADR 0113).
      ['a javascript: address', ['javascript:alert(document.cookie)']],
      ["another site's file", ['https://docs.example.ie/scans/proof.pdf']],
      [
        "another site's file as an entry",
        [{ url: 'https://evil.example/a.pdf', folder: '', fileName: 'a.pdf' }],
      ],
      ['a path of the product that is no file', ['/api/user/signin_token']],
    ])('refuses attachedFiles with %s (400, nothing changes)', async (_label, attachedFiles) => {
      const created = await create({ firstName: 'Orla', lastName: uniqueTag() });
      const res = await put(created._id, { attachedFiles });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
      expect(res.body.details[0].field).toBe('attachedFiles');
      expect((await get(created._id)).body.data).toEqual(created);
    });

    it.each([
      ['a field no person has', { nickname: 'Ro' }],
      ['an empty first name', { firstName: '' }],
      ['a null last name', { lastName: null }],
      ['a malformed updatedAt', { updatedAt: 'yesterday' }],
      ['an impossible dateAml', { dateAml: '2025-13-01' }],
    ])('PUT with %s answers 400 VALIDATION_ERROR and changes nothing', async (_label, body) => {
      const created = await create({ firstName: 'Róisín', lastName: uniqueTag() });
      const res = await put(created._id, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
      expect((await get(created._id)).body.data).toEqual(created);
    });

    it('PUT with the loaded updatedAt succeeds; a stale one answers 409 VERSION_CONFLICT and writes nothing', async () => {
      const created = await create({ firstName: 'Niamh', lastName: uniqueTag() });
      const first = await put(created._id, { ...created, comments: 'first edit' });
      expect(first.status).toBe(200);

      const stale = await put(created._id, {
        ...created,
        comments: 'second edit from an old screen',
      });
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ ok: false, code: 'VERSION_CONFLICT' });
      expect((await get(created._id)).body.data).toEqual(first.body.data);

      const fresh = await put(created._id, { ...first.body.data, comments: 'second edit' });
      expect(fresh.status).toBe(200);
      expect(fresh.body.data.comments).toBe('second edit');
    });

    it('DELETE soft-deletes: then GET, PUT and DELETE answer 404 and searches leave the person out', async () => {
      const tag = uniqueTag();
      const created = await create({ firstName: 'Eoin', lastName: tag });
      expect(ids(await search({ search: tag }))).toEqual([created._id]);

      const res = await remove(created._id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });

      for (const answer of [
        await get(created._id),
        await put(created._id, { comments: 'x' }),
        await remove(created._id),
      ]) {
        expect(answer.status).toBe(404);
        expect(answer.body).toMatchObject({ ok: false, code: 'NOT_FOUND' });
      }
      // Its address can say it was deleted (and where to restore it), unlike an unknown id.
      expect((await get(created._id)).body).toMatchObject({ code: 'NOT_FOUND', deleted: true });
      const after = await search({ search: tag });
      expect(after.body).toMatchObject({ data: [], totalItems: 0, totalPages: 0 });
    });

    it('an id that is not an id answers 400 INVALID_ID; an unknown id answers 404 NOT_FOUND', async () => {
      for (const res of [
        await get('not-an-id'),
        await put('123', { comments: 'x' }),
        await remove('zzz'),
      ]) {
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ ok: false, code: 'INVALID_ID' });
      }
      const unknown = '7d3f0c52-5d43-4a5f-9a53-3f1f2f7a0e11';
      for (const res of [
        await get(unknown),
        await put(unknown, { comments: 'x' }),
        await remove(unknown),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ ok: false, code: 'NOT_FOUND' });
        expect(res.body).not.toHaveProperty('deleted');
      }
    });

    it('needs a signed-in user', async () => {
      expect((await t.http.post('/api/people/search').send({})).status).toBe(401);
      expect(
        (await t.http.post('/api/people').send({ firstName: 'A', lastName: 'B' })).status,
      ).toBe(401);
      expect((await t.http.get('/api/people/duplicates')).status).toBe(401);
    });
  });

  describe('POST /api/people/search', () => {
    it('finds a substring of first name, last name or e-mail, whatever the case and accents', async () => {
      const tag = uniqueTag();
      const sean = await create({
        firstName: 'Séan',
        lastName: `Ó Briain ${tag}`,
        mail: `sob.${tag}@Example.ie`,
      });
      await create({ firstName: 'Other', lastName: `Person ${tag}` });
      for (const term of [
        'o bri',
        'SEAN',
        'séan ó',
        'Ó BRIAIN',
        `sob.${tag}@example`,
        `  SEAN   o  briain ${tag} `,
      ]) {
        const res = await search({ search: term, limit: 1000 });
        expect(res.status).toBe(200);
        expect(ids(res)).toContain(sean._id);
      }
      const scoped = await search({ search: `briain ${tag}` });
      expect(ids(scoped)).toEqual([sean._id]);
      // Wildcards are plain characters.
      expect((await search({ search: `${tag}%` })).body.data).toEqual([]);
      expect((await search({ search: `o_bri ${tag}` })).body.data).toEqual([]);
    });

    it('answers the list envelope with the API view of each person', async () => {
      const tag = uniqueTag();
      const created = await create(everyField(tag));
      const res = await search({ search: tag });
      expect(res.body).toEqual(onlyPage([created]));
      // The name-sorted search reads through another statement; the view is the same.
      const byName = await search({ search: tag, sortField: 'lastName', sortOrder: 'asc' });
      expect(byName.body.data).toEqual([created]);
    });

    it('lists a person exactly as GET shows it when PostgreSQL wrote the timestamps (microseconds)', async () => {
      const tag = uniqueTag();
      const created = await create(everyField(tag));
      const db = t.app.get<Database>(DATABASE);
      await db.execute(
        sql`UPDATE people SET created_at = created_at + interval '987 microseconds', deleted_at = NULL WHERE id = ${created._id}`,
      );
      const shown = (await get(created._id)).body.data as Person;
      expect(shown.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect((await search({ search: tag })).body.data).toEqual([shown]);
      expect((await search({ search: tag, sortField: 'firstName' })).body.data).toEqual([shown]);
    });

    it("a picker's search lists the last names starting with the text first; a picker that is not true or false is refused", async () => {
      const tag = uniqueTag();
      const inside = await create({ firstName: 'Ann', lastName: `Mac${tag}` });
      const starting = await create({ firstName: 'Bob', lastName: `${tag} Walsh` });
      const body = { search: tag, sortField: 'lastName', sortOrder: 'asc' };
      // By last name alone "Mac…" comes first.
      const picked = await search({ ...body, picker: true });
      expect(picked.status).toBe(200);
      expect(ids(picked)).toEqual([starting._id, inside._id]);
      expect(picked.body.totalItems).toBe(2);
      for (const picker of ['yes', 1]) {
        const refused = await search({ ...body, picker });
        expect({ picker, status: refused.status }).toEqual({ picker, status: 400 });
        expect(JSON.stringify(refused.body)).toContain('picker');
      }
    });

    it('filters by exact lower-case country', async () => {
      const tag = uniqueTag();
      const irish = await create({ firstName: 'Cian', lastName: tag, country: 'ireland' });
      const french = await create({ firstName: 'Chloé', lastName: tag, country: 'france' });
      await create({ firstName: 'Nobody', lastName: tag });
      expect(ids(await search({ search: tag, country: 'ireland' }))).toEqual([irish._id]);
      expect(ids(await search({ search: tag, country: 'france' }))).toEqual([french._id]);
      expect(ids(await search({ search: tag, country: 'irel' }))).toEqual([]);
      expect((await search({ search: tag, country: '' })).body.totalItems).toBe(3);
    });

    describe('sorting', () => {
      const tag = uniqueTag();
      const made: Record<string, string> = {};
      beforeAll(async () => {
        // Created in the order A, B, C; each sort field puts them in a different order.
        made.A = (
          await create({ firstName: 'Ann', lastName: `${tag} Carr`, mail: `c.${tag}@x.ie` })
        )._id;
        made.B = (
          await create({ firstName: 'Bea', lastName: `${tag} Adams`, mail: `a.${tag}@x.ie` })
        )._id;
        made.C = (
          await create({ firstName: 'Cal', lastName: `${tag} Byrne`, mail: `b.${tag}@x.ie` })
        )._id;
      });

      it.each([
        ['firstName', 'ABC'],
        ['lastName', 'BCA'],
        ['mail', 'BCA'],
        ['createdAt', 'ABC'],
      ])('by %s, ascending and descending', async (sortField, ascending) => {
        const order = (letters: string) => letters.split('').map((letter) => made[letter]);
        const asc = await search({ search: tag, sortField, sortOrder: 'asc' });
        expect(ids(asc)).toEqual(order(ascending));
        const desc = await search({ search: tag, sortField, sortOrder: 'desc' });
        expect(ids(desc)).toEqual(order(ascending).reverse());
      });

      it('defaults to createdAt descending', async () => {
        expect(ids(await search({ search: tag }))).toEqual([made.C, made.B, made.A]);
      });
    });

    it('pages with totalItems, totalPages, page and limit, each person exactly once', async () => {
      const tag = uniqueTag();
      const created: string[] = [];
      for (let i = 0; i < 5; i++)
        created.push((await create({ firstName: `P${i}`, lastName: tag }))._id);
      const seen: string[] = [];
      for (const pageNumber of [1, 2, 3]) {
        const res = await search({
          search: tag,
          page: pageNumber,
          limit: 2,
          sortField: 'firstName',
          sortOrder: 'asc',
        });
        expect(res.body).toMatchObject({
          ok: true,
          totalItems: 5,
          totalPages: 3,
          page: pageNumber,
          limit: 2,
        });
        expect(res.body.data).toHaveLength(pageNumber === 3 ? 1 : 2);
        seen.push(...ids(res));
      }
      expect(seen).toEqual(created);
      const beyond = await search({ search: tag, page: 4, limit: 2 });
      expect(beyond.body).toMatchObject({ data: [], totalItems: 5, totalPages: 3, page: 4 });
      const all = await search({ search: tag, limit: 1000 });
      expect(all.body).toMatchObject({ totalItems: 5, totalPages: 1, limit: 1000 });
    });

    it('accepts deletedAt: null (the client sends it) and never lists deleted people', async () => {
      const tag = uniqueTag();
      const kept = await create({ firstName: 'Kept', lastName: tag });
      const gone = await create({ firstName: 'Gone', lastName: tag });
      await remove(gone._id);
      const res = await search({ search: tag, deletedAt: null });
      expect(res.status).toBe(200);
      expect(ids(res)).toEqual([kept._id]);
    });

    it.each([
      ['limit 0', { limit: 0 }],
      ['limit 1001', { limit: 1001 }],
      ['limit as text', { limit: '25' }],
      ['page 0', { page: 0 }],
      ['an unknown sortField', { sortField: 'phone' }],
      ['an unknown sortOrder', { sortOrder: 'up' }],
      ['a deletedAt that is not null', { deletedAt: '2025-01-01T00:00:00.000Z' }],
      ['an unknown filter', { nationality: 'irish' }],
      ['a search that is not text', { search: { $ne: null } }],
    ])('refuses %s with 400 VALIDATION_ERROR', async (_label, body) => {
      const res = await search(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    });
  });

  it('the unfiltered total follows creates, deletes and restores exactly (the maintained count)', async () => {
    const total = async () => {
      const res = await search({ limit: 1 });
      expect(res.status).toBe(200);
      return res.body.totalItems as number;
    };
    const live = async () => {
      const db = t.app.get<Database>(DATABASE);
      const result = (await db.execute(
        sql`SELECT count(*)::int AS n FROM people WHERE deleted_at IS NULL`,
      )) as unknown as { rows: { n: number }[] };
      return result.rows[0].n;
    };
    const before = await total();
    expect(before).toBe(await live());
    const person = await create({ firstName: 'Count', lastName: uniqueTag() });
    expect(await total()).toBe(before + 1);
    expect((await remove(person._id)).status).toBe(200);
    expect(await total()).toBe(before);
    const admin = await createAdmin(t);
    const restored = await t.http
      .post('/api/audit/restore')
      .set('Authorization', admin.auth)
      .send({ recordType: 'people', recordId: person._id });
    expect(restored.status).toBe(200);
    expect(await total()).toBe(before + 1);
    expect(await total()).toBe(await live());
  });

  it('a filtered page and an unfiltered one past the last page: no rows, and still the total', async () => {
    // The count and the page run side by side (ADR 0089): the page is read even past the end.
    const tag = uniqueTag();
    for (const lastName of ['Walsh', 'Byrne', 'Ahern']) await create({ firstName: tag, lastName });
    const filtered = await search({ search: tag, limit: 2, page: 1 });
    expect(filtered.body).toMatchObject({ totalItems: 3, totalPages: 2 });
    expect(filtered.body.data).toHaveLength(2);
    expect((await search({ search: tag, limit: 2, page: 3 })).body).toMatchObject({
      data: [],
      totalItems: 3,
      totalPages: 2,
    });
    const everyone = (await search({ limit: 50 })).body as { totalItems: number };
    const pastEveryone = await search({
      limit: 50,
      page: Math.ceil(everyone.totalItems / 50) + 1,
    });
    expect(pastEveryone.body).toMatchObject({ data: [], totalItems: everyone.totalItems });
  });

  it('a search with few matches sorts them all, page by page, like one with many', async () => {
    const tag = uniqueTag();
    const names = ['Walsh', 'Byrne', 'Ahern', 'Kelly', 'Doyle'];
    for (const lastName of names) await create({ firstName: tag, lastName });
    const page = async (pageNumber: number) =>
      (
        await search({
          search: tag,
          sortField: 'lastName',
          sortOrder: 'desc',
          limit: 2,
          page: pageNumber,
        })
      ).body as { data: { lastName: string }[]; totalItems: number };
    const first = await page(1);
    expect(first.totalItems).toBe(5);
    const all = [...first.data, ...(await page(2)).data, ...(await page(3)).data];
    expect(all.map((person) => person.lastName)).toEqual([...names].sort().reverse());
    // Past the last page: no rows, and still the total.
    expect(await page(4)).toMatchObject({ data: [], totalItems: 5 });
    // Each person answered exactly as the newest-first page answers them.
    const newestFirst = (await search({ search: tag })).body as { data: { _id: string }[] };
    const sortedPage = (await search({ search: tag, sortField: 'lastName', sortOrder: 'asc' }))
      .body as { data: { _id: string }[] };
    const byId = (data: { _id: string }[]) => Object.fromEntries(data.map((p) => [p._id, p]));
    expect(byId(sortedPage.data)).toEqual(byId(newestFirst.data));
  });

  describe('GET /api/people/export (CSV of the list)', () => {
    const exportCsv = (query: Record<string, string>, authorization = auth) =>
      t.http
        .get('/api/people/export')
        .query(query)
        .set('Authorization', authorization)
        .buffer(true)
        .parse(readText);

    it('exports every person the filters match, in the list order, with the list columns', async () => {
      const tag = uniqueTag();
      await create({
        firstName: 'Seán',
        lastName: `Ó Briain ${tag}`,
        mail: `sean.${tag}@x.ie`,
        // Stored as typed (lower-case), exported as names.
        nationality: 'irish',
        country: 'ireland',
        vif: true,
      });
      await create({ firstName: 'Aoife', lastName: `Byrne, ${tag}` });
      await create({ firstName: 'Ciara', lastName: `=Walsh ${tag}`, country: 'spain' });
      const res = await exportCsv({ search: tag, sortField: 'firstName', sortOrder: 'asc' });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="people-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const lines = (res.body as string).replace(/^\uFEFF/, '').split('\r\n');
      const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Dublin' }).format(
        new Date(),
      );
      expect(lines).toEqual([
        'First Name,Last Name,Email,Created At,Nationality,Country,VIF',
        `Aoife,"Byrne, ${tag}",,${today},,,OFF`,
        `Ciara,'=Walsh ${tag},,${today},,Spain,OFF`,
        `Seán,Ó Briain ${tag},sean.${tag}@x.ie,${today},Irish,Ireland,ON`,
        '',
      ]);
      // The same filters narrow it as they narrow the list.
      const spain = await exportCsv({ search: tag, country: 'spain' });
      expect((spain.body as string).split('\r\n')).toHaveLength(3);
    });

    it('refuses bad filters with 400 and strangers with 401, as the list does', async () => {
      const bad = await t.http
        .get('/api/people/export')
        .query({ sortField: 'shoeSize' })
        .set('Authorization', auth);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
      expect(bad.body.details[0].field).toBe('sortField');
      const unknown = await t.http
        .get('/api/people/export')
        .query({ nickname: 'x' })
        .set('Authorization', auth);
      expect(unknown.status).toBe(400);
      expect((await t.http.get('/api/people/export')).status).toBe(401);
    });
  });

  describe('GET /api/people/duplicates', () => {
    it('groups people whose names differ only by case, accents or spacing, and drops deleted ones', async () => {
      const tag = uniqueTag();
      const mary = await create({
        firstName: 'Mary',
        lastName: `O'Brien ${tag}`,
        mail: `mary.${tag}@x.ie`,
      });
      const spaced = await create({ firstName: '  mary  ', lastName: `  o'brien   ${tag} ` });
      const shouting = await create({
        firstName: 'MÁRY',
        lastName: `O'BRIEN ${tag.toUpperCase()}`,
      });
      await create({ firstName: 'Marie', lastName: `O'Brien ${tag}` });

      const findGroup = async () => {
        const res = await t.http.get('/api/people/duplicates').set('Authorization', auth);
        expect(res.status).toBe(200);
        expect(res.body.ok).toBe(true);
        return (
          res.body.data as { _id: string; count: number; people: { contactId: string }[] }[]
        ).find((group) => group.people.some((person) => person.contactId === mary._id));
      };

      const group = await findGroup();
      expect(group).toBeDefined();
      expect(group!.count).toBe(3);
      expect(group!.people.map((person) => person.contactId)).toEqual([
        mary._id,
        spaced._id,
        shouting._id,
      ]);
      expect(group!.people[0]).toEqual({
        contactId: mary._id,
        originalLastName: `O'Brien ${tag}`,
        normalizedFirstName: 'mary',
        mail: `mary.${tag}@x.ie`,
        firstName: 'Mary',
        lastName: `O'Brien ${tag}`,
        createdAt: mary.createdAt,
      });
      expect(group!.people[2]).toMatchObject({
        firstName: 'MÁRY',
        normalizedFirstName: 'mary',
        mail: null,
      });

      await remove(shouting._id);
      expect((await findGroup())!.count).toBe(2);
      await remove(spaced._id);
      expect(await findGroup()).toBeUndefined();
    });

    it('follows renames in and out of a group and a restore (the maintained key counts)', async () => {
      const tag = uniqueTag();
      const first = await create({ firstName: 'Seán', lastName: `Byrne ${tag}` });
      const second = await create({ firstName: 'Sean', lastName: `Burn ${tag}` });
      const groupOf = async (id: string) => {
        const res = await t.http.get('/api/people/duplicates').set('Authorization', auth);
        return (res.body.data as { count: number; people: { contactId: string }[] }[]).find(
          (group) => group.people.some((person) => person.contactId === id),
        );
      };
      expect(await groupOf(first._id)).toBeUndefined();

      // Renamed into the group: it appears; renamed out again: it goes.
      expect((await put(second._id, { lastName: `BYRNE ${tag}` })).status).toBe(200);
      expect((await groupOf(first._id))?.count).toBe(2);
      expect((await put(second._id, { lastName: `Burn ${tag}` })).status).toBe(200);
      expect(await groupOf(first._id)).toBeUndefined();

      // Deleted, then restored by an admin: the group comes back with the restored person.
      expect((await put(second._id, { lastName: `Byrne ${tag}` })).status).toBe(200);
      expect((await remove(second._id)).status).toBe(200);
      expect(await groupOf(first._id)).toBeUndefined();
      const admin = await createAdmin(t);
      const restored = await t.http
        .post('/api/audit/restore')
        .set('Authorization', admin.auth)
        .send({ recordType: 'people', recordId: second._id });
      expect(restored.status).toBe(200);
      expect((await groupOf(first._id))?.people.map((person) => person.contactId)).toEqual([
        first._id,
        second._id,
      ]);
    });

    it('lists the biggest groups first', async () => {
      const res = await t.http.get('/api/people/duplicates').set('Authorization', auth);
      const counts = (res.body.data as { count: number }[]).map((group) => group.count);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      expect(counts.every((count) => count >= 2)).toBe(true);
    });
  });
});
