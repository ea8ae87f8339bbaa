import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import {
  addDays,
  addMonths,
  CALENDAR_KINDS,
  type CalendarItem,
  type CalendarKind,
  todayInDublin,
} from '@registra/domain';
import type ICALModule from 'ical.js' with { 'resolution-mode': 'import' };
import { hashFeedToken } from '../src/calendar/calendar-feeds.service';
import { CalendarRepository } from '../src/calendar/calendar.repository';
import { DATABASE, MIGRATIONS_FOLDER, openPostgres } from '../src/platform/database/database';
import type { Database } from '../src/platform/database/database';
import { users } from '../src/users/users.schema';
import { createDatabase, dropDatabase } from './support/databases';
import { requestsAs } from './support/http';
import { organizationWith } from './support/records';
import { createAdmin, createUser, startTestApp } from './support/test-app';
import type { SignedIn, TestApp } from './support/test-app';

describe('Compliance calendar (GET /api/calendar)', () => {
  let t: TestApp;
  let mary: SignedIn;
  let sean: SignedIn;
  const tag = `cal${Date.now().toString(36)}`;
  const today = todayInDublin();
  // A year around today: every date below falls in it.
  const from = addDays(today, -180);
  const to = addDays(today, 180);

  const as = (who: SignedIn) => requestsAs(t, who);
  const calendar = async (
    who: SignedIn,
    query: Record<string, string>,
  ): Promise<{ data: CalendarItem[]; truncated: boolean }> => {
    const res = await as(who)
      .get('/api/calendar')
      .query({ from, to, ...query });
    expect(res.status).toBe(200);
    return res.body;
  };
  const itemsOf = async (organizationId: string, kind: CalendarKind, who = mary) =>
    (await calendar(who, { organizationId, kinds: kind, user: 'mine' })).data;

  let company: { _id: string; name: string };
  let followUpId: string;
  let subscriptionId: string;
  let productId: string;

  const dates = {
    ard: addDays(today, -3),
    b1b73: addDays(today, 3),
    financialYearEnd: addMonths(today, -6),
    followUpArd: addDays(today, -40),
    subscriptionStart: addDays(today, -20),
  };

  beforeAll(async () => {
    t = await startTestApp();
    mary = await createUser(t, { firstName: 'Mary', lastName: 'Byrne' });
    sean = await createUser(t, { firstName: 'Sean', lastName: 'Walsh' });
    company = await organizationWith(t, mary, `${tag} Harbour Ltd`, {
      nextArReminder: dates.ard,
      B1B73: dates.b1b73,
      status: true,
      financialYearEnd: dates.financialYearEnd,
      users: [{ userId: mary.user._id, userName: 'Mary Byrne' }],
    });
    // Appendix 2 all "yes": high risk, next review in 12 months.
    const aml = Object.fromEntries(
      Array.from({ length: 13 }, (_, i) => [`appendix2_q${i + 1}`, true]),
    );
    expect((await as(mary).put(`/api/organization/${company._id}`, { aml })).status).toBe(200);

    const followUp = await as(mary).post('/api/followUp', {
      name: 'AR_TRADING',
      organization_id: company._id,
    });
    followUpId = followUp.body.data._id;
    await as(mary).put(`/api/followUp/${followUpId}`, { ARD: dates.followUpArd });
    await as(mary).put(`/api/followUp/${followUpId}`, {
      user_id: mary.user._id,
      user_name: 'Mary Byrne',
    });

    const product = await as(mary).post('/api/product', {
      name: `${tag} Domiciliation`,
      subscription: true,
    });
    productId = product.body.data._id;
    const subscription = await as(mary).post('/api/subscription', {
      organizationId: company._id,
      productId,
      plan: 6,
      startingDate: dates.subscriptionStart,
    });
    expect(subscription.status).toBe(200);
    subscriptionId = subscription.body.data._id;
  });
  afterAll(() => t.close());

  it.each([
    // kind, date, state, record
    ['ard', 'ARD = next AR reminder', dates.ard, 'overdue', 'organization'],
    ['filingDeadline', 'ARD + 56 days', addDays(dates.ard, 56), 'later', 'organization'],
    ['b1b73', 'B1B73', dates.b1b73, 'dueSoon', 'organization'],
    [
      'corporationTax',
      'financial year end + 9 months',
      addMonths(dates.financialYearEnd, 9),
      'later',
      'organization',
    ],
    [
      'amlReview',
      'high risk: reviewed today + 12 months',
      addMonths(today, 12),
      'later',
      'organization',
    ],
    [
      'followUpDeadline',
      'follow-up ARD + 56 days',
      addDays(dates.followUpArd, 56),
      'later',
      'followUp',
    ],
    ['subscriptionDue', 'start, nothing paid', dates.subscriptionStart, 'overdue', 'subscription'],
  ] as const)(
    '%s appears on its date (%s) with its state and record',
    async (kind, _rule, date, state, recordType) => {
      const query: Record<string, string> =
        kind === 'amlReview'
          ? { from: addDays(today, 200), to: addDays(today, 400) }
          : kind === 'corporationTax'
            ? { from: addDays(today, 1), to: addDays(today, 300) }
            : {};
      const res = await calendar(mary, {
        organizationId: company._id,
        kinds: kind,
        user: 'mine',
        ...query,
      });
      expect(res.data).toHaveLength(1);
      expect(res.data[0]).toMatchObject({
        kind,
        date,
        state,
        recordType,
        organizationId: company._id,
        organizationName: company.name,
      });
      expect(res.data[0].recordId).toBe(
        recordType === 'followUp'
          ? followUpId
          : recordType === 'subscription'
            ? subscriptionId
            : company._id,
      );
      expect(res.data[0].title).toEqual(expect.any(String));
      expect(res.data[0].assignedTo).toEqual([expect.objectContaining({ userId: mary.user._id })]);
    },
  );

  it('every kind at once comes by date; an item outside the range is left out', async () => {
    const res = await calendar(mary, {
      organizationId: company._id,
      from: dates.ard,
      to: dates.b1b73,
    });
    expect(res.data.map((item) => [item.kind, item.date])).toEqual([
      ['ard', dates.ard],
      ['b1b73', dates.b1b73],
    ]);
    expect(res.truncated).toBe(false);
  });

  it('moves when the record dates change', async () => {
    const movedArd = addDays(today, 10);
    const updated = await as(mary).put(`/api/organization/${company._id}`, {
      nextArReminder: movedArd,
      B1B73: addDays(today, 30),
    });
    expect(updated.status).toBe(200);
    expect((await itemsOf(company._id, 'ard')).map((i) => [i.date, i.state])).toEqual([
      [movedArd, 'later'],
    ]);
    expect((await itemsOf(company._id, 'filingDeadline')).map((i) => i.date)).toEqual([
      addDays(movedArd, 56),
    ]);
    expect((await itemsOf(company._id, 'b1b73')).map((i) => i.date)).toEqual([addDays(today, 30)]);

    await as(mary).put(`/api/followUp/${followUpId}`, { ARD: addDays(today, -60) });
    expect((await itemsOf(company._id, 'followUpDeadline')).map((i) => [i.date, i.state])).toEqual([
      [addDays(today, -4), 'overdue'],
    ]);

    // One linked order pays the first period: the next one falls due 6 months after the start.
    const order = await as(mary).post('/api/order', {
      organizationId: company._id,
      productId,
      dateOrder: dates.subscriptionStart,
      totalPaid: 60,
    });
    expect(order.status).toBe(200);
    await as(mary).put(`/api/subscription/${subscriptionId}`, { addedOrder: order.body.data._id });
    expect((await itemsOf(company._id, 'subscriptionDue')).map((i) => i.date)).toEqual([
      addMonths(dates.subscriptionStart, 6),
    ]);
    const shown = await as(mary).get(`/api/subscription/${subscriptionId}`);
    expect(shown.body.data.nextDueDate).toBe(addMonths(dates.subscriptionStart, 6));

    // The order deleted pays nothing any more: due on the start again.
    expect((await as(mary).delete(`/api/order/${order.body.data._id}`)).status).toBe(200);
    expect((await itemsOf(company._id, 'subscriptionDue')).map((i) => i.date)).toEqual([
      dates.subscriptionStart,
    ]);
  });

  it('a subscription starting on a month end falls due as the domain rule says (the month clamps)', async () => {
    // The last day of last month (28th to 31st), monthly, one period paid.
    const start = addDays(`${today.slice(0, 7)}-01`, -1);
    const sub = await as(mary).post('/api/subscription', {
      organizationId: company._id,
      productId,
      plan: 1,
      startingDate: start,
    });
    const paying = await as(mary).post('/api/order', {
      organizationId: company._id,
      productId,
      dateOrder: start,
      totalPaid: 10,
    });
    await as(mary).put(`/api/subscription/${sub.body.data._id}`, {
      addedOrder: paying.body.data._id,
    });
    const expected = (await as(mary).get(`/api/subscription/${sub.body.data._id}`)).body.data
      .nextDueDate;
    expect(expected).toBe(addMonths(start, 1));
    const items = await itemsOf(company._id, 'subscriptionDue');
    expect(items.find((i) => i.recordId === sub.body.data._id)?.date).toBe(expected);
    // Unlinked: due on its start.
    await as(mary).put(`/api/subscription/${sub.body.data._id}`, {
      deletedOrder: paying.body.data._id,
    });
    const after = await itemsOf(company._id, 'subscriptionDue');
    expect(after.find((i) => i.recordId === sub.body.data._id)?.date).toBe(start);
    await as(mary).delete(`/api/subscription/${sub.body.data._id}`);
  });

  it("mine: one user's obligations, none of another user's", async () => {
    const seanCompany = (
      await organizationWith(t, sean, `${tag} Quay Ltd`, {
        nextArReminder: today,
        users: [{ userId: sean.user._id, userName: 'Sean Walsh' }],
      })
    )._id;
    const mine = (await calendar(mary, { user: 'mine' })).data;
    expect(mine.some((item) => item.organizationId === company._id)).toBe(true);
    expect(mine.some((item) => item.organizationId === seanCompany)).toBe(false);
    for (const item of mine) {
      expect(item.assignedTo.map((user) => user.userId)).toContain(mary.user._id);
    }
    const his = (await calendar(mary, { user: sean.user._id })).data;
    expect(his.map((item) => [item.organizationId, item.kind, item.date])).toEqual([
      [seanCompany, 'ard', today],
      [seanCompany, 'filingDeadline', addDays(today, 56)],
    ]);
    // Without a user: everybody's.
    const all = (await calendar(mary, { kinds: 'ard' })).data.map((item) => item.organizationId);
    expect(all).toEqual(expect.arrayContaining([company._id, seanCompany]));
  });

  it('a completed or archived follow-up and a cancelled subscription leave the calendar', async () => {
    await as(mary).put(`/api/subscription/${subscriptionId}`, { status: 'CANCELLED' });
    expect(await itemsOf(company._id, 'subscriptionDue')).toEqual([]);
    await as(mary).put(`/api/followUp/${followUpId}`, { step_index: 12 });
    expect(await itemsOf(company._id, 'followUpDeadline')).toEqual([]);
  });

  it.each([
    ['a range over 366 days', { from: '2026-01-01', to: '2027-01-02' }],
    ['to before from', { from: '2026-02-01', to: '2026-01-31' }],
    ['no from', { from: '', to: '2026-01-31' }],
    ['not a date', { from: '2026-02-30', to: '2026-03-31' }],
    ['an unknown kind', { from: '2026-01-01', to: '2026-01-31', kinds: 'ard,tasks' }],
    ['a user that is not an id', { from: '2026-01-01', to: '2026-01-31', user: 'someone' }],
    [
      'an organization that is not an id',
      { from: '2026-01-01', to: '2026-01-31', organizationId: 'x' },
    ],
    ['an unknown parameter', { from: '2026-01-01', to: '2026-01-31', page: '2' }],
  ])('%s answers 400', async (_, query) => {
    const res = await as(mary).get('/api/calendar').query(query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
  });

  it('a range of exactly 366 days is read', async () => {
    const res = await as(mary).get('/api/calendar').query({ from: '2028-01-01', to: '2028-12-31' });
    expect(res.status).toBe(200);
  });

  it('needs a session', async () => {
    const res = await t.http.get('/api/calendar').query({ from, to });
    expect(res.status).toBe(401);
  });

  it.each(CALENDAR_KINDS.map((kind) => [kind]))(
    '%s reads its range on an index, never every organization',
    async (kind) => {
      const repository = t.app.get(CalendarRepository);
      const db = t.app.get<Database>(DATABASE);
      const query = repository.obligationsQuery({
        from,
        to,
        kinds: [kind],
        userId: mary.user._id,
        limit: 10,
      });
      // On a small test book a sequential scan is cheapest; forbid it to see that an index serves.
      const plan = await db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        const result = (await tx.execute(sql`EXPLAIN ${query}`)) as unknown as {
          rows: Array<{ 'QUERY PLAN': string }>;
        };
        return result.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan).not.toMatch(/Seq Scan on (organizations|follow_ups)\b/);
    },
  );
});

