import { addDays, addMonths, CALENDAR_KINDS, todayInDublin } from '@registra/domain';
import { sql } from 'drizzle-orm';
import { CalendarService } from '../src/calendar/calendar.service';
import { DATABASE } from '../src/platform/database/database';
import type { Database } from '../src/platform/database/database';
import { createUser, startTestApp } from './support/test-app';
import type { SignedIn, TestApp } from './support/test-app';

describe('Overview (GET /api/overview)', () => {
  let t: TestApp;
  let ciara: SignedIn;
  let db: Database;
  const tag = `ov${Date.now().toString(36)}`;
  const today = todayInDublin();
  const from = `${today.slice(0, 7)}-01`;
  const to = addDays(addMonths(from, 12), -1);

  const get = (query: Record<string, string>) =>
    t.http.get('/api/overview').set('Authorization', ciara.auth).query(query);
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const put = (path: string, body: object) =>
    t.http.put(path).set('Authorization', ciara.auth).send(body);
  const post = (path: string, body: object) =>
    t.http.post(path).set('Authorization', ciara.auth).send(body);

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get<Database>(DATABASE);
    ciara = await createUser(t, { firstName: 'Ciara', lastName: 'Byrne' });
    const users = [{ userId: ciara.user._id, userName: 'Ciara Byrne' }];
    // Three companies of Ciara's: ARDs this month, next month and last week (overdue).
    for (const [i, ard] of [addDays(today, 1), addMonths(today, 1), addDays(today, -7)].entries()) {
      const created = await post('/api/organization', { name: `${tag} ${i} Ltd` });
      expect(
        (
          await put(`/api/organization/${created.body.data._id}`, {
            users,
            nextArReminder: ard,
            status: true,
          })
        ).status,
      ).toBe(200);
    }
    const every = Object.fromEntries(
      Array.from({ length: 13 }, (_, i) => [`appendix2_q${i + 1}`, true]),
    );
    const aml = await post('/api/organization', { name: `${tag} AML Ltd` });
    await put(`/api/organization/${aml.body.data._id}`, { users, aml: every });
  });
  afterAll(() => t.close());

  it("Ciara's figures match plain counts of her companies", async () => {
    const res = await get({ user: 'mine' });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect([data.from, data.to]).toEqual([from, to]);
    const mine = sql`users @> ${JSON.stringify([{ userId: ciara.user._id }])}::jsonb AND deleted_at IS NULL`;
    const ards = await rows<{ month: string; count: number }>(sql`
      SELECT to_char(next_ar_reminder, 'YYYY-MM') AS month, count(*)::int AS count
      FROM organizations WHERE ${mine} AND next_ar_reminder BETWEEN ${from}::date AND ${to}::date
      GROUP BY 1 ORDER BY 1`);
    expect(data.obligationsByMonth.filter((row: { kind: string }) => row.kind === 'ard')).toEqual(
      ards.map((row) => ({ ...row, kind: 'ard' })),
    );
    const overdueArds = await rows<{ count: number }>(sql`
      SELECT count(*)::int AS count FROM organizations
      WHERE ${mine} AND next_ar_reminder < ${today}::date`);
    expect(data.overdueByKind.find((row: { kind: string }) => row.kind === 'ard')?.count ?? 0).toBe(
      overdueArds[0].count,
    );
    const overdueTotal = data.overdueByKind.reduce(
      (sum: number, row: { count: number }) => sum + row.count,
      0,
    );
    expect(data.overdueByUser).toEqual(
      overdueTotal
        ? [{ userId: ciara.user._id, userName: 'Ciara Byrne', count: overdueTotal }]
        : [],
    );
    expect(data.amlRiskLevels).toEqual([
      { level: 'high', count: 1 },
      { level: null, count: 3 },
    ]);
    expect(data.amlReviewsByMonth).toEqual([]);
    expect(data.subscriptionsByStatus).toEqual([]);
    expect(data.formsByMonth).toEqual([]);
  });

  it('the whole book: every chart matches a plain count', async () => {
    const period = { from: addMonths(from, -12), to: addDays(from, -1 + 365) };
    const res = await get(period);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.amlRiskLevels).toEqual(
      await rows(sql`SELECT aml_risk_level AS level, count(*)::int AS count FROM organizations
        WHERE deleted_at IS NULL GROUP BY 1 ORDER BY 1 NULLS LAST`),
    );
    expect(data.subscriptionsByStatus).toEqual(
      await rows(sql`SELECT status, count(*)::int AS count FROM subscriptions
        WHERE deleted_at IS NULL GROUP BY 1 ORDER BY 1`),
    );
    expect(data.amlReviewsByMonth).toEqual(
      await rows(sql`SELECT to_char(aml_next_review, 'YYYY-MM') AS month, count(*)::int AS count
        FROM organizations WHERE deleted_at IS NULL
          AND aml_next_review BETWEEN ${period.from}::date AND ${period.to}::date
        GROUP BY 1 ORDER BY 1`),
    );
    const orders = await rows<{ month: string; paid: string; outstanding: string }>(sql`
      SELECT to_char(date_order, 'YYYY-MM') AS month, sum(total_paid_cents)::text AS paid,
             sum(GREATEST(coalesce(total_amount_order_cents, 0) - total_paid_cents, 0))::text AS outstanding
      FROM orders WHERE deleted_at IS NULL
        AND date_order BETWEEN ${period.from}::date AND ${period.to}::date
      GROUP BY 1 ORDER BY 1`);
    expect(data.ordersByMonth).toEqual(
      orders.map((row) => ({
        month: row.month,
        paid: Number(row.paid) / 100,
        outstanding: Number(row.outstanding) / 100,
      })),
    );
    const forms = await rows<{ received: number; becameClients: number }>(sql`
      SELECT count(*)::int AS received, count(organization_id)::int AS "becameClients"
      FROM forms WHERE deleted_at IS NULL
        AND (created_at AT TIME ZONE 'Europe/Dublin')::date BETWEEN ${period.from}::date AND ${period.to}::date`);
    const sum = (key: 'received' | 'becameClients') =>
      data.formsByMonth.reduce((total: number, row: Record<string, number>) => total + row[key], 0);
    expect([sum('received'), sum('becameClients')]).toEqual([
      forms[0].received,
      forms[0].becameClients,
    ]);
    const b1b73 = await rows<{ count: number }>(sql`SELECT count(*)::int AS count FROM organizations
      WHERE deleted_at IS NULL AND b1b73 BETWEEN ${period.from}::date AND ${period.to}::date`);
    expect(
      data.obligationsByMonth
        .filter((row: { kind: string }) => row.kind === 'b1b73')
        .reduce((total: number, row: { count: number }) => total + row.count, 0),
    ).toBe(b1b73[0].count);
  });

  describe('overdue counts everything overdue today, whatever the period', () => {
    let dara: SignedIn;
    beforeAll(async () => {
      dara = await createUser(t, { firstName: 'Dara', lastName: 'Kavanagh' });
      const users = [{ userId: dara.user._id, userName: 'Dara Kavanagh' }];
      // Dara's three companies: an ARD two years past with a B1/B73 date older still, an ARD
      // 90 days past (its filing deadline 34 days past), and one still to come.
      const companies = [
        { nextArReminder: addDays(today, -730), B1B73: addDays(today, -1000) },
        { nextArReminder: addDays(today, -90) },
        { nextArReminder: addDays(today, 10) },
      ];
      for (const [i, dates] of companies.entries()) {
        const created = await post('/api/organization', { name: `${tag} Dara ${i} Ltd` });
        const saved = await put(`/api/organization/${created.body.data._id}`, {
          users,
          status: true,
          ...dates,
        });
        expect(saved.status).toBe(200);
      }
    });

    it.each([
      ['the default period (from the 1st of this month)', {}],
      ['a period starting today', { from: today }],
      ['a period next year', { from: addMonths(from, 12) }],
      ['a period two years ago', { from: addMonths(from, -24), to: addMonths(from, -23) }],
    ])('%s: 2 annual returns, 1 B1/B73, 2 filing deadlines; 5 for Dara', async (_, period) => {
      const res = await get({ ...period, user: dara.user._id });
      expect(res.status).toBe(200);
      expect(res.body.data.overdueByKind).toEqual([
        { kind: 'ard', count: 2 },
        { kind: 'b1b73', count: 1 },
        { kind: 'filingDeadline', count: 2 },
      ]);
      expect(res.body.data.overdueByUser).toEqual([
        { userId: dara.user._id, userName: 'Dara Kavanagh', count: 5 },
      ]);
      expect(res.body.data.anythingAssigned).toBe(true);
    });

    it('the whole book: the overdue ARDs are every live ARD (or first AR date) before today, however old', async () => {
      const [{ count }] = await rows<{ count: number }>(sql`
        SELECT count(*)::int AS count FROM organizations
        WHERE deleted_at IS NULL AND (next_ar_reminder < ${today}::date
          OR (next_ar_reminder IS NULL AND NOT status AND first_ar < ${today}::date))`);
      const res = await get({ from: today });
      expect(
        res.body.data.overdueByKind.find((row: { kind: string }) => row.kind === 'ard'),
      ).toEqual({ kind: 'ard', count });
      expect(count).toBeGreaterThanOrEqual(3);
      expect(res.body.data.anythingAssigned).toBeNull();
    });

    it("the whole book's overdue, counted in one read, is what listing every overdue obligation counts", async () => {
      // An overdue follow-up of nobody's, an overdue subscription, an organization with two users,
      // and a deleted organization whose overdue dates count for nobody.
      const users = [
        { userId: ciara.user._id, userName: 'Ciara Byrne' },
        { userId: dara.user._id, userName: 'Dara Kavanagh' },
      ];
      const shared = await post('/api/organization', { name: `${tag} Shared Ltd` });
      const sharedId = shared.body.data._id as string;
      expect(
        (
          await put(`/api/organization/${sharedId}`, {
            users,
            status: true,
            nextArReminder: addDays(today, -40),
            B1B73: addDays(today, -3),
          })
        ).status,
      ).toBe(200);
      const gone = await post('/api/organization', { name: `${tag} Gone Ltd` });
      await put(`/api/organization/${gone.body.data._id}`, {
        users,
        status: true,
        nextArReminder: addDays(today, -5),
      });
      await t.http
        .delete(`/api/organization/${gone.body.data._id}`)
        .set('Authorization', ciara.auth)
        .expect(200);
      // A follow-up whose deadline passed, assigned to nobody.
      const followUp = await post('/api/followUp', {
        name: 'AR_TRADING',
        organization_id: sharedId,
      });
      expect(followUp.status).toBe(200);
      await db.execute(sql`UPDATE follow_ups SET deadline = ${addDays(today, -2)}::date
        WHERE id = ${followUp.body.data._id}`);
      // A subscription started 400 days ago and never paid: its first period is due since then.
      const product = await post('/api/product', { name: `${tag} Office`, subscription: true });
      const subscription = await post('/api/subscription', {
        organizationId: sharedId,
        productId: product.body.data._id,
        plan: 6,
        startingDate: addDays(today, -400),
      });
      expect(subscription.status).toBe(200);

      const items = t.app
        .get(CalendarService)
        .obligationsSource({ from: null, to: addDays(today, -1), kinds: CALENDAR_KINDS });
      const byKind = await rows(sql`
        SELECT items.kind, count(*)::int AS count FROM ${items} GROUP BY 1 ORDER BY 1`);
      const byUser = await rows(sql`
        SELECT assignee->>'userId' AS "userId",
               coalesce(max(assignee->>'userName'), 'Nobody') AS "userName", count(*)::int AS count
        FROM ${items}
        LEFT JOIN LATERAL jsonb_array_elements(items."assignedTo") AS assignee ON TRUE
        GROUP BY 1 ORDER BY count DESC, 2`);
      const kinds = byKind.map((row) => (row as { kind: string }).kind);
      expect(kinds).toEqual(
        expect.arrayContaining(['ard', 'b1b73', 'followUpDeadline', 'subscriptionDue']),
      );
      expect(byUser.map((row) => (row as { userName: string }).userName)).toContain('Nobody');

      const res = await get({ from: today });
      expect(res.status).toBe(200);
      expect(res.body.data.overdueByKind).toEqual(byKind);
      expect(res.body.data.overdueByUser).toEqual(byUser);
    });

    it('a user with nothing assigned is told so, whatever the period', async () => {
      const newcomer = await createUser(t, { firstName: 'Niamh', lastName: 'Nua' });
      const res = await t.http
        .get('/api/overview')
        .set('Authorization', newcomer.auth)
        .query({ user: 'mine' });
      expect(res.status).toBe(200);
      expect(res.body.data.anythingAssigned).toBe(false);
      expect(res.body.data.overdueByKind).toEqual([]);
    });
  });

  it.each([
    ['a period over 731 days', { from: '2026-01-01', to: '2028-01-02' }],
    ['to before from', { from: '2026-02-01', to: '2026-01-01' }],
    ['not a date', { from: '2026-02-30' }],
    ['a user that is not an id', { user: 'someone' }],
    ['an unknown parameter', { kinds: 'ard' }],
  ])('%s answers 400', async (_, query) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });
});
