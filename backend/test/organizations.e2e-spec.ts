import { sql } from 'drizzle-orm';
import { DATABASE } from '../src/platform/database/database';
import type { Database } from '../src/platform/database/database';
import { uploadFile } from './support/files';
import { onlyPage, readText } from './support/http';
import { createUser, startTestApp, TestApp } from './support/test-app';

describe('Organizations (/api/organization)', () => {
  let t: TestApp;
  let auth: string;
  let userId: string;
  const tag = `Org${Date.now()}`;

  const create = async (name: string) => {
    const res = await t.http.post('/api/organization').set('Authorization', auth).send({ name });
    expect(res.status).toBe(200);
    return res.body.data as Record<string, unknown> & { _id: string; updatedAt: string };
  };
  const put = (id: string, body: Record<string, unknown>) =>
    t.http.put(`/api/organization/${id}`).set('Authorization', auth).send(body);
  const search = (body: Record<string, unknown>) =>
    t.http
      .post('/api/organization/search')
      .set('Authorization', auth)
      .send({ search: tag, ...body });

  beforeAll(async () => {
    t = await startTestApp();
    const user = await createUser(t);
    auth = user.auth;
    userId = user.user._id;
  });
  afterAll(() => t.close());

  it('creates from a name (required) and reads it back with every spec field', async () => {
    const created = await create(`${tag} Emerald Trading Ltd`);
    expect(created).toMatchObject({
      name: `${tag} Emerald Trading Ltd`,
      finotor: 'not_sent',
      status: false,
      users: [],
      attachedFiles: [],
      files: [],
    });
    for (const field of [
      'cro',
      'firstAr',
      'nextArReminder',
      'B1B73',
      'corporationTaxPaid',
      'coroporationTaxNumber',
      'anonymousShareholdePaymentHistory',
      'domiciliationSubscriptionPlan',
    ]) {
      expect(created).toHaveProperty(field);
    }
    expect(created.domiciliationSubscriptionPlan).toBe(12);
    const res = await t.http.get(`/api/organization/${created._id}`).set('Authorization', auth);
    // The record's follow-ups list is on GET (none yet).
    expect(res.body).toEqual({ ok: true, data: { ...created, followUps: [] } });
    for (const name of ['', '   ']) {
      const bad = await t.http.post('/api/organization').set('Authorization', auth).send({ name });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('VALIDATION_ERROR');
    }
  });

  it.each([
    // firstAnnualReturnDate: 6 months after the incorporation date
    ['2024-03-15', '2024-09-15'],
    // month arithmetic clamps to the month's end
    ['2024-08-31', '2025-02-28'],
  ])(
    'incorporationDate %s gives firstAr %s; a client-sent firstAr is ignored',
    async (incorporationDate, firstAr) => {
      const org = await create(`${tag} First AR ${incorporationDate}`);
      const res = await put(org._id, { incorporationDate, firstAr: '1999-01-01' });
      expect(res.status).toBe(200);
      expect(res.body.data.firstAr).toBe(firstAr);
    },
  );

  it('financial year end gives the corporation-tax reminder 9 months later (31 December + 9 months = 30 September)', async () => {
    const org = await create(`${tag} Tax`);
    const res = await put(org._id, {
      status: true,
      financialYearEnd: '2024-12-31',
      corporationTaxPaidReminder: '2000-01-01',
    });
    expect(res.body.data.corporationTaxPaidReminder).toBe('2025-09-30');
  });

  it('removing a corporation-tax paid date: year end = latest remaining + 12 months, reminder = + 21 months; both empty when none remains', async () => {
    const org = await create(`${tag} Tax removal`);
    await put(org._id, {
      status: true,
      financialYearEnd: '2025-12-31',
      corporationTaxPaid: ['2023-06-30', '2024-06-30'],
    });
    const one = await put(org._id, { corporationTaxPaid: ['2023-06-30'] });
    expect(one.body.data).toMatchObject({
      financialYearEnd: '2024-06-30',
      corporationTaxPaidReminder: '2025-03-30',
    });
    const none = await put(org._id, { corporationTaxPaid: [] });
    expect(none.body.data).toMatchObject({
      financialYearEnd: null,
      corporationTaxPaidReminder: null,
    });
  });

  it('payment history on save keeps only paid rows, chains reminders by the plan, and sets the paid-reminder', async () => {
    const org = await create(`${tag} Payments`);
    const res = await put(org._id, {
      hasDomiciliation: true,
      domiciliationSubscription: '2024-01-15',
      domiciliationSubscriptionPlan: 6,
      domiciliationPaidReminder: '1999-01-01',
      domiciliationPaymentHistory: [
        { nextPaidReminder: '2024-01-15', paidDate: '2024-01-20' },
        { nextPaidReminder: '2024-07-15', paidDate: '2024-07-01' },
        { nextPaidReminder: '2025-01-15', paidDate: null },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.domiciliationPaymentHistory).toEqual([
      { nextPaidReminder: '2024-01-15', paidDate: '2024-01-20' },
      { nextPaidReminder: '2024-07-15', paidDate: '2024-07-01' },
    ]);
    expect(res.body.data.domiciliationPaidReminder).toBe('2025-01-15');
    // "Changing the subscription date or plan recomputes every row's reminder in chain"
    const replanned = await put(org._id, { domiciliationSubscriptionPlan: 12 });
    expect(
      replanned.body.data.domiciliationPaymentHistory.map(
        (r: { nextPaidReminder: string }) => r.nextPaidReminder,
      ),
    ).toEqual(['2024-01-15', '2025-01-15']);
    expect(replanned.body.data.domiciliationPaidReminder).toBe('2026-01-15');
    const plan = await put(org._id, { domiciliationSubscriptionPlan: 7 });
    expect(plan.status).toBe(400);
  });

  it('partial updates change only the named fields (notes, users, finotor with finotorEmailSentAt)', async () => {
    const org = await create(`${tag} Partial`);
    await put(org._id, { mail: 'accounts@emerald.ie', cro: '712345' });
    const notes = await put(org._id, { notes: 'Call the director on Monday' });
    expect(notes.body.data).toMatchObject({
      notes: 'Call the director on Monday',
      mail: 'accounts@emerald.ie',
      cro: '712345',
    });
    const users = await put(org._id, { users: [{ userId, userName: 'Test User' }] });
    expect(users.body.data.users).toEqual([{ userId, userName: 'Test User' }]);
    const sentAt = '2026-11-20T10:00:00.000Z';
    const finotor = await put(org._id, { finotor: 'sent', finotorEmailSentAt: sentAt });
    expect(finotor.body.data).toMatchObject({
      finotor: 'sent',
      finotorEmailSentAt: sentAt,
      notes: 'Call the director on Monday',
    });
  });

  it('lists each organization exactly as GET shows it: views written by PostgreSQL, both list statements (ADR 0090)', async () => {
    const org = await create(`${tag} Viewed`);
    const saved = await put(org._id, {
      mail: 'accounts@viewed.ie',
      incorporationDate: '2019-03-31',
      rbo: true,
      users: [{ userId, userName: 'Test User' }],
      financialYearEnd: '2025-12-31',
      finotor: 'sent',
      finotorEmailSentAt: '2026-11-20T10:00:00.123Z',
      hasDomiciliation: true,
    });
    expect(saved.status).toBe(200);
    // A timestamp written by PostgreSQL itself carries microseconds: both views cut them alike.
    const db = t.app.get<Database>(DATABASE);
    await db.execute(
      sql`UPDATE organizations SET created_at = created_at + interval '123 microseconds' WHERE id = ${org._id}`,
    );
    // The record as GET shows it, less its active follow-ups (a list shows them on request).
    const { followUps, ...shown } = (
      await t.http.get(`/api/organization/${org._id}`).set('Authorization', auth)
    ).body.data as Record<string, unknown>;
    expect(followUps).toEqual([]);
    expect(shown).toMatchObject({ B1B73: null, finotorEmailSentAt: '2026-11-20T10:00:00.123Z' });
    expect(shown).not.toHaveProperty('amlRiskLevel');
    // The page statement, the name-sorted one (matches sorted in one statement), and past the end.
    const newest = await search({ search: `${tag} Viewed` });
    expect(newest.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(newest.body).toEqual(onlyPage([shown]));
    const byName = await search({ search: `${tag} Viewed`, sortField: 'name', sortOrder: 'asc' });
    expect(byName.body.data).toEqual([shown]);
    const past = await search({ search: `${tag} Viewed`, sortField: 'name', page: 3, limit: 5 });
    expect(past.body).toEqual({
      ok: true,
      data: [],
      totalItems: 1,
      totalPages: 1,
      page: 3,
      limit: 5,
    });
  });

  // "Late paid reminders": a service the organization has whose paid reminder is before today,
  // read through paid_reminder_due (the earliest of them, written by PostgreSQL).
  it.each([
    ['no service, reminders past', {}, { domiciliation: '2020-01-01' }, false],
    ['domiciliation past', { domiciliation: true }, { domiciliation: '2020-01-01' }, true],
    [
      'domiciliation in the future',
      { domiciliation: true },
      { domiciliation: '2099-01-01' },
      false,
    ],
    ['domiciliation without a reminder', { domiciliation: true }, {}, false],
    ['secretary past', { secretary_company: true }, { secretary_company: '2020-01-01' }, true],
    [
      'shareholder past',
      { anonymous_shareholder: true },
      { anonymous_shareholder: '2020-01-01' },
      true,
    ],
    [
      'one service future, one past',
      { domiciliation: true, anonymous_shareholder: true },
      { domiciliation: '2099-01-01', anonymous_shareholder: '2020-01-01' },
      true,
    ],
    [
      'the past one is a service it does not have',
      { domiciliation: true },
      { domiciliation: '2099-01-01', secretary_company: '2020-01-01' },
      false,
    ],
  ])('late paid reminders: %s', async (label, has, reminders, late) => {
    const org = await create(`${tag} Reminders ${label}`);
    const db = t.app.get<Database>(DATABASE);
    const services = ['domiciliation', 'secretary_company', 'anonymous_shareholder'] as const;
    for (const service of services) {
      const flag = (has as Record<string, boolean>)[service] ?? false;
      const reminder = (reminders as Record<string, string>)[service] ?? null;
      await db.execute(
        sql`UPDATE organizations SET ${sql.identifier(`has_${service}`)} = ${flag},
          ${sql.identifier(`${service}_paid_reminder`)} = ${reminder}::date WHERE id = ${org._id}`,
      );
    }
    const found = await search({ search: `${tag} Reminders ${label}`, latePaidReminders: true });
    expect(found.body.data.map((o: { _id: string }) => o._id)).toEqual(late ? [org._id] : []);
  });

  it('accepts the record exactly as GET returned it; refuses an unknown field', async () => {
    const org = await create(`${tag} Whole`);
    const got = (await t.http.get(`/api/organization/${org._id}`).set('Authorization', auth)).body
      .data;
    const res = await put(org._id, { ...got, comments: 'whole form' });
    expect(res.status).toBe(200);
    expect(res.body.data.comments).toBe('whole form');
    const unknown = await put(org._id, { favouriteColour: 'green' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual([
      { field: 'favouriteColour', message: 'is not an accepted field' },
    ]);
  });

  it('answers attachedFiles as file URLs, the entries as `files`, whatever was sent', async () => {
    const created = await create(`${tag} Files As URLs Ltd`);
    // Files Registra stores (uploaded to another record): attachedFiles name no others.
    const elsewhere = await create(`${tag} Files Elsewhere Ltd`);
    const folder = `organization/${elsewhere._id}/bank`;
    const [b1, b10] = [await uploadFile(t, auth, folder), await uploadFile(t, auth, folder)];
    const entry = { url: b1.url, folder: 'organization', fileName: 'B1.pdf', size: 9 };
    const second = { url: b10.url, folder: 'organization', fileName: 'B10.pdf' };
    const asEntries = await put(created._id, { attachedFiles: [entry, second] });
    expect(asEntries.status).toBe(200);
    expect(asEntries.body.data.attachedFiles).toEqual([entry.url, second.url]);
    expect(asEntries.body.data.files).toEqual([entry, second]);
    const res = await put(created._id, { attachedFiles: [entry.url] });
    expect(res.status).toBe(200);
    expect(res.body.data.attachedFiles).toEqual([entry.url]);
    expect(res.body.data.files).toEqual([entry]);
    const stored = await t.http.get(`/api/organization/${created._id}`).set('Authorization', auth);
    expect(stored.body.data.attachedFiles).toEqual([entry.url]);
    expect(stored.body.data.files).toEqual([entry]);
    // The list, written by PostgreSQL or (with follow-ups) by the server, shows the same.
    for (const body of [
      { search: `${tag} Files As URLs` },
      { search: `${tag} Files As URLs`, followUps: true },
    ]) {
      const [listed] = (await search(body)).body.data;
      expect(listed).toMatchObject({ attachedFiles: [entry.url], files: [entry] });
    }
    // The record sent back as GET answered it (its `files` with it) changes nothing.
    // (GET adds the active follow-ups, which a write does not answer.)
    const { followUps: _followUps, ...read } = stored.body.data;
    const roundTrip = await put(created._id, stored.body.data);
    expect(roundTrip.status).toBe(200);
    expect({ ...roundTrip.body.data, updatedAt: read.updatedAt }).toEqual(read);
    const refused = await put(created._id, { attachedFiles: [entry.url, 7] });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION_ERROR');
  });

  it('exports the list as CSV with its filters as query parameters (booleans and numbers included)', async () => {
    const done = await create(`${tag} Export Done Ltd`);
    await create(`${tag} Export Pending Ltd`);
    expect(
      (await put(done._id, { incorporationDate: '2025-03-14', status: true, cro: '712345' }))
        .status,
    ).toBe(200);
    const exportCsv = (query: Record<string, string>) =>
      t.http
        .get('/api/organization/export')
        .query({ search: `${tag} Export`, ...query })
        .set('Authorization', auth)
        .buffer(true)
        .parse(readText);
    const all = await exportCsv({ sortField: 'name', sortOrder: 'asc' });
    expect(all.status).toBe(200);
    const lines = (all.body as string).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Name,CRO,Incorporation date,First AR,Next AR reminder,Creation status,Assigned users,Created at',
    );
    expect(lines.slice(1, -1).map((line) => line.split(',')[0])).toEqual([
      `${tag} Export Done Ltd`,
      `${tag} Export Pending Ltd`,
    ]);
    expect(lines[1].split(',').slice(1, 4)).toEqual(['712345', '14/03/2025', '14/09/2025']);
    const doneOnly = await exportCsv({ status: 'true' });
    expect((doneOnly.body as string).split('\r\n')).toHaveLength(3);
    const bad = await exportCsv({ status: 'maybe' });
    expect(bad.status).toBe(400);
    const months = await exportCsv({ nextArReminderMonths: '61' });
    expect(months.status).toBe(400);
  });

  it('a stale updatedAt answers 409 VERSION_CONFLICT and writes nothing', async () => {
    const org = await create(`${tag} Stale`);
    const first = await put(org._id, { comments: 'first', updatedAt: org.updatedAt });
    expect(first.status).toBe(200);
    const stale = await put(org._id, { comments: 'second', updatedAt: org.updatedAt });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('VERSION_CONFLICT');
    const now = await t.http.get(`/api/organization/${org._id}`).set('Authorization', auth);
    expect(now.body.data.comments).toBe('first');
  });

  it.each([
    ['a bad date', { incorporationDate: '2024-02-30' }],
    ['a bad language', { language: 'de' }],
    ['a bad creation status', { creationStatus: 'DONE' }],
    ['a bad plan', { secretaryCompanySubscriptionPlan: 3 }],
    ['a malformed history row', { domiciliationPaymentHistory: [{ paidDate: 'yesterday' }] }],
  ])('refuses %s with 400 and changes nothing', async (_label, body) => {
    const org = await create(`${tag} Refused`);
    const res = await put(org._id, body);
    expect(res.status).toBe(400);
    const after = await t.http.get(`/api/organization/${org._id}`).set('Authorization', auth);
    expect(after.body.data.updatedAt).toBe(org.updatedAt);
  });

  it('soft delete: 404 afterwards and gone from search; bad ids answer 400', async () => {
    const org = await create(`${tag} Deleted`);
    expect(
      (await t.http.delete(`/api/organization/${org._id}`).set('Authorization', auth)).status,
    ).toBe(200);
    const gone = await t.http.get(`/api/organization/${org._id}`).set('Authorization', auth);
    expect(gone.status).toBe(404);
    // Its address can say it was deleted, and an administrator can restore it from Activity.
    expect(gone.body).toMatchObject({ code: 'NOT_FOUND', deleted: true });
    expect((await put(org._id, { notes: 'x' })).status).toBe(404);
    expect(
      (await t.http.delete(`/api/organization/${org._id}`).set('Authorization', auth)).status,
    ).toBe(404);
    const found = await search({ search: `${tag} Deleted` });
    expect(found.body.totalItems).toBe(0);
    expect((await t.http.get('/api/organization/123').set('Authorization', auth)).body.code).toBe(
      'INVALID_ID',
    );
  });

  describe('search', () => {
    const s = `Srch${Date.now()}`;
    let ids: Record<string, string>;
    beforeAll(async () => {
      const make = async (name: string, body: Record<string, unknown>) => {
        const org = (
          await t.http.post('/api/organization').set('Authorization', auth).send({ name })
        ).body.data;
        await put(org._id, body);
        return org._id as string;
      };
      ids = {
        alpha: await make(`${s} Alpha Éire Teoranta`, {
          nextArReminder: '2020-01-01',
          status: true,
          creationStatus: 'COMPLETED',
          finotor: 'registered',
          users: [{ userId, userName: 'T' }],
        }),
        beta: await make(`${s} Beta Ltd`, {
          nextArReminder: '2099-01-01',
          finotor: 'sent',
          bilan: true,
        }),
        gamma: await make(`${s} Gamma DAC`, {
          hasSecretaryCompany: true,
          secretaryCompanySubscription: '2020-01-01',
          secretaryCompanyPaymentHistory: [
            { nextPaidReminder: '2020-01-01', paidDate: '2020-01-02' },
          ],
          finotor: 'stopped',
        }),
      };
    });
    const names = (res: { body: { data: { _id: string }[] } }) =>
      res.body.data.map((o) => Object.entries(ids).find(([, id]) => id === o._id)?.[0]).sort();

    it.each([
      [
        'search is case- and accent-insensitive',
        { search: `${s} alpha eire`.toLowerCase() },
        ['alpha'],
      ],
      [
        'nextArReminderMonths: next AR reminder within N months (overdue included)',
        { nextArReminderMonths: 3 },
        ['alpha'],
      ],
      ['status true (first AR done)', { status: true }, ['alpha']],
      ['bilan true', { bilan: true }, ['beta']],
      ['creationStatus COMPLETED', { creationStatus: 'COMPLETED' }, ['alpha']],
      ['creationStatus N/A', { creationStatus: 'N/A' }, ['beta', 'gamma']],
      ['finotor ok = registered', { finotor: 'ok' }, ['alpha']],
      ['finotor late = not sent or sent', { finotor: 'late' }, ['beta']],
      ['finotor stopped', { finotor: 'stopped' }, ['gamma']],
      [
        'arColumn/arDate: the AR date on or before arDate',
        { arColumn: 'nextArReminder', arDate: '2021-01-01' },
        ['alpha'],
      ],
      [
        'latePaidReminders: a service paid-reminder in the past',
        { latePaidReminders: true },
        ['gamma'],
      ],
    ])('%s', async (_label, filters, expected) => {
      const res = await search({ search: s, ...filters });
      expect(res.status).toBe(200);
      expect(names(res)).toEqual(expected);
      expect(res.body.totalItems).toBe(expected.length);
    });

    it('user: assigned to that user', async () => {
      const res = await search({ search: s, user: userId });
      expect(names(res)).toEqual(['alpha']);
    });

    it('sorts by name both ways and pages with totals', async () => {
      const asc = await search({
        search: s,
        sortField: 'name',
        sortOrder: 'asc',
        limit: 2,
        page: 1,
      });
      expect(names({ body: { data: asc.body.data } })).toEqual(['alpha', 'beta']);
      expect(asc.body).toMatchObject({ totalItems: 3, totalPages: 2, page: 1, limit: 2 });
      const second = await search({
        search: s,
        sortField: 'name',
        sortOrder: 'asc',
        limit: 2,
        page: 2,
      });
      expect(second.body.data.map((o: { _id: string }) => o._id)).toEqual([ids.gamma]);
      const desc = await search({ search: s, sortField: 'name', sortOrder: 'desc' });
      expect(desc.body.data.map((o: { _id: string }) => o._id)).toEqual([
        ids.gamma,
        ids.beta,
        ids.alpha,
      ]);
      // The name-sorted page (rows as JSON, one statement) answers each organization exactly as
      // the newest-first page does.
      const newestFirst = await search({ search: s });
      const byId = (body: { data: { _id: string }[] }) =>
        Object.fromEntries(body.data.map((o) => [o._id, o]));
      expect(byId(desc.body)).toEqual(byId(newestFirst.body));
    });

    it.each([
      [{ sortField: 'cro' }],
      [{ limit: 0 }],
      [{ limit: 1001 }],
      [{ page: 0 }],
      [{ nextArReminderMonths: -1 }],
      [{ arDate: '31/12/2024' }],
      [{ user: 'someone' }],
      [{ finotor: 'registered' }],
    ])('refuses %j with 400 VALIDATION_ERROR', async (body) => {
      const res = await search(body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    });
  });

  it('duplicates group names that differ by case, accents, punctuation, spacing or legal suffix', async () => {
    const d = `Dup${Date.now()}`;
    await create(`${d} Celtic Óg Holdings Limited`);
    await create(`${d.toLowerCase()}  celtic og holdings, ltd.`);
    await create(`${d} Celtic Og Holdings Teoranta`);
    await create(`${d} Celtic Other`);
    const res = await t.http.get('/api/organization/duplicates').set('Authorization', auth);
    expect(res.status).toBe(200);
    const group = res.body.data.find((g: { organizations: string[] }) =>
      g.organizations.some((n) => n.startsWith(d)),
    );
    expect(group.count).toBe(3);
    expect(group.organizations).toHaveLength(3);
    expect(group.organizationIds).toHaveLength(3);
  });
});