describe('Calendar feeds (iCalendar)', () => {
  let t: TestApp;
  let mary: SignedIn;
  let sean: SignedIn;
  const tag = `feed${Date.now().toString(36)}`;
  const today = todayInDublin();

  const as = (who: SignedIn) => requestsAs(t, who);
  const feedPath = (url: string) => new URL(url).pathname;
  /** Fetches a feed without a session and parses it with ical.js. */
  const events = async (url: string) => {
    const res = await t.http.get(feedPath(url));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(res.text));
    return calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event));
  };

  let company: { _id: string; name: string };
  let seanCompany: { _id: string; name: string };
  /** ical.js, the parser calendar apps' web views use; an ES module, loaded as one. */
  let ICAL: typeof ICALModule;

  beforeAll(async () => {
    ICAL = (await import('ical.js')).default;
    t = await startTestApp({ APP_URL: 'https://registra.firm.test' });
    mary = await createUser(t, { firstName: 'Mary', lastName: 'Byrne' });
    sean = await createUser(t, { firstName: 'Sean', lastName: 'Walsh' });
    company = await organizationWith(t, mary, `${tag} Harbour Ltd`, {
      nextArReminder: addDays(today, 5),
      users: [{ userId: mary.user._id, userName: 'Mary Byrne' }],
    });
    seanCompany = await organizationWith(t, sean, `${tag} Quay Ltd`, {
      nextArReminder: addDays(today, 6),
      users: [{ userId: sean.user._id, userName: 'Sean Walsh' }],
    });
  });
  afterAll(() => t.close());

  it('a feed of mine: all-day events with a stable UID, a link back, the company and the kind only', async () => {
    const created = await as(mary).post('/api/calendar/feeds', { scope: 'mine', kinds: ['ard'] });
    expect(created.status).toBe(200);
    const { url, _id } = created.body.data as { url: string; _id: string };
    expect(url).toMatch(/^https:\/\/registra\.firm\.test\/api\/calendar\/feed\/[\w-]{43}\.ics$/);

    const before = await events(url);
    expect(before.map((event) => event.summary)).toEqual([`${company.name}: Annual return date`]);
    const [event] = before;
    expect(event.uid).toBe(`ard-${company._id}@registra`);
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe(addDays(today, 5));
    const url0 = event.component.getFirstPropertyValue('url');
    expect(url0).toBe(`https://registra.firm.test/organization/${company._id}/ACCOUNTING_TAB`);
    // No person: neither the assignee's name nor the creator's.
    const text = (await t.http.get(feedPath(url))).text;
    expect(text).not.toMatch(/Mary|Byrne|Sean|Walsh/);

    // The date moves; the UID stays.
    await as(mary).put(`/api/organization/${company._id}`, { nextArReminder: addDays(today, 9) });
    const after = await events(url);
    expect(after.map((e) => [e.uid, e.startDate.toString()])).toEqual([
      [`ard-${company._id}@registra`, addDays(today, 9)],
    ]);

    // Listed without its address; the token is stored hashed.
    const listed = await as(mary).get('/api/calendar/feeds');
    expect(listed.body.data).toEqual([
      expect.objectContaining({ _id, scope: 'mine', kinds: ['ard'] }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(feedPath(url).slice(-47, -4));
    const stored = await t.app
      .get<Database>(DATABASE)
      .execute(sql`SELECT token_hash FROM calendar_feeds WHERE id = ${_id}`);
    const token = feedPath(url).slice('/api/calendar/feed/'.length, -'.ics'.length);
    expect((stored as unknown as { rows: { token_hash: string }[] }).rows[0].token_hash).toBe(
      hashFeedToken(token),
    );
  });

  it("one user's 'mine' feed holds none of another user's items; 'all' holds both", async () => {
    const mine = (await as(sean).post('/api/calendar/feeds', { scope: 'mine' })).body.data.url;
    const uids = (await events(mine)).map((event) => event.uid);
    expect(uids).toContain(`ard-${seanCompany._id}@registra`);
    expect(uids.some((uid) => uid.includes(company._id))).toBe(false);
    const all = (await as(sean).post('/api/calendar/feeds', { scope: 'all', kinds: ['ard'] })).body
      .data.url;
    expect((await events(all)).map((event) => event.uid)).toEqual(
      expect.arrayContaining([`ard-${seanCompany._id}@registra`, `ard-${company._id}@registra`]),
    );
  });

  it('a feed holds every item still overdue, however old, and the next 335 days; not day 336', async () => {
    const orla = await createUser(t, { firstName: 'Órla', lastName: 'Ní Bhriain' });
    const users = [{ userId: orla.user._id, userName: 'Órla Ní Bhriain' }];
    const old = await organizationWith(t, orla, `${tag} Old Mill Ltd`, {
      nextArReminder: addDays(today, -1100),
      users,
    });
    const last = await organizationWith(t, orla, `${tag} Last Day Ltd`, {
      nextArReminder: addDays(today, 335),
      users,
    });
    const beyond = await organizationWith(t, orla, `${tag} Beyond Ltd`, {
      nextArReminder: addDays(today, 336),
      users,
    });
    const url = (
      await as(orla).post('/api/calendar/feeds', {
        scope: 'mine',
        kinds: ['ard', 'filingDeadline'],
      })
    ).body.data.url as string;
    const dated = (await events(url)).map((event) => [event.uid, event.startDate.toString()]);
    expect(dated).toEqual(
      expect.arrayContaining([
        [`ard-${old._id}@registra`, addDays(today, -1100)],
        [`filingDeadline-${old._id}@registra`, addDays(today, -1100 + 56)],
        [`ard-${last._id}@registra`, addDays(today, 335)],
      ]),
    );
    expect(dated.some(([uid]) => uid.includes(beyond._id))).toBe(false);
    // The last day's filing deadline (day 391) is past the window too.
    expect(dated).toHaveLength(3);
  });

  it('GET /calendar says whether anything in the book is assigned to the user asked for', async () => {
    const newcomer = await createUser(t, { firstName: 'Cathal', lastName: 'Nua' });
    const range = { from: today, to: addDays(today, 1) };
    const ask = (who: SignedIn, query: Record<string, string>) =>
      t.http
        .get('/api/calendar')
        .set('Authorization', who.auth)
        .query({ ...range, ...query });
    const empty = await ask(newcomer, { user: 'mine' });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ ok: true, data: [], truncated: false, anythingAssigned: false });
    // Mary's company is dated beyond the range: still, something is hers.
    const marys = await ask(mary, { user: 'mine' });
    expect([marys.body.data, marys.body.anythingAssigned]).toEqual([[], true]);
    expect((await ask(newcomer, { user: mary.user._id })).body.anythingAssigned).toBe(true);
    expect((await ask(newcomer, {})).body.anythingAssigned).toBeNull();
  });

  it('a revoked token, an unknown one and a malformed one answer 404; revoking twice or another user’s feed too', async () => {
    const { url, _id } = (await as(mary).post('/api/calendar/feeds', { scope: 'all' })).body.data;
    expect((await t.http.get(feedPath(url))).status).toBe(200);
    expect((await as(sean).delete(`/api/calendar/feeds/${_id}`)).status).toBe(404);
    expect((await as(mary).delete(`/api/calendar/feeds/${_id}`)).status).toBe(200);
    expect((await t.http.get(feedPath(url))).status).toBe(404);
    expect((await as(mary).delete(`/api/calendar/feeds/${_id}`)).status).toBe(404);
    expect(
      (await as(mary).get('/api/calendar/feeds')).body.data.map((f: { _id: string }) => f._id),
    ).not.toContain(_id);
    for (const path of [
      `/api/calendar/feed/${'A'.repeat(43)}.ics`,
      '/api/calendar/feed/short.ics',
      `/api/calendar/feed/${'A'.repeat(43)}`,
    ]) {
      expect((await t.http.get(path)).status).toBe(404);
    }
  });

  describe("a feed dies with its owner's access", () => {
    let admin: SignedIn;
    beforeAll(async () => {
      admin = await createAdmin(t);
    });
    const asAdmin = () => as(admin);
    const status = async (url: string) => (await t.http.get(feedPath(url))).status;
    const revokedAt = async (id: string) =>
      (
        (await t.app
          .get<Database>(DATABASE)
          .execute(sql`SELECT revoked_at FROM calendar_feeds WHERE id = ${id}`)) as unknown as {
          rows: { revoked_at: Date | null }[];
        }
      ).rows[0].revoked_at;

    it('deactivating the account (PUT active: false) revokes its feeds: 404, after a restart too, and after a reactivation; the reactivated user makes a new one', async () => {
      const leaver = await createUser(t, { firstName: 'Aine', lastName: 'Leaver' });
      const mine = (await as(leaver).post('/api/calendar/feeds', { scope: 'mine' })).body.data;
      const all = (await as(leaver).post('/api/calendar/feeds', { scope: 'all' })).body.data;
      expect(await status(mine.url)).toBe(200);
      expect(await status(all.url)).toBe(200);

      const deactivated = await asAdmin().put(`/api/user/${leaver.user._id}`, { active: false });
      expect(deactivated.status).toBe(200);
      expect(deactivated.body.data.status).toBe('DISABLED');
      expect(await status(mine.url)).toBe(404);
      expect(await status(all.url)).toBe(404);
      // Revoked in the database, not only refused by this process.
      expect(await revokedAt(mine._id)).not.toBeNull();
      expect(await revokedAt(all._id)).not.toBeNull();

      // Another start of the server on the same database answers the same.
      const restarted = await startTestApp({ APP_URL: 'https://registra.firm.test' });
      try {
        expect((await restarted.http.get(feedPath(mine.url))).status).toBe(404);
        expect((await restarted.http.get(feedPath(all.url))).status).toBe(404);
      } finally {
        await restarted.close();
      }

      // Reactivated: the old addresses stay dead; a new feed works.
      const reactivated = await asAdmin().put(`/api/user/${leaver.user._id}`, { active: true });
      expect(reactivated.body.data.status).toBe('ACTIVE');
      expect(await status(mine.url)).toBe(404);
      expect(await status(all.url)).toBe(404);
      const signedIn = await t.http
        .post('/api/user/signin')
        .send({ email: leaver.user.email, password: leaver.password });
      expect(signedIn.status).toBe(200);
      const again = await t.http
        .post('/api/calendar/feeds')
        .set('Authorization', `JWT ${signedIn.body.token}`)
        .send({ scope: 'mine' });
      expect(again.status).toBe(200);
      expect(await status(again.body.data.url)).toBe(200);
      expect(await status(mine.url)).toBe(404);
    });

    it('DELETE /api/user/{id} (which deactivates) revokes the feeds too', async () => {
      const leaver = await createUser(t, { firstName: 'Brian', lastName: 'Leaver' });
      const feed = (await as(leaver).post('/api/calendar/feeds', { scope: 'all' })).body.data;
      expect(await status(feed.url)).toBe(200);
      expect((await asAdmin().delete(`/api/user/${leaver.user._id}`)).status).toBe(200);
      expect(await status(feed.url)).toBe(404);
      expect(await revokedAt(feed._id)).not.toBeNull();
    });

    it('a live feed row whose owner is deactivated or deleted answers 404 like an unknown token', async () => {
      const owner = await createUser(t, { firstName: 'Ciara', lastName: 'Owner' });
      const feed = (await as(owner).post('/api/calendar/feeds', { scope: 'all' })).body.data;
      const db = t.app.get<Database>(DATABASE);
      const setOwner = (values: Partial<typeof users.$inferInsert>) =>
        db.update(users).set(values).where(eq(users.id, owner.user._id));
      const unknown = `/api/calendar/feed/${'B'.repeat(43)}.ics`;
      const unknownAnswer = (await t.http.get(unknown)).body;
      expect(await status(feed.url)).toBe(200);
      // The account changed behind the API's back (as before the revocation existed): the
      // route itself refuses, whatever the feed's row says.
      for (const values of [{ status: 'DISABLED' as const }, { deletedAt: new Date() }]) {
        await setOwner(values);
        const res = await t.http.get(feedPath(feed.url));
        expect(res.status).toBe(404);
        expect(res.body).toEqual(unknownAnswer);
        expect(await revokedAt(feed._id)).toBeNull();
        await setOwner({ status: 'ACTIVE', deletedAt: null });
        expect(await status(feed.url)).toBe(200);
      }
    });
  });

  it.each([
    [{}],
    [{ scope: 'everyone' }],
    [{ scope: 'mine', kinds: ['ard', 'tasks'] }],
    [{ scope: 'mine', kinds: 'ard' }],
    [{ scope: 'mine', token: 'mine' }],
  ])('POST %j answers 400 and creates nothing', async (body) => {
    const before = (await as(mary).get('/api/calendar/feeds')).body.data.length;
    const res = await as(mary).post('/api/calendar/feeds', body);
    expect(res.status).toBe(400);
    expect((await as(mary).get('/api/calendar/feeds')).body.data).toHaveLength(before);
  });
});

