import { sql } from 'drizzle-orm';
import { OrganizationsRepository } from '../src/organizations/organizations.repository';
import { DATABASE } from '../src/platform/database/database';
import type { Database } from '../src/platform/database/database';
import { UnitOfWork } from '../src/platform/database/unit-of-work';
import { auditActionsOf, auditRowsOf } from './support/audit';
import { paymentReminder } from './support/mail';
import { createAdmin, createStaff, startTestApp } from './support/test-app';
import type { SignedIn, TestApp } from './support/test-app';

/** The change history (ADR 0008): one audit row per change, in the change's transaction. */
describe('Change history (/api/audit)', () => {
  let t: TestApp;
  let admin: SignedIn;
  let staff: SignedIn;

  const post = (path: string, body: object, who: SignedIn = staff) =>
    t.http.post(path).set('Authorization', who.auth).send(body);
  const put = (path: string, body: object, who: SignedIn = staff) =>
    t.http.put(path).set('Authorization', who.auth).send(body);
  const del = (path: string, who: SignedIn = staff) =>
    t.http.delete(path).set('Authorization', who.auth);
  const history = (query: Record<string, string | number>, who: SignedIn = staff) =>
    t.http.get('/api/audit').query(query).set('Authorization', who.auth);

  beforeAll(async () => {
    t = await startTestApp();
    admin = await createAdmin(t, { firstName: 'Aoife', lastName: 'Admin' });
    staff = await createStaff(t, { firstName: 'Mary', lastName: 'Byrne' });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('create, update (fields with old and new values), delete and restore of an organization', async () => {
    const created = await post('/api/organization', { name: 'Audit Trail Ltd' });
    const id = created.body.data._id as string;
    await put(`/api/organization/${id}`, { financialYearEnd: '2025-12-31' });
    await put(`/api/organization/${id}`, { financialYearEnd: '2026-03-31', cro: '654321' });
    expect((await del(`/api/organization/${id}`)).status).toBe(200);

    const rows = await auditRowsOf(t, id);
    expect(rows.map((row) => row.action)).toEqual(['create', 'update', 'update', 'delete']);
    for (const row of rows) {
      expect(row.userId).toBe(staff.user._id);
      expect(row.userName).toBe('Mary Byrne');
      expect(row.recordType).toBe('organization');
      expect(row.recordLabel).toBe('Audit Trail Ltd');
    }
    // Derived and bookkeeping columns are left out; the changed ones carry [old, new].
    expect(rows[2].changes).toEqual({
      financial_year_end: ['2025-12-31', '2026-03-31'],
      cro: [null, '654321'],
      corporation_tax_paid_reminder: expect.any(Array),
    });
    expect(rows[0].data).toMatchObject({ name: 'Audit Trail Ltd' });
    expect(rows[0].data).not.toHaveProperty('search_text');
    expect(rows[0].data).not.toHaveProperty('search_bucket');

    const res = await history({ recordType: 'organization', recordId: id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, totalItems: 4, totalPages: 1, page: 1 });
    // Newest first, API field names.
    expect(res.body.data.map((e: { action: string }) => e.action)).toEqual([
      'delete',
      'update',
      'update',
      'create',
    ]);
    expect(res.body.data[1].changes).toEqual(
      expect.arrayContaining([
        { field: 'financialYearEnd', old: '2025-12-31', new: '2026-03-31' },
        { field: 'cro', old: null, new: '654321' },
      ]),
    );
    expect(res.body.data[3].data).toMatchObject({
      name: 'Audit Trail Ltd',
      financialYearEnd: null,
    });

    // Restore: admins only; the record is back and the restore is recorded.
    const refused = await post('/api/audit/restore', { recordType: 'organization', recordId: id });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    const restored = await post(
      '/api/audit/restore',
      { recordType: 'organization', recordId: id },
      admin,
    );
    expect(restored.status).toBe(200);
    expect(
      (await t.http.get(`/api/organization/${id}`).set('Authorization', staff.auth)).status,
    ).toBe(200);
    const last = (await auditRowsOf(t, id)).at(-1)!;
    expect(last).toMatchObject({ action: 'restore', userName: 'Aoife Admin' });
    // Nothing deleted to restore any more.
    const again = await post(
      '/api/audit/restore',
      { recordType: 'organization', recordId: id },
      admin,
    );
    expect(again.status).toBe(404);
  });

  it('a person: create, update and delete name the person', async () => {
    const created = await post('/api/people', { firstName: 'Sean', lastName: 'Walsh' });
    const id = created.body.data._id as string;
    await put(`/api/people/${id}`, { nationality: 'irish' });
    await del(`/api/people/${id}`);
    const rows = await auditRowsOf(t, id);
    expect(rows.map((row) => [row.action, row.recordType, row.recordLabel])).toEqual([
      ['create', 'people', 'Sean Walsh'],
      ['update', 'people', 'Sean Walsh'],
      ['delete', 'people', 'Sean Walsh'],
    ]);
    expect(rows[1].changes).toEqual({ nationality: [null, 'irish'] });
  });

  it('link and unlink are kept in both records’ history; an unlinked pair can be linked again', async () => {
    const person = (await post('/api/people', { firstName: 'Niamh', lastName: 'Doyle' })).body.data;
    const organization = (await post('/api/organization', { name: 'Linked Ltd' })).body.data;
    const link = await post('/api/linkpeopleorganization', {
      peopleId: person._id,
      organizationId: organization._id,
      roles: ['director'],
    });
    expect(link.status).toBe(200);
    await put(`/api/linkpeopleorganization/${link.body.data._id}`, { roles: ['secretary'] });
    expect((await del(`/api/linkpeopleorganization/${link.body.data._id}`)).status).toBe(200);
    // The link left every list, and the pair may be linked again.
    const members = await post('/api/linkpeopleorganization/search', {
      organizationId: organization._id,
    });
    expect(members.body.data).toEqual([]);
    const relinked = await post('/api/linkpeopleorganization', {
      peopleId: person._id,
      organizationId: organization._id,
    });
    expect(relinked.status).toBe(200);

    expect(await auditActionsOf(t, link.body.data._id)).toEqual(['link', 'update', 'unlink']);
    const organizationHistory = await history({
      recordType: 'organization',
      recordId: organization._id,
    });
    expect(
      organizationHistory.body.data.map((e: { recordType: string; action: string }) => [
        e.recordType,
        e.action,
      ]),
    ).toEqual([
      ['link', 'link'],
      ['link', 'unlink'],
      ['link', 'update'],
      ['link', 'link'],
      ['organization', 'create'],
    ]);
    const personHistory = await history({ recordType: 'people', recordId: person._id });
    expect(personHistory.body.totalItems).toBe(5);
  });

  it('upload and file delete, in the owner’s history', async () => {
    const organization = (await post('/api/organization', { name: 'Filed Ltd' })).body.data;
    const upload = await t.http
      .post('/api/file')
      .set('Authorization', staff.auth)
      .field('folder', `organization/${organization._id}/bank`)
      .attach('file', Buffer.from('statement'), 'statement.pdf');
    expect(upload.status).toBe(200);
    const fileId = upload.body.data._id as string;
    expect((await del(`/api/file/${fileId}`)).status).toBe(200);
    // The file is gone for everyone, its row stays for the history.
    expect((await t.http.get(`/api/file/${fileId}`).set('Authorization', staff.auth)).status).toBe(
      404,
    );
    const fileRows = await auditRowsOf(t, fileId);
    expect(fileRows.map((row) => [row.action, row.recordLabel, row.userName])).toEqual([
      ['upload', 'statement.pdf', 'Mary Byrne'],
      ['file delete', 'statement.pdf', 'Mary Byrne'],
    ]);
    expect(fileRows[0].data).not.toHaveProperty('storage_key');
    const actions = await auditActionsOf(t, organization._id);
    // The file row first, then the owner's attachedFiles entry, in each transaction.
    expect(actions).toEqual(['create', 'upload', 'update', 'file delete', 'update']);
  });

  it('an e-mail queued is recorded with its subject', async () => {
    const organization = (await post('/api/organization', { name: 'Acme Ltd' })).body.data;
    await put(`/api/organization/${organization._id}`, { mail: 'client@example.ie' });
    const res = await post('/api/organization/send', paymentReminder('client@example.ie'));
    expect(res.status).toBe(200);
    const rows = await auditRowsOf(t, res.body.data._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'email queued',
      recordType: 'email',
      userName: 'Mary Byrne',
    });
    expect(rows[0].data).toMatchObject({ to: 'client@example.ie' });
  });

  it('sign-up, sign-in and a failed sign-in each write one row', async () => {
    const email = `audit.${Date.now()}@firm.test`;
    const signup = await t.http.post('/api/user/signup').send({
      firstName: 'Ciara',
      lastName: 'Nolan',
      email,
      password: 'correct horse battery',
      secretCode: 'test-signup-code',
    });
    expect(signup.status).toBe(200);
    const userId = signup.body.data._id as string;
    expect(
      (await t.http.post('/api/user/signin').send({ email, password: 'wrong password!' })).status,
    ).toBe(401);
    expect(
      (await t.http.post('/api/user/signin').send({ email, password: 'correct horse battery' }))
        .status,
    ).toBe(200);

    const rows = await auditRowsOf(t, userId);
    expect(rows.map((row) => [row.action, row.userId, row.userName])).toEqual([
      ['sign-up', userId, 'Ciara Nolan'],
      ['failed sign-in', null, null],
      ['sign-in', userId, 'Ciara Nolan'],
    ]);
    expect(rows[0].data).not.toHaveProperty('password_hash');
    expect(rows[1].recordLabel).toBe(email);
  });

  it('a failed write leaves no audit row: the row and its audit commit or roll back together', async () => {
    const unitOfWork = t.app.get(UnitOfWork);
    const organizations = t.app.get(OrganizationsRepository);
    let id = '';
    await expect(
      unitOfWork.transaction(async () => {
        id = (
          await organizations.insert({
            name: 'Never Ltd',
            searchText: 'never ltd',
            duplicateKey: 'never',
          })
        ).id;
        expect(await auditActionsOf(t, id)).toEqual(['create']); // visible inside the transaction
        throw new Error('the rest of the write failed');
      }),
    ).rejects.toThrow('the rest of the write failed');
    expect(await auditActionsOf(t, id)).toEqual([]);

    // Over HTTP: a stale version answers 409 and writes neither the change nor a row.
    const organization = (await post('/api/organization', { name: 'Versioned Ltd' })).body.data;
    const stale = await put(`/api/organization/${organization._id}`, {
      cro: '1',
      updatedAt: '2000-01-01T00:00:00.000Z',
    });
    expect(stale.status).toBe(409);
    expect(await auditActionsOf(t, organization._id)).toEqual(['create']);
  });

  it('audit rows are append-only: UPDATE, DELETE and TRUNCATE are refused', async () => {
    const db = t.app.get<Database>(DATABASE);
    await expect(db.execute(sql`UPDATE audit_log SET user_name = 'x'`)).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
    await expect(db.execute(sql`TRUNCATE audit_log`)).rejects.toThrow();
  });

  describe('who may read what', () => {
    it('any staff member reads one record’s history; only admins the whole log (403 FORBIDDEN)', async () => {
      const whole = await history({});
      expect(whole.status).toBe(403);
      expect(whole.body.code).toBe('FORBIDDEN');
      expect((await history({ recordType: 'organization' })).status).toBe(403);
      const asAdmin = await history({ limit: 5 }, admin);
      expect(asAdmin.status).toBe(200);
      expect(asAdmin.body).toMatchObject({ ok: true, page: 1, limit: 5 });
      expect(asAdmin.body.data).toHaveLength(5);
      const times = asAdmin.body.data.map((e: { at: string }) => e.at);
      expect([...times].sort().reverse()).toEqual(times);
    });

    it("the whole log's total is the maintained count, exact after every kind of write (ADR 0094)", async () => {
      const db = t.app.get<Database>(DATABASE);
      const counted = async () =>
        (
          (await db.execute(sql`SELECT count(*)::int AS total FROM audit_log`)) as unknown as {
            rows: { total: number }[];
          }
        ).rows[0].total;
      const total = async () => (await history({ limit: 1 }, admin)).body.totalItems as number;
      const before = await total();
      expect(before).toBe(await counted());
      // A create, an update, a delete: one row each.
      const created = await post('/api/organization', { name: 'Counted History Ltd' });
      const id = created.body.data._id as string;
      await put(`/api/organization/${id}`, { cro: '777777' });
      await del(`/api/organization/${id}`);
      expect(await total()).toBe(before + 3);
      // One statement appending two rows; a change rolled back appends nothing.
      await db.execute(
        sql`INSERT INTO audit_log (record_type, action) VALUES ('user', 'failed sign-in'), ('user', 'failed sign-in')`,
      );
      await expect(
        db.transaction(async (tx) => {
          await tx.execute(
            sql`INSERT INTO audit_log (record_type, action) VALUES ('user', 'failed sign-in')`,
          );
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await total()).toBe(before + 5);
      expect(await total()).toBe(await counted());
      // Filtered, it counts its matches.
      const ofType = await history({ recordType: 'organization', limit: 1 }, admin);
      const organizationRows = (
        (await db.execute(
          sql`SELECT count(*)::int AS total FROM audit_log WHERE record_type = 'organization'`,
        )) as unknown as { rows: { total: number }[] }
      ).rows[0].total;
      expect(ofType.body.totalItems).toBe(organizationRows);
    });

    it('filters by user and by period', async () => {
      // A member of staff of this test alone: the log holds exactly the changes made here.
      const clerk = await createStaff(t, { firstName: 'Cian', lastName: 'Clerk' });
      // An instant strictly between two changes (the log's times are the database clock's, to
      // the microsecond; an instant here is to the millisecond).
      const pause = () => new Promise((resolve) => setTimeout(resolve, 15));
      const instant = async () => {
        await pause();
        const at = new Date().toISOString();
        await pause();
        return at;
      };
      const start = await instant();
      const created = await post('/api/organization', { name: 'Period Filter Ltd' }, clerk);
      const id = created.body.data._id as string;
      const between = await instant();
      await put(`/api/organization/${id}`, { cro: '246810' }, clerk);
      const end = await instant();

      // The clerk's rows a query answers, newest first: exactly these, with these fields.
      const entries = async (query: Record<string, string>) => {
        const res = await history({ userId: clerk.user._id, ...query }, admin);
        expect(res.status).toBe(200);
        expect(res.body.totalItems).toBe(res.body.data.length);
        return res.body.data as unknown[];
      };
      const exactly = (...rows: object[]) => rows.map((row) => expect.objectContaining(row));
      const change = (action: string) => ({
        action,
        recordType: 'organization',
        recordId: id,
        recordLabel: 'Period Filter Ltd',
        userId: clerk.user._id,
        userName: 'Cian Clerk',
      });
      const signUp = {
        action: 'sign-up',
        recordType: 'user',
        recordId: clerk.user._id,
        recordLabel: 'Cian Clerk',
        userId: clerk.user._id,
        userName: 'Cian Clerk',
      };

      // By user: the clerk's sign-up and two changes, none of anyone else's.
      expect(await entries({})).toEqual(exactly(change('update'), change('create'), signUp));
      // By period, bounded by instants: each row falls on its side of each bound.
      expect(await entries({ from: start, to: end })).toEqual(
        exactly(change('update'), change('create')),
      );
      expect(await entries({ from: start, to: between })).toEqual(exactly(change('create')));
      expect(await entries({ from: between })).toEqual(exactly(change('update')));
      expect(await entries({ to: start })).toEqual(exactly(signUp));
      expect(await entries({ from: end })).toEqual([]);
      // By days (Dublin): nothing from the day after tomorrow, nothing up to a day long past.
      const dayAfterTomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
      expect((await history({ from: dayAfterTomorrow }, admin)).body.totalItems).toBe(0);
      expect((await history({ to: '2000-01-01' }, admin)).body.totalItems).toBe(0);
    });

    it.each([
      [{ recordType: 'widget', recordId: '00000000-0000-0000-0000-000000000000' }],
      [{ recordType: 'organization', recordId: 'not-an-id' }],
      [{ from: '31/12/2025' }],
      [{ page: 0 }],
      [{ limit: 100000 }],
      [{ from: '2026-02-01', to: '2026-01-01' }],
      [{ colour: 'red' }],
    ])('bad query %j → 400', async (query) => {
      const res = await history(query, admin);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    });

    it('restore refuses bad input and records that cannot come back', async () => {
      expect(
        (
          await post(
            '/api/audit/restore',
            { recordType: 'widget', recordId: admin.user._id },
            admin,
          )
        ).status,
      ).toBe(400);
      expect(
        (await post('/api/audit/restore', { recordType: 'file', recordId: admin.user._id }, admin))
          .status,
      ).toBe(404);
      expect((await post('/api/audit/restore', {}, admin)).status).toBe(400);
    });
  });
});
