import { PUBLIC_FORM_MESSAGES } from '@registra/domain';
import { auditRowsOf } from './support/audit';
import { outboxRowsTo, setRole } from './support/mail';
import { postJsonText } from './support/http';
import { createUser, startTestApp } from './support/test-app';
import type { SignedIn, TestApp } from './support/test-app';

type Person = Record<string, unknown>;
type FormBody = Record<string, unknown> & { peoples: Person[] };

/** Where the form's person lives: a conversion copies it onto the person's record. */
const ADDRESS = {
  street: '12 Harbour Road',
  city: 'Dublin',
  state: 'Leinster',
  country: 'Ireland',
  zip: 'D02 XY45',
};

/** A person of the public form with every required field filled. */
const person = (roles: string[], extra: Person = {}): Person => ({
  roles,
  personType: 'naturalPerson',
  beneficiaryPercentage: roles.includes('shareholder') ? 100 : 0,
  firstName: 'Aoife',
  lastName: 'Murphy',
  mail: 'aoife@example.ie',
  phone: '+353 1 555 0101',
  birth: '1985-04-12',
  nationality: 'Irish',
  ...ADDRESS,
  ...extra,
});

describe('Company-creation requests (/api/form)', () => {
  let t: TestApp;
  let limited: TestApp;
  let admin: SignedIn;
  let auth: string;
  const tag = `fm${Date.now().toString(36)}`;
  let sequence = 0;

  /** A valid request: one director-secretary-shareholder... made valid by the caller's roles. */
  const request = (changes: Partial<FormBody> = {}): FormBody => ({
    organizationName1: `${tag} Emerald ${sequence++}`,
    organizationName2: `${tag} Shamrock`,
    organizationName3: `${tag} Liffey`,
    description: 'Conseil en informatique',
    IDPAL: true,
    secretaryCompany: false,
    anonymeShareholder: false,
    peoples: [
      person(['director', 'shareholder'], { firstName: 'Aoife', lastName: `Murphy ${tag}` }),
      person(['secretary'], {
        firstName: 'Sean',
        lastName: `Byrne ${tag}`,
        beneficiaryPercentage: 0,
      }),
    ],
    ...changes,
  });
  const submit = (body: unknown) => t.http.post('/api/form').send(body as object);
  const search = (body: Record<string, unknown>) =>
    t.http.post('/api/form/search').set('Authorization', auth).send(body);
  const byName = async (name: string) => {
    const res = await search({ search: name, limit: 100 });
    expect(res.status).toBe(200);
    return res.body.data as Array<Record<string, unknown>>;
  };
  /** Sends a valid request and returns the stored one, as staff see it. */
  const stored = async (changes: Partial<FormBody> = {}) => {
    const body = request(changes);
    const res = await submit(body);
    expect(res.status).toBe(200);
    const [row] = await byName(body.organizationName1 as string);
    const full = await t.http.get(`/api/form/${row._id as string}`).set('Authorization', auth);
    return full.body.data as Record<string, unknown> & { _id: string; peoples: Person[] };
  };

  beforeAll(async () => {
    t = await startTestApp({
      APP_URL: 'https://registra.firm.test',
      PUBLIC_FORM_POSTS_PER_HOUR: '100000',
    });
    // A second instance with a small limit, behind a proxy. Both close at the end: they share
    // the database pool of the run.
    limited = await startTestApp({ PUBLIC_FORM_POSTS_PER_HOUR: '3', TRUST_PROXY: 'true' });
    admin = await createUser(t, { firstName: 'Ciara', lastName: 'Byrne' });
    await setRole(t, admin.user._id, 'admin');
    auth = admin.auth;
  });

  afterAll(async () => {
    await limited.close();
    await t.close();
  });

  describe('POST /api/form (public)', () => {
    it('takes a request without a token, keeps every field and tells each administrator', async () => {
      const body = request();
      const res = await submit(body);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });

      const [row] = await byName(body.organizationName1 as string);
      expect(row).toMatchObject({
        organizationName1: body.organizationName1,
        members: 2,
        directors: `Aoife Murphy ${tag}`,
        organizationId: null,
      });
      const full = await t.http.get(`/api/form/${row._id as string}`).set('Authorization', auth);
      expect(full.body.data).toMatchObject({
        organizationName2: body.organizationName2,
        description: 'Conseil en informatique',
        IDPAL: true,
        secretaryCompany: false,
        anonymeShareholder: false,
        convertedAt: null,
      });
      expect(full.body.data.peoples[0]).toEqual({
        ...person(['director', 'shareholder'], { lastName: `Murphy ${tag}` }),
        secretaryCompany: false,
        anonymeShareholder: false,
        KBIS: '',
        authorizedPerson_name: '',
        authorizedPerson_address: '',
      });

      const mails = (await outboxRowsTo(t, admin.user.email)).filter(
        (mail) => mail.params.organizationName1 === body.organizationName1,
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ template: 'form-request-received', tag: 'form-request' });
      expect(mails[0].params.link).toBe(`https://registra.firm.test/form/${row._id as string}`);

      // The history names the anonymous author.
      const [created] = await auditRowsOf(t, row._id as string);
      expect(created).toMatchObject({
        action: 'create',
        recordType: 'form',
        userName: 'Public form',
      });
    });

    // PUBLIC_FORM_SUBMIT_CHECKS: checked in this order, each refusal in French.
    it.each([
      [
        'no director',
        [person(['secretary', 'shareholder'])],
        true,
        'Veuillez ajouter un directeur.',
      ],
      [
        'no secretary',
        [person(['director', 'shareholder'])],
        true,
        'Veuillez ajouter un secrétaire.',
      ],
      [
        'no shareholder',
        [person(['director']), person(['secretary'])],
        true,
        'Veuillez ajouter un actionnaire.',
      ],
      [
        'IDPAL not ticked',
        [person(['director', 'secretary', 'shareholder'])],
        false,
        'Veuillez compléter la certification IDPAL.',
      ],
      ['nobody and no IDPAL', [person([])], false, 'Veuillez ajouter un directeur.'],
    ])('%s → 400 "%s" and nothing stored', async (_, peoples, IDPAL, message) => {
      const body = request({ peoples, IDPAL });
      const res = await submit(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ ok: false, code: 'VALIDATION_ERROR', message });
      expect(await byName(body.organizationName1 as string)).toEqual([]);
    });

    it('checks the roles before the fields, then each field in French', async () => {
      const res = await submit(
        request({ organizationName2: '', peoples: [person(['secretary'])] }),
      );
      expect(res.body.message).toBe('Veuillez ajouter un directeur.');
    });

    const everyone = ['director', 'secretary', 'shareholder'];
    it.each([
      [
        'a company name missing',
        { organizationName3: '  ' },
        'organizationName3',
        PUBLIC_FORM_MESSAGES.fieldRequired,
      ],
      [
        'the description missing',
        { description: '' },
        'description',
        PUBLIC_FORM_MESSAGES.fieldRequired,
      ],
      [
        'a first name missing',
        { peoples: [person(everyone, { firstName: '' })] },
        'peoples.0.firstName',
        PUBLIC_FORM_MESSAGES.fieldRequired,
      ],
      [
        'the postal code missing',
        { peoples: [person(everyone, { zip: undefined })] },
        'peoples.0.zip',
        PUBLIC_FORM_MESSAGES.fieldRequired,
      ],
      [
        'a malformed e-mail',
        { peoples: [person(everyone, { mail: 'aoife@' })] },
        'peoples.0.mail',
        PUBLIC_FORM_MESSAGES.emailInvalid,
      ],
      [
        'a birth date not YYYY-MM-DD',
        { peoples: [person(everyone, { birth: '12/04/1985' })] },
        'peoples.0.birth',
        PUBLIC_FORM_MESSAGES.birthOutOfRange,
      ],
      [
        'a beneficiary over 100',
        { peoples: [person(everyone, { beneficiaryPercentage: 101 })] },
        'peoples.0.beneficiaryPercentage',
        PUBLIC_FORM_MESSAGES.beneficiaryOutOfRange,
      ],
      [
        'a negative beneficiary',
        { peoples: [person(everyone, { beneficiaryPercentage: -1 })] },
        'peoples.0.beneficiaryPercentage',
        PUBLIC_FORM_MESSAGES.beneficiaryOutOfRange,
      ],
      [
        'a beneficiary as text',
        { peoples: [person(everyone, { beneficiaryPercentage: '50' })] },
        'peoples.0.beneficiaryPercentage',
        PUBLIC_FORM_MESSAGES.beneficiaryOutOfRange,
      ],
      [
        'an unknown role',
        { peoples: [person([...everyone, 'king'])] },
        'peoples.0.roles',
        PUBLIC_FORM_MESSAGES.fieldInvalid,
      ],
      ['IDPAL as text', { IDPAL: 'oui' }, 'IDPAL', PUBLIC_FORM_MESSAGES.fieldInvalid],
      [
        'a name of 201 characters',
        { organizationName1: 'x'.repeat(201) },
        'organizationName1',
        PUBLIC_FORM_MESSAGES.textTooLong,
      ],
      [
        'markup in a name',
        { organizationName2: '<img src=x onerror=alert(1)>' },
        'organizationName2',
        PUBLIC_FORM_MESSAGES.markupRefused,
      ],
      [
        'markup in a person',
        { peoples: [person(everyone, { city: '<b>Cork</b>' })] },
        'peoples.0.city',
        PUBLIC_FORM_MESSAGES.markupRefused,
      ],
      [
        'a field the form does not have',
        { status: 'APPROVED' },
        'status',
        PUBLIC_FORM_MESSAGES.fieldNotAccepted,
      ],
      [
        '100 people',
        { peoples: Array.from({ length: 100 }, () => person(everyone)) },
        'peoples',
        PUBLIC_FORM_MESSAGES.tooManyPeople,
      ],
    ])('%s → 400 naming %s, in French, nothing stored', async (_, changes, field, message) => {
      const body = request(changes as Partial<FormBody>);
      const res = await submit(body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.message).toBe(message);
      expect(res.body.details).toContainEqual({ field, message });
      expect(await byName(`${tag} Shamrock`)).not.toContainEqual(
        expect.objectContaining({ organizationName1: body.organizationName1 }),
      );
    });

    it('takes 99 people (the maximum), a legal person and the offers', async () => {
      const peoples = [
        person(['director', 'secretary', 'shareholder'], { lastName: `Ninety ${tag}` }),
        ...Array.from({ length: 98 }, (_, index) =>
          person(['other'], { firstName: `P${index}`, lastName: `Ninety ${tag}` }),
        ),
      ];
      peoples[1] = person(['shareholder', 'nonExecutiveDirector'], {
        personType: 'legalPerson',
        KBIS: '123 456 789',
        authorizedPerson_name: 'Jean Dupont',
        authorizedPerson_address: '1 rue de Paris',
        beneficiaryPercentage: 0,
        lastName: `Ninety ${tag}`,
      });
      const form = await stored({ peoples, secretaryCompany: true, anonymeShareholder: true });
      expect(form.peoples).toHaveLength(99);
      expect(form).toMatchObject({ secretaryCompany: true, anonymeShareholder: true });
      expect(form.peoples[1]).toMatchObject({ personType: 'legalPerson', KBIS: '123 456 789' });
    });

    it('answers a filled honeypot like an accepted request and keeps nothing', async () => {
      const body = request();
      const res = await submit({ ...body, website: 'http://spam.example' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
      expect(await byName(body.organizationName1 as string)).toEqual([]);
      const mails = (await outboxRowsTo(t, admin.user.email)).filter(
        (mail) => mail.params.organizationName1 === body.organizationName1,
      );
      expect(mails).toEqual([]);
    });

    it('refuses a body over 512 KB with 413 in French, and a body that is not an object', async () => {
      const big = await submit(request({ description: 'x'.repeat(600 * 1024) }));
      expect(big.status).toBe(413);
      expect(big.body).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: PUBLIC_FORM_MESSAGES.bodyTooLarge,
      });
      for (const body of [[1, 2], 'text']) {
        const res = await postJsonText(t, '/api/form', JSON.stringify(body));
        expect(res.status).toBe(400);
      }
    });

    it('a description over 5000 characters is refused, in French', async () => {
      const res = await submit(request({ description: 'x'.repeat(5001) }));
      expect(res.status).toBe(400);
      expect(res.body.details).toContainEqual({
        field: 'description',
        message: PUBLIC_FORM_MESSAGES.textTooLong,
      });
    });
  });

  describe('the per-address limit', () => {
    it('answers 429 with Retry-After past the posts one address may send in an hour; others go on', async () => {
      // A fresh address each run: the counter lives in the machine's Redis for the hour.
      const octet = () => Math.floor(Math.random() * 250) + 1;
      const visitor = `10.${octet()}.${octet()}.${octet()}`;
      const other = `172.16.${octet()}.${octet()}`;
      const post = (from: string, body: object) =>
        limited.http.post('/api/form').set('X-Forwarded-For', from).send(body);

      expect((await post(visitor, request())).status).toBe(200);
      // Refused posts count too: a bot probing the checks is contained as well.
      expect((await post(visitor, { peoples: [] })).status).toBe(400);
      expect((await post(visitor, { ...request(), website: 'x' })).status).toBe(200);
      const refused = await post(visitor, request());
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        message: PUBLIC_FORM_MESSAGES.tooManyRequests,
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);

      expect((await post(other, request())).status).toBe(200);
    });
  });

  describe('staff calls', () => {
    it.each([
      ['post', '/api/form/search'],
      ['get', '/api/form/00000000-0000-4000-8000-000000000000'],
      ['put', '/api/form/00000000-0000-4000-8000-000000000000'],
      ['delete', '/api/form/00000000-0000-4000-8000-000000000000'],
      ['post', '/api/form/00000000-0000-4000-8000-000000000000/convert'],
    ] as const)('%s %s needs a signed-in user (401)', async (method, path) => {
      const res = await t.http[method](path).send({});
      expect(res.status).toBe(401);
    });

    it('searches the three names and the people, newest first, with Members and Directors', async () => {
      const first = await stored({ organizationName2: `${tag} Searchable Two` });
      const second = await stored({
        peoples: [
          person(['director', 'secretary', 'shareholder'], {
            firstName: 'Órla',
            lastName: `Ní Bhriain ${tag}`,
          }),
        ],
      });

      const byPerson = await search({ search: `orla ni bhriain ${tag}` });
      expect(byPerson.body.data.map((row: { _id: string }) => row._id)).toEqual([second._id]);
      expect(byPerson.body.data[0]).toMatchObject({
        members: 1,
        directors: `Órla Ní Bhriain ${tag}`,
      });
      expect(byPerson.body).toMatchObject({ totalItems: 1, totalPages: 1 });

      const byName2 = await search({ search: `${tag} searchable two` });
      expect(byName2.body.data.map((row: { _id: string }) => row._id)).toEqual([first._id]);

      const newest = await search({ search: tag, limit: 2 });
      expect(newest.body.data[0]._id).toBe(second._id);
      expect(newest.body.data[0]).not.toHaveProperty('peoples');
      // The line PostgreSQL writes holds the list's fields, each as the request's GET shows it.
      expect(newest.body.data[0]).toEqual({
        _id: second._id,
        organizationName1: second.organizationName1,
        organizationName2: second.organizationName2,
        organizationName3: second.organizationName3,
        description: second.description,
        members: 1,
        directors: `Órla Ní Bhriain ${tag}`,
        organizationId: second.organizationId,
        createdAt: second.createdAt,
        updatedAt: second.updatedAt,
      });
      expect(newest.body.totalPages).toBe(Math.ceil(newest.body.totalItems / 2));

      const byNameAsc = await search({
        search: tag,
        sortField: 'organizationName1',
        sortOrder: 'asc',
        limit: 100,
      });
      const names = byNameAsc.body.data.map(
        (row: { organizationName1: string }) => row.organizationName1,
      );
      expect(names).toEqual(
        [...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)),
      );
    });

    it.each([
      [{ sortField: 'members; drop table forms' }],
      [{ sortOrder: 'sideways' }],
      [{ page: 0 }],
      [{ limit: 100000 }],
    ])('search refuses %j with 400', async (body) => {
      expect((await search(body)).status).toBe(400);
    });

    it('get answers 404 for an unknown request and 400 for a malformed id', async () => {
      const missing = await t.http
        .get('/api/form/00000000-0000-4000-8000-000000000000')
        .set('Authorization', auth);
      expect(missing.status).toBe(404);
      expect((await t.http.get('/api/form/nope').set('Authorization', auth)).status).toBe(400);
    });

    it('updates the whole request: name 1 and description required, beneficiary 0..100, stale → 409', async () => {
      const form = await stored();
      const put = (body: object) =>
        t.http.put(`/api/form/${form._id}`).set('Authorization', auth).send(body);

      for (const [changes, field, message] of [
        [{ organizationName1: ' ' }, 'organizationName1', 'Organization name 1 is required'],
        [{ description: '' }, 'description', 'Description is required'],
        [
          { peoples: [{ ...form.peoples[0], beneficiaryPercentage: 120 }] },
          'peoples.0.beneficiaryPercentage',
          'Beneficiary percentage must be between 0 and 100',
        ],
      ] as const) {
        const res = await put({ ...form, ...changes });
        expect(res.status).toBe(400);
        expect(res.body.details).toContainEqual({ field, message });
      }

      const edited = await put({
        ...form,
        organizationName1: `${tag} Renamed`,
        peoples: [
          ...form.peoples,
          { firstName: 'Eimear', lastName: `Walsh ${tag}`, roles: ['director'] },
        ],
      });
      expect(edited.status).toBe(200);
      expect(edited.body.data).toMatchObject({ organizationName1: `${tag} Renamed` });
      expect(edited.body.data.peoples[2]).toMatchObject({
        firstName: 'Eimear',
        personType: 'naturalPerson',
        beneficiaryPercentage: 0,
        mail: '',
      });
      const [row] = await byName(`${tag} Renamed`);
      expect(row).toMatchObject({
        members: 3,
        directors: `Aoife Murphy ${tag}, Eimear Walsh ${tag}`,
      });

      // A field left out keeps its value.
      const kept = await put({
        organizationName1: `${tag} Renamed`,
        description: 'Autre',
        updatedAt: edited.body.data.updatedAt,
      });
      expect(kept.status).toBe(200);
      expect(kept.body.data.peoples).toHaveLength(3);

      const stale = await put({ ...form, updatedAt: form.updatedAt });
      expect(stale.status).toBe(409);
      expect(stale.body.code).toBe('VERSION_CONFLICT');
    });

    it('deletes softly: the request leaves the list and its page, the history keeps it', async () => {
      const form = await stored();
      const res = await t.http.delete(`/api/form/${form._id}`).set('Authorization', auth);
      expect(res.status).toBe(200);
      expect((await t.http.get(`/api/form/${form._id}`).set('Authorization', auth)).status).toBe(
        404,
      );
      expect(await byName(form.organizationName1 as string)).toEqual([]);
      expect((await t.http.delete(`/api/form/${form._id}`).set('Authorization', auth)).status).toBe(
        404,
      );
      expect((await auditRowsOf(t, form._id)).map((row) => row.action)).toContain('delete');
    });
  });

  describe('POST /api/form/{id}/convert', () => {
    it('creates the organization, its people (reusing a twin), links and INCORPORATION, once', async () => {
      // Already in the book: the same person, spelt with other case and accents.
      const existing = await t.http
        .post('/api/people')
        .set('Authorization', auth)
        .send({ firstName: 'SEAN', lastName: `BYRNE ${tag.toUpperCase()}`, mail: 'sean@firm.ie' });
      expect(existing.status).toBe(200);

      const form = await stored({
        description: 'Software consultancy',
        peoples: [
          person(['director', 'shareholder'], {
            firstName: 'Aoife',
            lastName: `Convert ${tag}`,
            beneficiaryPercentage: 60,
            country: 'France',
          }),
          person(['secretary', 'nonExecutiveDirector', 'shareholder'], {
            firstName: 'Seán',
            lastName: `Byrne ${tag}`,
            beneficiaryPercentage: 40,
          }),
        ],
      });
      const res = await t.http.post(`/api/form/${form._id}/convert`).set('Authorization', auth);
      expect(res.status).toBe(200);
      const conversion = res.body.data as {
        organizationId: string;
        people: Array<{ _id: string; reused: boolean }>;
        followUpId: string | null;
      };
      expect(conversion.people).toEqual([
        expect.objectContaining({ firstName: 'Aoife', reused: false }),
        {
          _id: existing.body.data._id,
          firstName: 'SEAN',
          lastName: `BYRNE ${tag.toUpperCase()}`,
          reused: true,
        },
      ]);

      const organization = await t.http
        .get(`/api/organization/${conversion.organizationId}`)
        .set('Authorization', auth);
      expect(organization.body.data).toMatchObject({
        name: form.organizationName1,
        businessActivity: 'Software consultancy',
        country: 'ireland',
        creationStatus: 'IN_PROGRESS',
        // The prospect wrote in French: the client's documents and mails go out in French.
        language: 'fr',
      });
      // Its INCORPORATION follow-up is listed on the record itself.
      expect(organization.body.data.followUps).toEqual([
        expect.objectContaining({ _id: conversion.followUpId, followUpName: 'INCORPORATION' }),
      ]);

      const aoife = await t.http
        .get(`/api/people/${conversion.people[0]._id}`)
        .set('Authorization', auth);
      expect(aoife.body.data).toMatchObject({
        mail: 'aoife@example.ie',
        birth: '1985-04-12',
        nationality: 'Irish',
        addressStreet1: ADDRESS.street,
        addressCity1: ADDRESS.city,
        addressZip1: ADDRESS.zip,
        addressCountry1: 'france',
        country: 'france',
      });
      // The reused person is left as staff keep it.
      const sean = await t.http
        .get(`/api/people/${existing.body.data._id}`)
        .set('Authorization', auth);
      expect(sean.body.data).toMatchObject({
        mail: 'sean@firm.ie',
        updatedAt: existing.body.data.updatedAt,
      });

      const links = await t.http
        .post('/api/linkpeopleorganization/search')
        .set('Authorization', auth)
        .send({ organizationId: conversion.organizationId });
      const byPerson = Object.fromEntries(
        (
          links.body.data as Array<{
            peopleId: { _id: string };
            roles: string[];
            beneficiaryPercentage: number;
          }>
        ).map((link) => [
          link.peopleId._id,
          { roles: link.roles, beneficiaryPercentage: link.beneficiaryPercentage },
        ]),
      );
      expect(byPerson).toEqual({
        [conversion.people[0]._id]: {
          roles: ['director', 'shareholder'],
          beneficiaryPercentage: 60,
        },
        [existing.body.data._id]: {
          roles: ['director', 'secretary', 'shareholder'],
          beneficiaryPercentage: 40,
        },
      });

      const followUps = await t.http
        .post('/api/followUp/search')
        .set('Authorization', auth)
        .send({ organization_id: conversion.organizationId, archived_at: null });
      expect(followUps.body.data).toEqual([
        expect.objectContaining({
          _id: conversion.followUpId,
          name: 'INCORPORATION',
          step_index: 0,
        }),
      ]);

      const after = await t.http.get(`/api/form/${form._id}`).set('Authorization', auth);
      expect(after.body.data.organizationId).toBe(conversion.organizationId);
      expect(after.body.data.convertedAt).toEqual(expect.any(String));

      const twice = await t.http.post(`/api/form/${form._id}/convert`).set('Authorization', auth);
      expect(twice.status).toBe(409);
      expect(twice.body).toMatchObject({
        code: 'FORM_ALREADY_CONVERTED',
        organizationId: conversion.organizationId,
      });
    });

    it('GET /conversion shows what convert will create, and creates nothing', async () => {
      // Already in the book: reused by the conversion, so counted as reused by the preview.
      await t.http
        .post('/api/people')
        .set('Authorization', auth)
        .send({ firstName: 'Niamh', lastName: `Preview ${tag}` });
      const form = await stored({
        peoples: [
          person(['director', 'shareholder'], { firstName: 'Niamh', lastName: `Preview ${tag}` }),
          // The same person twice is one person with both roles: one person, one link.
          person(['secretary'], {
            firstName: 'niamh',
            lastName: `PREVIEW ${tag}`,
            beneficiaryPercentage: 0,
          }),
          person(['nonExecutiveDirector'], {
            firstName: 'Ciara',
            lastName: `Preview ${tag}`,
            beneficiaryPercentage: 0,
          }),
        ],
      });
      const preview = await t.http
        .get(`/api/form/${form._id}/conversion`)
        .set('Authorization', auth);
      expect(preview.status).toBe(200);
      expect(preview.body).toEqual({
        ok: true,
        data: {
          organizationName: form.organizationName1,
          people: 2,
          reused: 1,
          links: 2,
          followUp: 'INCORPORATION',
        },
      });
      // Read only: no organization, the request still open, Ciara still unknown.
      const organizations = await t.http
        .post('/api/organization/search')
        .set('Authorization', auth)
        .send({ search: form.organizationName1 as string });
      expect(organizations.body.data).toEqual([]);
      const people = await t.http
        .post('/api/people/search')
        .set('Authorization', auth)
        .send({ search: `Ciara Preview ${tag}` });
      expect(people.body.totalItems).toBe(0);

      // The conversion then does what the preview said.
      const res = await t.http.post(`/api/form/${form._id}/convert`).set('Authorization', auth);
      const converted = res.body.data as { people: Array<{ reused: boolean }> };
      expect(converted.people).toHaveLength(preview.body.data.people);
      expect(converted.people.filter((one) => one.reused)).toHaveLength(preview.body.data.reused);
      // Once converted, the preview answers as convert would: 409.
      const after = await t.http.get(`/api/form/${form._id}/conversion`).set('Authorization', auth);
      expect(after.status).toBe(409);
      expect(after.body.code).toBe('FORM_ALREADY_CONVERTED');
    });

    it('GET /conversion of a deleted request answers 404 saying it was deleted; no token, 401', async () => {
      const form = await stored();
      expect((await t.http.get(`/api/form/${form._id}/conversion`)).status).toBe(401);
      await t.http.delete(`/api/form/${form._id}`).set('Authorization', auth);
      const res = await t.http.get(`/api/form/${form._id}/conversion`).set('Authorization', auth);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', deleted: true });
    });

    it('two conversions at once make one organization; the other answers 409', async () => {
      const form = await stored();
      const convert = () => t.http.post(`/api/form/${form._id}/convert`).set('Authorization', auth);
      const answers = await Promise.all([convert(), convert()]);
      expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
      const organizations = await t.http
        .post('/api/organization/search')
        .set('Authorization', auth)
        .send({ search: form.organizationName1 as string });
      expect(organizations.body.data).toHaveLength(1);
    });

    it('refuses a request whose person has no name, and changes nothing', async () => {
      const form = await stored();
      const edited = await t.http
        .put(`/api/form/${form._id}`)
        .set('Authorization', auth)
        .send({ ...form, peoples: [...form.peoples, { roles: ['other'], firstName: 'Only' }] });
      expect(edited.status).toBe(200);
      const res = await t.http.post(`/api/form/${form._id}/convert`).set('Authorization', auth);
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([
        { field: 'peoples.2', message: 'A person needs a first and a last name' },
      ]);
      const organizations = await t.http
        .post('/api/organization/search')
        .set('Authorization', auth)
        .send({ search: form.organizationName1 as string });
      expect(organizations.body.data).toEqual([]);
    });

    it('answers 404 for a deleted request', async () => {
      const form = await stored();
      await t.http.delete(`/api/form/${form._id}`).set('Authorization', auth);
      const res = await t.http.post(`/api/form/${form._id}/convert`).set('Authorization', auth);
      expect(res.status).toBe(404);
    });
  });
});