describe('the migration revoking the feeds of accounts already deactivated', () => {
  let name: string | undefined;
  let folder: string | undefined;
  afterAll(async () => {
    if (folder) rmSync(folder, { recursive: true, force: true });
    if (name) await dropDatabase(name);
  });

  it('revokes the live feeds of deactivated and deleted accounts, and only those', async () => {
    const database = await createDatabase('registra_feed_revoke');
    name = database.name;
    // The database as it was before the migration: every migration up to the one before it.
    folder = mkdtempSync(join(tmpdir(), 'registra-before-feed-revoke-'));
    cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalPath = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const index = journal.entries.findIndex((entry) =>
      entry.tag.endsWith('_revoke_feeds_of_deactivated_users'),
    );
    expect(index).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, index);
    writeFileSync(journalPath, JSON.stringify(journal));
    const pool = new Pool({ connectionString: database.url, max: 2 });
    try {
      await migrate(drizzle(pool), { migrationsFolder: folder });
      await pool.query(`
        INSERT INTO users (id, first_name, last_name, email, password_hash, role, status, deleted_at) VALUES
          ('00000000-0000-4000-8000-000000000001', 'Active', 'One', 'active@firm.ie', 'x', 'admin', 'ACTIVE', null),
          ('00000000-0000-4000-8000-000000000002', 'Left', 'Two', 'left@firm.ie', 'x', 'staff', 'DISABLED', null),
          ('00000000-0000-4000-8000-000000000003', 'Gone', 'Three', 'gone@firm.ie', 'x', 'staff', 'ACTIVE', now());
        INSERT INTO calendar_feeds (id, user_id, token_hash, scope, revoked_at) VALUES
          ('00000000-0000-4000-8009-000000000001', '00000000-0000-4000-8000-000000000001', 'h1', 'all', null),
          ('00000000-0000-4000-8009-000000000002', '00000000-0000-4000-8000-000000000002', 'h2', 'all', null),
          ('00000000-0000-4000-8009-000000000003', '00000000-0000-4000-8000-000000000003', 'h3', 'mine', null),
          ('00000000-0000-4000-8009-000000000004', '00000000-0000-4000-8000-000000000002', 'h4', 'mine',
            '2025-01-02T03:04:05Z');`);
    } finally {
      await pool.end();
    }

    const upgraded = openPostgres(database.url, 2);
    try {
      await upgraded.migrate();
      const result = (await upgraded.db.execute(
        sql`SELECT token_hash, revoked_at FROM calendar_feeds ORDER BY token_hash`,
      )) as unknown as { rows: { token_hash: string; revoked_at: Date | string | null }[] };
      const revoked = Object.fromEntries(
        result.rows.map((row) => [
          row.token_hash,
          row.revoked_at === null ? null : new Date(row.revoked_at).toISOString(),
        ]),
      );
      expect(revoked.h1).toBeNull();
      expect(revoked.h2).not.toBeNull();
      expect(revoked.h3).not.toBeNull();
      // A feed revoked before keeps the moment it was revoked.
      expect(revoked.h4).toBe('2025-01-02T03:04:05.000Z');
    } finally {
      await upgraded.close();
    }
  });
});
