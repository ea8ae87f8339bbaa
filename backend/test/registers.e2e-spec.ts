import { addDays, todayInDublin } from '@registra/domain';
import { MailDigestService } from '../src/mail/mail-digest.service';
import { readBytes } from './support/http';
import { outboxRowsTo } from './support/mail';
import { pdfText } from './support/pdf-text';
import { createUser, startTestApp, TestApp } from './support/test-app';

type FollowUp = { _id: string; name: string; start_date: string | null; deadline: string | null };

describe('Dated roles, share capital, the registers and the annual return', () => {
  let t: TestApp;
  let auth: string;
  let sequence = 0;
  const tag = () => `rg${Date.now().toString(36)}${(sequence++).toString(36)}`;

  const person = async (firstName: string, more: Record<string, unknown> = {}) => {
    const res = await t.http
      .post('/api/people')
      .set('Authorization', auth)
      .send({ firstName, lastName: tag(), ...more });
    expect(res.status).toBe(200);
    return res.body.data as { _id: string; firstName: string; lastName: string };
  };
  /** A company; its other fields set by a PUT (an address given here is already filed). */
  const organization = async (more: Record<string, unknown> = {}) => {
    const res = await t.http
      .post('/api/organization')
      .set('Authorization', auth)
      .send({ name: `${tag()} Ltd` });
    expect(res.status).toBe(200);
    if (Object.keys(more).length > 0) {
      const changed = await t.http
        .put(`/api/organization/${res.body.data._id}`)
        .set('Authorization', auth)
        .send({ ...more, alreadyFiled: true });
      expect(changed.status).toBe(200);
    }
    return res.body.data as { _id: string; name: string };
  };
  const link = (body: Record<string, unknown>) =>
    t.http.post('/api/linkpeopleorganization').set('Authorization', auth).send(body);
  const put = (id: string, body: Record<string, unknown>) =>
    t.http.put(`/api/linkpeopleorganization/${id}`).set('Authorization', auth).send(body);
  const membersOf = async (organizationId: string) =>
    (
      await t.http
        .post('/api/linkpeopleorganization/search')
        .set('Authorization', auth)
        .send({ organizationId })
    ).body.data as Array<{ _id: string; appointedOn: string | null; ceasedOn: string | null }>;
  const followUpsOf = async (organizationId: string) =>
    (
      await t.http
        .post('/api/followUp/search')
        .set('Authorization', auth)
        .send({ organization_id: organizationId })
    ).body.data as FollowUp[];
  const get = (path: string) => t.http.get(path).set('Authorization', auth);
  const post = (path: string, body: Record<string, unknown>) =>
    t.http.post(path).set('Authorization', auth).send(body);
  const shareClass = async (organizationId: string, name = 'Ordinary') => {
    const res = await post(`/api/organization/${organizationId}/share-classes`, {
      name,
      nominalValue: 1,
      currency: 'EUR',
    });
    expect(res.status).toBe(200);
    return res.body.data as { _id: string; name: string };
  };
  const entry = (organizationId: string, body: Record<string, unknown>) =>
    post(`/api/organization/${organizationId}/share-entries`, body);
  const fileOf = (path: string) => get(path).buffer(true).parse(readBytes);

  beforeAll(async () => {
    t = await startTestApp();
    auth = (await createUser(t)).auth;
  });
  afterAll(() => t.close());

  describe('links with dates', () => {
    it('a link made without dates has them unknown (null), and no interest', async () => {
      const [p, o] = [await person('Aoife'), await organization()];
      const res = await link({ peopleId: p._id, organizationId: o._id, roles: ['shareholder'] });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        appointedOn: null,
        ceasedOn: null,
        beneficialInterest: null,
      });
    });

    it('takes appointedOn, ceasedOn and beneficialInterest on POST and PUT; a ceased link stays listed', async () => {
      const [p, o] = [await person('Brian'), await organization()];
      const created = await link({
        peopleId: p._id,
        organizationId: o._id,
        roles: ['shareholder'],
        beneficiaryPercentage: 40,
        appointedOn: '2024-02-01',
        beneficialInterest: 'Holds 40 % of the voting rights',
      });
      expect(created.status).toBe(200);
      expect(created.body.data).toMatchObject({
        appointedOn: '2024-02-01',
        ceasedOn: null,
        beneficialInterest: 'Holds 40 % of the voting rights',
      });
      const ceased = await put(created.body.data._id, { ceasedOn: '2025-03-31' });
      expect(ceased.status).toBe(200);
      expect(ceased.body.data).toMatchObject({
        appointedOn: '2024-02-01',
        ceasedOn: '2025-03-31',
        roles: ['shareholder'],
        beneficiaryPercentage: 40,
      });
      expect(await membersOf(o._id)).toEqual([
        expect.objectContaining({ appointedOn: '2024-02-01', ceasedOn: '2025-03-31' }),
      ]);
    });

    it('a PUT with a stale updatedAt answers 409 VERSION_CONFLICT and changes nothing', async () => {
      const [p, o] = [await person('Ena'), await organization()];
      const made = (await link({ peopleId: p._id, organizationId: o._id, roles: ['director'] }))
        .body.data;
      const first = await put(made._id, {
        appointedOn: '2025-01-01',
        updatedAt: made.updatedAt,
        alreadyFiled: true,
      });
      expect(first.status).toBe(200);
      const stale = await put(made._id, { ceasedOn: '2025-06-01', updatedAt: made.updatedAt });
      expect(stale.status).toBe(409);
      expect(stale.body.code).toBe('VERSION_CONFLICT');
      expect((await membersOf(o._id))[0]).toMatchObject({
        appointedOn: '2025-01-01',
        ceasedOn: null,
      });
      const fresh = await put(made._id, {
        ceasedOn: '2025-06-01',
        updatedAt: first.body.data.updatedAt,
        alreadyFiled: true,
      });
      expect(fresh.status).toBe(200);
    });

    it('refuses ceasing before appointing, on POST and on PUT, and changes nothing', async () => {
      const [p, o] = [await person('Cian'), await organization()];
      const director = {
        peopleId: p._id,
        organizationId: o._id,
        roles: ['director'],
        appointedOn: '2025-05-02',
      };
      const refused = await link({ ...director, ceasedOn: '2025-05-01' });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        ok: false,
        code: 'VALIDATION_ERROR',
        message: 'ceasedOn must not be before appointedOn',
      });
      expect(await membersOf(o._id)).toEqual([]);
      const made = await link(director);
      const again = await put(made.body.data._id, { ceasedOn: '2025-01-01' });
      expect(again.status).toBe(400);
      expect(again.body.details).toEqual([
        { field: 'ceasedOn', message: 'ceasedOn must not be before appointedOn' },
      ]);
      expect((await membersOf(o._id))[0].ceasedOn).toBeNull();
    });

    it.each([
      ['a day that does not exist', { appointedOn: '2025-02-30' }, 'appointedOn'],
      ['a word for a date', { ceasedOn: 'yesterday' }, 'ceasedOn'],
      [
        'an interest of 501 characters',
        { beneficialInterest: 'x'.repeat(501) },
        'beneficialInterest',
      ],
      ['a text for a flag', { alreadyFiled: 'yes' }, 'alreadyFiled'],
    ])('refuses %s with a 400 naming the field', async (_, body, field) => {
      const [p, o] = [await person('Dara'), await organization()];
      const res = await link({ peopleId: p._id, organizationId: o._id, ...body });
      expect(res.status).toBe(400);
      expect(res.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
    });
  });

  describe("the CRO's B10 clock", () => {
    it('appointing a director starts CHANGE_OF_DIRECTOR once, from the appointment, due 14 days later', async () => {
      const o = await organization();
      const first = await link({
        peopleId: (await person('Eoin'))._id,
        organizationId: o._id,
        roles: ['director'],
        appointedOn: '2026-03-01',
      });
      expect(first.status).toBe(200);
      await link({
        peopleId: (await person('Fiona'))._id,
        organizationId: o._id,
        roles: ['director'],
        appointedOn: '2026-03-05',
      });
      const followUps = await followUpsOf(o._id);
      expect(followUps).toEqual([
        expect.objectContaining({
          name: 'CHANGE_OF_DIRECTOR',
          start_date: '2026-03-01',
          deadline: '2026-03-15',
        }),
      ]);
    });

    it('ceasing a secretary starts CESSATION_OF_DIRECTOR_SECRETARY; appointing one CHANGE_OF_SECRETARY', async () => {
      const o = await organization();
      const made = await link({
        peopleId: (await person('Gráinne'))._id,
        organizationId: o._id,
        roles: ['secretary'],
        appointedOn: '2026-01-10',
      });
      await put(made.body.data._id, { ceasedOn: '2026-02-20' });
      const byName = Object.fromEntries(
        (await followUpsOf(o._id)).map((followUp) => [followUp.name, followUp]),
      );
      expect(byName.CHANGE_OF_SECRETARY).toMatchObject({
        start_date: '2026-01-10',
        deadline: '2026-01-24',
      });
      expect(byName.CESSATION_OF_DIRECTOR_SECRETARY).toMatchObject({
        start_date: '2026-02-20',
        deadline: '2026-03-06',
      });
    });

    it('starts nothing when already filed, for a shareholder, or without a date', async () => {
      const o = await organization();
      await link({
        peopleId: (await person('Hugh'))._id,
        organizationId: o._id,
        roles: ['director'],
        appointedOn: '2026-04-01',
        alreadyFiled: true,
      });
      await link({
        peopleId: (await person('Iseult'))._id,
        organizationId: o._id,
        roles: ['shareholder'],
        appointedOn: '2026-04-01',
      });
      await link({
        peopleId: (await person('Jack'))._id,
        organizationId: o._id,
        roles: ['director'],
      });
      expect(await followUpsOf(o._id)).toEqual([]);
    });
  });

  describe('share classes', () => {
    it('adds, lists and deletes a class not held', async () => {
      const o = await organization();
      const ordinary = await shareClass(o._id);
      expect(ordinary).toMatchObject({ name: 'Ordinary', nominalValue: 1, currency: 'EUR' });
      const preference = await shareClass(o._id, 'Preference');
      const listed = await get(`/api/organization/${o._id}/share-classes`);
      expect(listed.status).toBe(200);
      expect(listed.body.data.map((c: { name: string }) => c.name)).toEqual([
        'Ordinary',
        'Preference',
      ]);
      const deleted = await t.http
        .delete(`/api/organization/${o._id}/share-classes/${preference._id}`)
        .set('Authorization', auth);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ ok: true });
      const after = await get(`/api/organization/${o._id}/share-classes`);
      expect(after.body.data.map((c: { name: string }) => c.name)).toEqual(['Ordinary']);
    });

    it('refuses a second class of the same name (409), bad fields (400), an unknown company (404)', async () => {
      const o = await organization();
      await shareClass(o._id);
      const twice = await post(`/api/organization/${o._id}/share-classes`, {
        name: 'ordinary',
        nominalValue: 1,
        currency: 'EUR',
      });
      expect(twice.status).toBe(409);
      expect(twice.body.code).toBe('SHARE_CLASS_ALREADY_EXISTS');
      for (const body of [
        { name: '', nominalValue: 1, currency: 'EUR' },
        { name: 'A', nominalValue: -1, currency: 'EUR' },
        { name: 'A', nominalValue: 1.0000001, currency: 'EUR' },
        { name: 'A', nominalValue: 1, currency: 'euro' },
      ]) {
        const res = await post(`/api/organization/${o._id}/share-classes`, body);
        expect(res.status).toBe(400);
      }
      const unknown = await post(
        '/api/organization/00000000-0000-4000-8000-000000000000/share-classes',
        { name: 'A', nominalValue: 1, currency: 'EUR' },
      );
      expect(unknown.status).toBe(404);
    });

    it('refuses deleting a class while shares of it are held (409), and an unknown class (404)', async () => {
      const o = await organization();
      const ordinary = await shareClass(o._id);
      const p = await person('Kate');
      expect(
        (
          await entry(o._id, {
            kind: 'allotment',
            date: '2025-01-01',
            shareClassId: ordinary._id,
            shares: 10,
            toPeopleId: p._id,
          })
        ).status,
      ).toBe(200);
      const held = await t.http
        .delete(`/api/organization/${o._id}/share-classes/${ordinary._id}`)
        .set('Authorization', auth);
      expect(held.status).toBe(409);
      expect(held.body.code).toBe('SHARE_CLASS_HELD');
      const unknown = await t.http
        .delete(`/api/organization/${o._id}/share-classes/00000000-0000-4000-8000-000000000000`)
        .set('Authorization', auth);
      expect(unknown.status).toBe(404);
    });
  });

  describe('share entries', () => {
    it('records allotments (with their B5 deadline) and transfers, oldest first', async () => {
      const o = await organization();
      const ordinary = await shareClass(o._id);
      const [ann, bob] = [await person('Ann'), await person('Bob')];
      const allotted = await entry(o._id, {
        kind: 'allotment',
        date: '2025-01-31',
        shareClassId: ordinary._id,
        shares: 100,
        toPeopleId: ann._id,
      });
      expect(allotted.status).toBe(200);
      expect(allotted.body.data).toMatchObject({
        kind: 'allotment',
        shares: 100,
        fromPeopleId: null,
        b5Due: '2025-03-02',
      });
      const filed = await entry(o._id, {
        kind: 'allotment',
        date: '2025-02-01',
        shareClassId: ordinary._id,
        shares: 5,
        toPeopleId: bob._id,
        alreadyFiled: true,
      });
      expect(filed.body.data.b5Due).toBeNull();
      const moved = await entry(o._id, {
        kind: 'transfer',
        date: '2025-06-01',
        shareClassId: ordinary._id,
        shares: 100,
        toPeopleId: bob._id,
        fromPeopleId: ann._id,
      });
      expect(moved.status).toBe(200);
      expect(moved.body.data).toMatchObject({ kind: 'transfer', b5Due: null });
      const listed = await get(`/api/organization/${o._id}/share-entries`);
      expect(listed.body.data.map((e: { date: string }) => e.date)).toEqual([
        '2025-01-31',
        '2025-02-01',
        '2025-06-01',
      ]);
    });

    it('refuses a transfer of more shares than held, and other bad entries, changing nothing', async () => {
      const o = await organization();
      const other = await organization();
      const ordinary = await shareClass(o._id);
      const elsewhere = await shareClass(other._id);
      const [ann, bob] = [await person('Ann'), await person('Bob')];
      await entry(o._id, {
        kind: 'allotment',
        date: '2025-01-01',
        shareClassId: ordinary._id,
        shares: 10,
        toPeopleId: ann._id,
      });
      const base = { date: '2025-02-01', shareClassId: ordinary._id, toPeopleId: bob._id };
      const tooMany = await entry(o._id, {
        ...base,
        kind: 'transfer',
        shares: 11,
        fromPeopleId: ann._id,
      });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.message).toBe(
        'The transferor holds 10 shares of this class on 2025-02-01; 11 cannot be transferred',
      );
      for (const body of [
        { ...base, kind: 'transfer', shares: 1 },
        { ...base, kind: 'transfer', shares: 1, fromPeopleId: bob._id },
        { ...base, kind: 'allotment', shares: 1, fromPeopleId: ann._id },
        { ...base, kind: 'allotment', shares: 0 },
        { ...base, kind: 'allotment', shares: 1.5 },
        { ...base, kind: 'gift', shares: 1 },
        { ...base, kind: 'allotment', shares: 1, shareClassId: elsewhere._id },
        {
          ...base,
          kind: 'allotment',
          shares: 1,
          toPeopleId: '00000000-0000-4000-8000-000000000000',
        },
        { ...base, kind: 'allotment', shares: 1, date: '2025-13-01' },
      ]) {
        const res = await entry(o._id, body);
        expect(res.status).toBe(400);
      }
      const listed = await get(`/api/organization/${o._id}/share-entries`);
      expect(listed.body.data).toHaveLength(1);
    });
  });

  describe('the registers', () => {
    let company: { _id: string; name: string };
    let ann: { _id: string; lastName: string };
    let bob: { _id: string; lastName: string };
    let cat: { _id: string; lastName: string };

    beforeAll(async () => {
      company = await organization({ cro: '765432', address: '1 Merrion Square, Dublin 2' });
      // Last names in the order the registers list people.
      ann = await person('Ann', {
        lastName: `A${tag()}`,
        birth: '1980-05-01',
        nationality: 'irish',
      });
      bob = await person('Bob', { lastName: `B${tag()}` });
      cat = await person('Cat', { lastName: `C${tag()}` });
      await link({
        peopleId: ann._id,
        organizationId: company._id,
        roles: ['director', 'shareholder'],
        beneficiaryPercentage: 60,
        appointedOn: '2020-01-15',
        alreadyFiled: true,
      });
      await link({
        peopleId: bob._id,
        organizationId: company._id,
        roles: ['secretary', 'shareholder'],
        beneficiaryPercentage: 40,
        appointedOn: '2020-01-15',
        ceasedOn: '2025-06-30',
        alreadyFiled: true,
      });
      await link({
        peopleId: cat._id,
        organizationId: company._id,
        roles: ['secretary', 'shareholder'],
        appointedOn: '2025-07-01',
        alreadyFiled: true,
      });
      const ordinary = await shareClass(company._id);
      const allot = (to: string, shares: number) =>
        entry(company._id, {
          kind: 'allotment',
          date: '2020-01-15',
          shareClassId: ordinary._id,
          shares,
          toPeopleId: to,
          alreadyFiled: true,
        });
      await allot(ann._id, 60);
      await allot(bob._id, 40);
      await entry(company._id, {
        kind: 'transfer',
        date: '2025-06-30',
        shareClassId: ordinary._id,
        shares: 40,
        fromPeopleId: bob._id,
        toPeopleId: cat._id,
      });
    });

    const register = (kind: string, asOf?: string) =>
      get(`/api/organization/${company._id}/registers/${kind}${asOf ? `?asOf=${asOf}` : ''}`);

    it('directors and secretaries as of last year, and today', async () => {
      const then = await register('directors-secretaries', '2024-12-31');
      expect(then.status).toBe(200);
      expect(then.body.data).toMatchObject({ asOf: '2024-12-31', kind: 'directors-secretaries' });
      expect(
        then.body.data.entries.map((e: { lastName: string; role: string; current: boolean }) => [
          e.lastName,
          e.role,
          e.current,
        ]),
      ).toEqual([
        [ann.lastName, 'director', true],
        [bob.lastName, 'secretary', true],
      ]);
      expect(then.body.data.entries[1].ceasedOn).toBeNull();
      const now = await register('directors-secretaries');
      expect(
        now.body.data.entries.map((e: { lastName: string; current: boolean; ceasedOn: string }) => [
          e.lastName,
          e.current,
          e.ceasedOn,
        ]),
      ).toEqual([
        [ann.lastName, true, null],
        [cat.lastName, true, null],
        [bob.lastName, false, '2025-06-30'],
      ]);
      expect(now.body.data.entries[0]).toMatchObject({
        dateOfBirth: '1980-05-01',
        appointedOn: '2020-01-15',
      });
    });

    it('members with their shares, date entered and ceased', async () => {
      const then = await register('members', '2024-12-31');
      expect(
        then.body.data.entries.map((e: { lastName: string; shares: number }) => [
          e.lastName,
          e.shares,
        ]),
      ).toEqual([
        [ann.lastName, 60],
        [bob.lastName, 40],
      ]);
      const now = await register('members');
      expect(
        now.body.data.entries.map(
          (e: { lastName: string; shares: number; enteredOn: string; ceasedOn: string }) => [
            e.lastName,
            e.shares,
            e.enteredOn,
            e.ceasedOn,
          ],
        ),
      ).toEqual([
        [ann.lastName, 60, '2020-01-15', null],
        [cat.lastName, 40, '2025-06-30', null],
        [bob.lastName, 0, '2020-01-15', '2025-06-30'],
      ]);
      // Cat's link states 0 %, the shares say 40 %: the Members tab says so.
      const catEntry = now.body.data.entries[1];
      expect(catEntry).toMatchObject({
        percentage: 40,
        statedPercentage: 0,
        sharesPercentageDiffers: true,
      });
      expect(now.body.data.entries[0].sharesPercentageDiffers).toBe(false);
    });

    it('beneficial owners: over 25 % of the shares, or a stated interest', async () => {
      const now = await register('beneficial-owners');
      expect(
        now.body.data.entries.map(
          (e: { lastName: string; percentage: number; interest: string }) => [
            e.lastName,
            e.percentage,
            e.interest,
          ],
        ),
      ).toEqual([
        [ann.lastName, 60, 'Holds 60.00 % of the shares'],
        [cat.lastName, 40, 'Holds 40.00 % of the shares'],
      ]);
    });

    it('as CSV and as PDF, with the company, its number and the date', async () => {
      const csv = await get(
        `/api/organization/${company._id}/registers/members?asOf=2026-01-01&format=csv`,
      );
      expect(csv.status).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      const lines = csv.text.replace('\uFEFF', '').trim().split('\r\n');
      expect(lines[0]).toBe('Name,Address,Class,Shares,Entered as member,Ceased to be member');
      expect(lines).toHaveLength(4);
      expect(lines[3]).toContain('30/06/2025');

      const pdf = await fileOf(
        `/api/organization/${company._id}/registers/directors-secretaries?asOf=2026-01-01&format=pdf`,
      );
      expect(pdf.status).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const text = pdfText(pdf.body as Buffer);
      expect(text).toContain('Register of directors and secretaries');
      expect(text).toContain(company.name);
      expect(text).toContain('765432');
      expect(text).toContain('As of 01/01/2026');
      expect(text).toContain(cat.lastName);
    });

    it('refuses an unknown kind, a bad date or format (400) and an unknown company (404)', async () => {
      expect((await register('charges')).status).toBe(400);
      expect((await register('members', '2026-02-30')).status).toBe(400);
      expect(
        (await get(`/api/organization/${company._id}/registers/members?format=xml`)).status,
      ).toBe(400);
      expect(
        (await get('/api/organization/00000000-0000-4000-8000-000000000000/registers/members'))
          .status,
      ).toBe(404);
    });

    it("the annual return's particulars at an ARD, with what is missing", async () => {
      const res = await get(`/api/organization/${company._id}/annual-return?ard=2025-07-15`);
      expect(res.status).toBe(200);
      const data = res.body.data;
      expect(data).toMatchObject({
        ard: '2025-07-15',
        filingDeadline: '2025-09-09',
        registeredOffice: '1 Merrion Square, Dublin 2',
      });
      expect(data.officers.map((o: { lastName: string }) => o.lastName)).toEqual([
        ann.lastName,
        cat.lastName,
      ]);
      expect(data.shareCapital).toEqual([
        expect.objectContaining({ name: 'Ordinary', issued: 100, held: 100 }),
      ]);
      expect(data.changes).toEqual([
        { date: '2025-06-30', description: expect.stringContaining('ceased') },
        {
          date: '2025-06-30',
          description: expect.stringContaining('Transfer of 40 Ordinary shares'),
        },
        { date: '2025-07-01', description: expect.stringContaining('appointed') },
      ]);
      expect(data.missing).toEqual([
        `Ann ${ann.lastName}: no address`,
        `Cat ${cat.lastName}: no date of birth`,
        `Cat ${cat.lastName}: no address`,
      ]);

      const pdf = await fileOf(
        `/api/organization/${company._id}/annual-return?ard=2025-07-15&format=pdf`,
      );
      expect(pdf.status).toBe(200);
      const text = pdfText(pdf.body as Buffer);
      expect(text).toContain('B1 particulars as at 15/07/2025');
      expect(text).toContain('Filing deadline: 09/09/2025');
      expect(text).toContain(`Cat ${cat.lastName}: no date of birth`);

      expect((await get(`/api/organization/${company._id}/annual-return`)).status).toBe(400);
    });
  });

  describe("the CRO's clocks in the calendar, and the ARD", () => {
    const calendar = async (organizationId: string, kinds: string, from: string, to: string) => {
      const res = await get(
        `/api/calendar?from=${from}&to=${to}&kinds=${kinds}&organizationId=${organizationId}`,
      );
      expect(res.status).toBe(200);
      return res.body.data as Array<{
        kind: string;
        date: string;
        title: string;
        recordType: string;
      }>;
    };

    it('an appointment is a b10 item, not a plain follow-up deadline', async () => {
      const o = await organization();
      await link({
        peopleId: (await person('Liam'))._id,
        organizationId: o._id,
        roles: ['director'],
        appointedOn: '2026-05-04',
      });
      expect(await calendar(o._id, 'b10', '2026-05-01', '2026-05-31')).toEqual([
        expect.objectContaining({
          kind: 'b10',
          date: '2026-05-18',
          recordType: 'followUp',
          title: expect.stringContaining('B10'),
        }),
      ]);
      expect(await calendar(o._id, 'followUpDeadline', '2026-05-01', '2026-05-31')).toEqual([]);
    });

    it('a new registered office starts CHANGE_OF_REGISTERED_ADDRESS (b2) unless already filed', async () => {
      const o = await organization();
      const moved = await t.http
        .put(`/api/organization/${o._id}`)
        .set('Authorization', auth)
        .send({ address: '2 Harcourt Street, Dublin 2' });
      expect(moved.status).toBe(200);
      const [followUp] = await followUpsOf(o._id);
      expect(followUp.name).toBe('CHANGE_OF_REGISTERED_ADDRESS');
      const days =
        (Date.parse(followUp.deadline as string) - Date.parse(followUp.start_date as string)) /
        86_400_000;
      expect(days).toBe(14);
      const items = await calendar(
        o._id,
        'b2',
        followUp.start_date as string,
        followUp.deadline as string,
      );
      expect(items.map((item) => [item.kind, item.date])).toEqual([['b2', followUp.deadline]]);

      const filed = await organization();
      await t.http
        .put(`/api/organization/${filed._id}`)
        .set('Authorization', auth)
        .send({ address: '3 Baggot Street, Dublin 2', alreadyFiled: true });
      expect(await followUpsOf(filed._id)).toEqual([]);
    });

    it("an allotment's B5 is a b5 item 30 days on", async () => {
      const o = await organization();
      const ordinary = await shareClass(o._id);
      await entry(o._id, {
        kind: 'allotment',
        date: '2026-04-10',
        shareClassId: ordinary._id,
        shares: 1,
        toPeopleId: (await person('Maeve'))._id,
      });
      expect(await calendar(o._id, 'b5', '2026-04-01', '2026-05-31')).toEqual([
        expect.objectContaining({ kind: 'b5', date: '2026-05-10', recordType: 'shareEntry' }),
      ]);
    });

    it('a company whose first return is done and no next ARD set has its anniversaries', async () => {
      const o = await organization({ incorporationDate: '2020-01-15', status: true });
      expect(
        (await calendar(o._id, 'ard,filingDeadline', '2026-01-01', '2026-12-31')).map((item) => [
          item.kind,
          item.date,
        ]),
      ).toEqual([
        ['ard', '2026-07-15'],
        ['filingDeadline', '2026-09-09'],
      ]);
    });

    it('completing an annual return moves the next ARD a year on', async () => {
      const o = await organization({ incorporationDate: '2020-01-15', status: true });
      const created = await post('/api/followUp', { name: 'AR_TRADING', organization_id: o._id });
      expect(created.status).toBe(200);
      const id = created.body.data._id;
      const change = (body: Record<string, unknown>) =>
        t.http.put(`/api/followUp/${id}`).set('Authorization', auth).send(body);
      expect((await change({ ARD: '2026-07-15' })).status).toBe(200);
      expect((await change({ step_index: 12 })).status).toBe(200);
      const after = await get(`/api/organization/${o._id}`);
      expect(after.body.data.nextArReminder).toBe('2027-07-15');
    });
  });

  describe('merging duplicates moves the share capital', () => {
    it("a merged company's classes and entries move (a class of a kept name joins it); a merged person's entries name the kept one", async () => {
      const [keep, other] = [await organization(), await organization()];
      const keptOrdinary = await shareClass(keep._id);
      const otherOrdinary = await shareClass(other._id, 'ORDINARY');
      const otherPreference = await shareClass(other._id, 'Preference');
      const [ann, annTwin] = [await person('Ann'), await person('Ann')];
      const allot = (organizationId: string, shareClassId: string, to: string) =>
        entry(organizationId, {
          kind: 'allotment',
          date: '2025-01-01',
          shareClassId,
          shares: 10,
          toPeopleId: to,
          alreadyFiled: true,
        });
      expect((await allot(keep._id, keptOrdinary._id, ann._id)).status).toBe(200);
      expect((await allot(other._id, otherOrdinary._id, annTwin._id)).status).toBe(200);
      expect((await allot(other._id, otherPreference._id, annTwin._id)).status).toBe(200);

      const merged = await post('/api/organization/merge', {
        keepId: keep._id,
        mergeId: other._id,
        fields: {},
      });
      expect(merged.status).toBe(200);
      const classes = await get(`/api/organization/${keep._id}/share-classes`);
      expect(classes.body.data.map((c: { name: string }) => c.name)).toEqual([
        'Ordinary',
        'Preference',
      ]);
      const entries = (await get(`/api/organization/${keep._id}/share-entries`)).body
        .data as Array<{
        shareClassId: string;
        toPeopleId: string;
      }>;
      expect(entries).toHaveLength(3);
      expect(entries.filter((e) => e.shareClassId === keptOrdinary._id)).toHaveLength(2);

      const people = await post('/api/people/merge', {
        keepId: ann._id,
        mergeId: annTwin._id,
        fields: {},
      });
      expect(people.status).toBe(200);
      const after = (await get(`/api/organization/${keep._id}/share-entries`)).body.data as Array<{
        toPeopleId: string;
      }>;
      expect(after.map((e) => e.toPeopleId)).toEqual([ann._id, ann._id, ann._id]);
      const members = (await get(`/api/organization/${keep._id}/registers/members`)).body.data
        .entries as Array<{ peopleId: string; shareClassName: string; shares: number }>;
      expect(members.map((m) => [m.shareClassName, m.shares])).toEqual([
        ['Ordinary', 20],
        ['Preference', 10],
      ]);
    });
  });

  describe('the morning digest', () => {
    it("lists a company's B5 due to its users", async () => {
      const clerk = await createUser(t, { firstName: 'Orla' });
      const today = todayInDublin();
      const o = await organization({
        users: [{ userId: clerk.user._id, userName: 'Orla' }],
      });
      const ordinary = await shareClass(o._id);
      const allotted = await entry(o._id, {
        kind: 'allotment',
        date: addDays(today, -25),
        shareClassId: ordinary._id,
        shares: 7,
        toPeopleId: (await person('Pól'))._id,
      });
      expect(allotted.body.data.b5Due).toBe(addDays(today, 5));
      const outcome = await t.app.get(MailDigestService).buildDigest({
        date: today,
        userId: clerk.user._id,
        email: clerk.user.email,
        firstName: 'Orla',
      });
      expect(outcome).toBe('queued');
      const [mail] = await outboxRowsTo(t, clerk.user.email);
      expect(JSON.stringify(mail.params)).toContain('B5 (allotment of 7 shares)');
    });
  });
});
