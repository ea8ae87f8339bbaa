import { createUser, startTestApp, TestApp } from './support/test-app';

type Link = {
  _id: string;
  peopleId: unknown;
  organizationId: unknown;
  roles: string[];
  beneficiaryPercentage: number;
  createdAt: string;
  updatedAt: string;
};

describe('Person–organization links (/api/linkpeopleorganization)', () => {
  let t: TestApp;
  let auth: string;
  let sequence = 0;
  const uniqueTag = () => `lk${Date.now().toString(36)}${(sequence++).toString(36)}`;

  const person = async (firstName = 'Aoife', lastName = uniqueTag()) => {
    const res = await t.http
      .post('/api/people')
      .set('Authorization', auth)
      .send({ firstName, lastName });
    expect(res.status).toBe(200);
    return res.body.data as { _id: string; firstName: string; lastName: string };
  };
  const organization = async (name = `${uniqueTag()} Ltd`) => {
    const res = await t.http.post('/api/organization').set('Authorization', auth).send({ name });
    expect(res.status).toBe(200);
    return res.body.data as { _id: string; name: string };
  };
  const link = (body: Record<string, unknown>) =>
    t.http.post('/api/linkpeopleorganization').set('Authorization', auth).send(body);
  const search = (body: Record<string, unknown>) =>
    t.http.post('/api/linkpeopleorganization/search').set('Authorization', auth).send(body);
  const put = (id: string, body: Record<string, unknown>) =>
    t.http.put(`/api/linkpeopleorganization/${id}`).set('Authorization', auth).send(body);
  const unlink = (id: string) =>
    t.http.delete(`/api/linkpeopleorganization/${id}`).set('Authorization', auth);
  const linked = async (body: Record<string, unknown>) => {
    const res = await link(body);
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    return res.body.data as Link;
  };

  beforeAll(async () => {
    t = await startTestApp();
    auth = (await createUser(t)).auth;
  });
  afterAll(() => t.close());

  describe('POST /api/linkpeopleorganization', () => {
    it('links with no roles and 0 % by default, and answers the link', async () => {
      const [p, o] = [await person(), await organization()];
      const created = await linked({ peopleId: p._id, organizationId: o._id });
      expect(Object.keys(created).sort()).toEqual(
        [
          '_id',
          'appointedOn',
          'beneficialInterest',
          'beneficiaryPercentage',
          'ceasedOn',
          'createdAt',
          'organizationId',
          'peopleId',
          'roles',
          'updatedAt',
        ].sort(),
      );
      expect(created).toMatchObject({
        peopleId: p._id,
        organizationId: o._id,
        roles: [],
        beneficiaryPercentage: 0,
      });
      expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);
    });

    it('keeps the beneficiary percentage for a shareholder and stores 0 otherwise', async () => {
      const p = await person();
      const shareholder = await linked({
        peopleId: p._id,
        organizationId: (await organization())._id,
        roles: ['director', 'shareholder'],
        beneficiaryPercentage: 37.5,
      });
      expect(shareholder).toMatchObject({
        roles: ['director', 'shareholder'],
        beneficiaryPercentage: 37.5,
      });

      const director = await linked({
        peopleId: p._id,
        organizationId: (await organization())._id,
        roles: ['director', 'secretary'],
        beneficiaryPercentage: 50,
      });
      expect(director).toMatchObject({
        roles: ['director', 'secretary'],
        beneficiaryPercentage: 0,
      });
    });

    it.each([0, 100, 12.34, 99.99])(
      'accepts a beneficiary percentage of %p',
      async (beneficiaryPercentage) => {
        const created = await linked({
          peopleId: (await person())._id,
          organizationId: (await organization())._id,
          roles: ['shareholder'],
          beneficiaryPercentage,
        });
        expect(created.beneficiaryPercentage).toBe(beneficiaryPercentage);
      },
    );

    it('links a pair once: the second time answers 409 LINK_ALREADY_EXISTS', async () => {
      const [p, o] = [await person(), await organization()];
      await linked({ peopleId: p._id, organizationId: o._id, roles: ['director'] });
      const again = await link({ peopleId: p._id, organizationId: o._id, roles: ['secretary'] });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({
        ok: false,
        code: 'LINK_ALREADY_EXISTS',
        message: 'This person is already linked to this organization',
      });
      const links = await search({ peopleId: p._id });
      expect(links.body.data).toHaveLength(1);
      expect(links.body.data[0].roles).toEqual(['director']);
    });

    it('answers 404 NOT_FOUND for a missing or deleted person or organization', async () => {
      const [p, o] = [await person(), await organization()];
      const unknown = '7d3f0c52-5d43-4a5f-9a53-3f1f2f7a0e11';
      for (const body of [
        { peopleId: unknown, organizationId: o._id },
        { peopleId: p._id, organizationId: unknown },
      ]) {
        const res = await link(body);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ ok: false, code: 'NOT_FOUND' });
      }
      const [deletedPerson, deletedOrganization] = [await person(), await organization()];
      await t.http.delete(`/api/people/${deletedPerson._id}`).set('Authorization', auth);
      await t.http
        .delete(`/api/organization/${deletedOrganization._id}`)
        .set('Authorization', auth);
      expect((await link({ peopleId: deletedPerson._id, organizationId: o._id })).status).toBe(404);
      expect(
        (await link({ peopleId: p._id, organizationId: deletedOrganization._id })).status,
      ).toBe(404);
      expect((await search({ peopleId: p._id })).body.data).toEqual([]);
    });

    it.each([
      ['a percentage over 100', { roles: ['shareholder'], beneficiaryPercentage: 101 }],
      ['a negative percentage', { roles: ['shareholder'], beneficiaryPercentage: -1 }],
      ['a percentage with 3 decimals', { roles: ['shareholder'], beneficiaryPercentage: 12.345 }],
      [
        'a tiny percentage in exponent notation',
        { roles: ['shareholder'], beneficiaryPercentage: 1e-7 },
      ],
      ['a percentage as text', { roles: ['shareholder'], beneficiaryPercentage: '50' }],
      [
        'an out-of-range percentage without shareholder',
        { roles: ['director'], beneficiaryPercentage: 101 },
      ],
      ['an unknown role', { roles: ['ceo'] }],
      ['a repeated role', { roles: ['director', 'director'] }],
      ['roles that are not a list', { roles: 'director' }],
      ['a field no link has', { roles: [], note: 'x' }],
      ['a person id that is not an id', { peopleId: 'nope' }],
      ['no organization id', { organizationId: undefined }],
    ])('refuses %s with 400 VALIDATION_ERROR', async (_label, overrides) => {
      const [p, o] = [await person(), await organization()];
      const res = await link({ peopleId: p._id, organizationId: o._id, ...overrides });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
      expect((await search({ peopleId: p._id })).body.data).toEqual([]);
    });
  });

  describe('POST /api/linkpeopleorganization/search', () => {
    let company: { _id: string; name: string };
    let other: { _id: string; name: string };
    let director: { _id: string; firstName: string; lastName: string };
    let shareholder: { _id: string; firstName: string; lastName: string };
    let secretary: { _id: string; firstName: string; lastName: string };
    const links: Record<string, Link> = {};

    beforeAll(async () => {
      company = await organization();
      other = await organization();
      director = await person('Dara', uniqueTag());
      shareholder = await person('Seán', uniqueTag());
      secretary = await person('Saoirse', uniqueTag());
      links.director = await linked({
        peopleId: director._id,
        organizationId: company._id,
        roles: ['director'],
      });
      links.shareholder = await linked({
        peopleId: shareholder._id,
        organizationId: company._id,
        roles: ['shareholder', 'director'],
        beneficiaryPercentage: 60,
      });
      links.secretary = await linked({
        peopleId: secretary._id,
        organizationId: company._id,
        roles: ['secretary'],
      });
      links.directorElsewhere = await linked({
        peopleId: director._id,
        organizationId: other._id,
        roles: ['other'],
      });
    });

    it("by organizationId: the organization's links, oldest first, each with its person populated", async () => {
      const res = await search({ organizationId: company._id });
      expect(res.status).toBe(200);
      expect(res.body.ok).toBe(true);
      expect(res.body.data).toEqual([
        {
          ...links.director,
          peopleId: { _id: director._id, firstName: 'Dara', lastName: director.lastName },
        },
        {
          ...links.shareholder,
          peopleId: { _id: shareholder._id, firstName: 'Seán', lastName: shareholder.lastName },
        },
        {
          ...links.secretary,
          peopleId: { _id: secretary._id, firstName: 'Saoirse', lastName: secretary.lastName },
        },
      ]);
    });

    it("by peopleId: the person's links, oldest first, each with its organization populated", async () => {
      const res = await search({ peopleId: director._id });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([
        { ...links.director, organizationId: { _id: company._id, name: company.name } },
        { ...links.directorElsewhere, organizationId: { _id: other._id, name: other.name } },
      ]);
    });

    it('by organizationId and roles: only links having any of the roles', async () => {
      const directors = await search({ organizationId: company._id, roles: ['director'] });
      expect(directors.body.data.map((l: Link) => l._id)).toEqual([
        links.director._id,
        links.shareholder._id,
      ]);
      const either = await search({
        organizationId: company._id,
        roles: ['secretary', 'shareholder'],
      });
      expect(either.body.data.map((l: Link) => l._id)).toEqual([
        links.shareholder._id,
        links.secretary._id,
      ]);
      const none = await search({ organizationId: company._id, roles: ['nomineeDirector'] });
      expect(none.body.data).toEqual([]);
      // No role ticked filters nothing out.
      expect((await search({ organizationId: company._id, roles: [] })).body.data).toHaveLength(3);
    });

    it('answers an empty list for an id with no links', async () => {
      const res = await search({ organizationId: '7d3f0c52-5d43-4a5f-9a53-3f1f2f7a0e11' });
      expect(res.body).toEqual({ ok: true, data: [] });
    });

    it.each([
      ['neither id', {}],
      [
        'both ids',
        {
          peopleId: '7d3f0c52-5d43-4a5f-9a53-3f1f2f7a0e11',
          organizationId: '7d3f0c52-5d43-4a5f-9a53-3f1f2f7a0e12',
        },
      ],
      ['an id that is not an id', { organizationId: 'abc' }],
      [
        'an unknown role',
        { organizationId: '7d3f0c52-5d43-4a5f-9a53-3f1f2f7a0e11', roles: ['boss'] },
      ],
      ['an unknown field', { organizationId: '7d3f0c52-5d43-4a5f-9a53-3f1f2f7a0e11', page: 1 }],
    ])('refuses %s with 400 VALIDATION_ERROR', async (_label, body) => {
      const res = await search(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    });

    it('a deleted person or organization drops out of every result', async () => {
      const o = await organization();
      const [kept, gone] = [await person('Kept'), await person('Gone')];
      const keptLink = await linked({
        peopleId: kept._id,
        organizationId: o._id,
        roles: ['director'],
      });
      const goneLink = await linked({
        peopleId: gone._id,
        organizationId: o._id,
        roles: ['director'],
      });
      const closing = await organization();
      await linked({ peopleId: kept._id, organizationId: closing._id });

      await t.http.delete(`/api/people/${gone._id}`).set('Authorization', auth);
      const members = await search({ organizationId: o._id });
      expect(members.body.data.map((l: Link) => l._id)).toEqual([keptLink._id]);
      expect((await search({ peopleId: gone._id })).body.data).toEqual([]);
      // Its link can no longer be edited either.
      expect((await put(goneLink._id, { roles: ['secretary'] })).status).toBe(404);

      await t.http.delete(`/api/organization/${closing._id}`).set('Authorization', auth);
      const organizations = await search({ peopleId: kept._id });
      expect(organizations.body.data.map((l: Link) => l._id)).toEqual([keptLink._id]);
      expect((await search({ organizationId: closing._id })).body.data).toEqual([]);
    });
  });

  describe('PUT /api/linkpeopleorganization/:id', () => {
    it('changes roles and percentage; the percentage falls to 0 when shareholder is removed', async () => {
      const created = await linked({
        peopleId: (await person())._id,
        organizationId: (await organization())._id,
      });
      const shareholder = await put(created._id, {
        roles: ['shareholder'],
        beneficiaryPercentage: 60,
      });
      expect(shareholder.status).toBe(200);
      expect(shareholder.body.data).toMatchObject({
        _id: created._id,
        peopleId: created.peopleId,
        organizationId: created.organizationId,
        roles: ['shareholder'],
        beneficiaryPercentage: 60,
        createdAt: created.createdAt,
      });
      expect(new Date(shareholder.body.data.updatedAt).getTime()).toBeGreaterThanOrEqual(
        new Date(created.updatedAt).getTime(),
      );

      const director = await put(created._id, { roles: ['director'], beneficiaryPercentage: 60 });
      expect(director.body.data).toMatchObject({ roles: ['director'], beneficiaryPercentage: 0 });

      // A field left out keeps its value.
      const back = await put(created._id, { roles: ['director', 'shareholder'] });
      expect(back.body.data).toMatchObject({
        roles: ['director', 'shareholder'],
        beneficiaryPercentage: 0,
      });
      const percentOnly = await put(created._id, { beneficiaryPercentage: 25.5 });
      expect(percentOnly.body.data).toMatchObject({
        roles: ['director', 'shareholder'],
        beneficiaryPercentage: 25.5,
      });

      const listed = await search({ peopleId: created.peopleId });
      expect(listed.body.data[0]).toMatchObject({
        roles: ['director', 'shareholder'],
        beneficiaryPercentage: 25.5,
      });
    });

    it.each([
      ['a percentage over 100', { roles: ['shareholder'], beneficiaryPercentage: 101 }],
      ['an unknown role', { roles: ['chair'] }],
      ['a field no link has', { peopleId: '7d3f0c52-5d43-4a5f-9a53-3f1f2f7a0e11' }],
    ])('refuses %s with 400 VALIDATION_ERROR and changes nothing', async (_label, body) => {
      const created = await linked({
        peopleId: (await person())._id,
        organizationId: (await organization())._id,
        roles: ['shareholder'],
        beneficiaryPercentage: 10,
      });
      const res = await put(created._id, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
      const listed = await search({ peopleId: created.peopleId });
      expect(listed.body.data[0]).toMatchObject({
        roles: ['shareholder'],
        beneficiaryPercentage: 10,
      });
    });

    it('answers 404 for a missing link and 400 INVALID_ID for a bad id', async () => {
      const missing = await put('7d3f0c52-5d43-4a5f-9a53-3f1f2f7a0e11', { roles: [] });
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ ok: false, code: 'NOT_FOUND' });
      const bad = await put('not-an-id', { roles: [] });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ ok: false, code: 'INVALID_ID' });
    });
  });

  describe('DELETE /api/linkpeopleorganization/:id', () => {
    it('deletes the link (the pair can be linked again); a second delete answers 404', async () => {
      const [p, o] = [await person(), await organization()];
      const created = await linked({ peopleId: p._id, organizationId: o._id, roles: ['director'] });
      const res = await unlink(created._id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
      expect((await search({ organizationId: o._id })).body.data).toEqual([]);

      const again = await unlink(created._id);
      expect(again.status).toBe(404);
      expect(again.body).toMatchObject({ ok: false, code: 'NOT_FOUND' });
      expect((await put(created._id, { roles: [] })).status).toBe(404);

      const relinked = await linked({ peopleId: p._id, organizationId: o._id });
      expect(relinked._id).not.toBe(created._id);
      // The person and the organization themselves are untouched.
      expect((await t.http.get(`/api/people/${p._id}`).set('Authorization', auth)).status).toBe(
        200,
      );
    });

    it('answers 400 INVALID_ID for a bad id', async () => {
      const res = await unlink('1234');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ ok: false, code: 'INVALID_ID' });
    });
  });

  it('needs a signed-in user', async () => {
    expect(
      (
        await t.http
          .post('/api/linkpeopleorganization/search')
          .send({ organizationId: '7d3f0c52-5d43-4a5f-9a53-3f1f2f7a0e11' })
      ).status,
    ).toBe(401);
    expect((await t.http.post('/api/linkpeopleorganization').send({})).status).toBe(401);
  });
});
