import { TEXT_MAX_LENGTHS, addMonths, todayInDublin } from '@registra/domain';
import { sql } from 'drizzle-orm';
import { OrdersRepository } from '../src/orders/orders.repository';
import { DATABASE } from '../src/platform/database/database';
import type { Database } from '../src/platform/database/database';
import { onlyPage, readText } from './support/http';
import { createUser, startTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

type Order = Record<string, unknown> & { _id: string; updatedAt: string };
type Subscription = Record<string, unknown> & { _id: string; orderIds: string[] };

describe('Products, orders and subscriptions', () => {
  let t: TestApp;
  let auth: string;
  const tag = `ord${Date.now().toString(36)}`;
  const today = todayInDublin();
  let sequence = 0;

  const post = (path: string, body: object) =>
    t.http.post(path).set('Authorization', auth).send(body);
  const put = (path: string, body: object) =>
    t.http.put(path).set('Authorization', auth).send(body);
  const organization = async (name = `${tag} Org ${sequence++} Ltd`) =>
    (await post('/api/organization', { name })).body.data as { _id: string; name: string };
  const product = async (subscription = false, name = `${tag} Product ${sequence++}`) => {
    const res = await post('/api/product', { name, subscription });
    expect(res.status).toBe(200);
    return res.body.data as { _id: string; name: string };
  };
  const order = async (body: Record<string, unknown>) => {
    const res = await post('/api/order', body);
    expect(res.status).toBe(200);
    return res.body.data as Order;
  };

  beforeAll(async () => {
    t = await startTestApp();
    auth = (await createUser(t)).auth;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('/api/product', () => {
    it('creates with a trimmed name; blank → "Product name is required"; a taken name → 409', async () => {
      const created = await post('/api/product', {
        name: `  ${tag} Domiciliation  `,
        subscription: true,
      });
      expect(created.body.data).toMatchObject({ name: `${tag} Domiciliation`, subscription: true });
      for (const name of ['', '   ', undefined]) {
        const res = await post('/api/product', { name });
        expect(res.status).toBe(400);
        expect(res.body.details).toContainEqual({
          field: 'name',
          message: 'Product name is required',
        });
      }
      const twin = await post('/api/product', { name: `${tag} DOMICILIATION` });
      expect(twin.status).toBe(409);
      expect(twin.body.code).toBe('PRODUCT_ALREADY_EXISTS');
    });

    it('searches every product, the subscription ones or by name, with the counts', async () => {
      const one = await product(false, `${tag} Search One-off`);
      const recurring = await product(true, `${tag} Search Recurring`);
      const all = await post('/api/product/search', { fetchAll: true });
      expect(all.body.data.map((p: { _id: string }) => p._id)).toEqual(
        expect.arrayContaining([one._id, recurring._id]),
      );
      expect(all.body.counts.products).toBe(all.body.data.length);
      expect(all.body.counts.subscriptions).toBe(
        all.body.data.filter((p: { subscription: boolean }) => p.subscription).length,
      );
      const subs = await post('/api/product/search', {
        subscription: true,
        search: `${tag} search`,
      });
      expect(subs.body.data.map((p: { _id: string }) => p._id)).toEqual([recurring._id]);
    });
  });

  describe('/api/order', () => {
    it('creates for an organization or for a customer whose organization does not exist yet', async () => {
      const o = await organization(`${tag} Customer Ltd`);
      const p = await product();
      const forOrganization = await order({
        organizationId: o._id,
        productId: p._id,
        dateOrder: '2026-11-02',
        totalPaid: 1234.56,
      });
      expect(forOrganization).toMatchObject({
        organizationId: o._id,
        organizationName: o.name,
        company: o.name,
        productId: p._id,
        product: p.name,
        dateOrder: '2026-11-02',
        totalPaid: 1234.56,
        withVat: false,
        noVat: false,
      });
      const forNewcomer = await order({
        newOrganization: true,
        firstName: 'Aoife',
        lastName: `Newcomer ${tag}`,
        productId: p._id,
        dateOrder: '2026-11-03',
        totalPaid: 0,
      });
      expect(forNewcomer).toMatchObject({
        organizationId: null,
        firstName: 'Aoife',
        lastName: `Newcomer ${tag}`,
        totalPaid: 0,
      });
      // The longest names the domain's table allows are taken whole.
      const longest = await order({
        newOrganization: true,
        firstName: 'f'.repeat(TEXT_MAX_LENGTHS.order.firstName),
        lastName: 'l'.repeat(TEXT_MAX_LENGTHS.order.lastName),
        productId: p._id,
        dateOrder: '2026-11-04',
        totalPaid: 0,
      });
      expect(longest).toMatchObject({
        firstName: 'f'.repeat(TEXT_MAX_LENGTHS.order.firstName),
        lastName: 'l'.repeat(TEXT_MAX_LENGTHS.order.lastName),
      });
    });

    it.each([
      [{ totalPaid: -1 }, 'totalPaid'],
      [{ totalPaid: 12.345 }, 'totalPaid'],
      [{ totalPaid: '12' }, 'totalPaid'],
      [{ totalPaid: undefined }, 'totalPaid'],
      [{ dateOrder: '02/11/2026' }, 'dateOrder'],
      [{ productId: undefined }, 'productId'],
      [{ productId: '00000000-0000-4000-8000-000000000000' }, 'productId'],
      [{ organizationId: undefined }, 'organizationId'],
      [{ organizationId: undefined, newOrganization: true, firstName: 'Only' }, 'lastName'],
    ])('refuses %j naming %s', async (changes, field) => {
      const o = await organization();
      const p = await product();
      const body = {
        organizationId: o._id,
        productId: p._id,
        dateOrder: today,
        totalPaid: 10,
        ...changes,
      };
      const res = await post('/api/order', body);
      expect(res.status).toBe(400);
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    });

    it.each(['firstName', 'lastName'] as const)(
      "refuses a new customer's %s longer than the domain's table allows",
      async (field) => {
        const res = await post('/api/order', {
          newOrganization: true,
          firstName: 'Aoife',
          lastName: 'Murphy',
          [field]: 'x'.repeat(TEXT_MAX_LENGTHS.order[field] + 1),
          productId: (await product())._id,
          dateOrder: today,
          totalPaid: 10,
        });
        expect(res.status).toBe(400);
        expect(res.body.details.map((d: { field: string }) => d.field)).toEqual([field]);
      },
    );

    it('keeps money exact to the cent and derives the balance from the total and the deposit', async () => {
      const o = await organization();
      const created = await order({
        organizationId: o._id,
        productId: (await product())._id,
        dateOrder: today,
        totalPaid: 0.1,
      });
      const res = await put(`/api/order/${created._id}`, {
        totalAmountOrder: 1000.1,
        amountDeposit: 250.05,
        totalPaid: 0.3,
        amountBalanceToPaid: 1,
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        totalAmountOrder: 1000.1,
        amountDeposit: 250.05,
        amountBalanceToPaid: 750.05,
        totalPaid: 0.3,
      });
      const stored = (await t.app
        .get<Database>(DATABASE)
        .execute(
          sql`SELECT total_amount_order_cents, amount_deposit_cents, amount_balance_to_paid_cents, total_paid_cents FROM orders WHERE id = ${created._id}`,
        )) as unknown as { rows: Array<Record<string, string | number>> };
      expect(stored.rows[0]).toEqual({
        // bigint columns: integer cents, read back as text by pg.
        total_amount_order_cents: '100010',
        amount_deposit_cents: '25005',
        amount_balance_to_paid_cents: '75005',
        total_paid_cents: '30',
      });
    });

    it('lists each order exactly as GET shows it: views written by PostgreSQL (ADR 0090)', async () => {
      const o = await organization();
      const p = await product();
      const created = await order({
        organizationId: o._id,
        productId: p._id,
        dateOrder: '2026-03-04',
        totalPaid: 0.1,
      });
      // Amounts whose euros are not exact doubles (0.3, 1000.1, 1234567.89).
      const saved = await put(`/api/order/${created._id}`, {
        totalAmountOrder: 1000.1,
        amountDeposit: 0.3,
        totalPaid: 1234567.89,
        from: 'NOMAD',
        comment: 'Paid in "two" parts',
        updatedAt: created.updatedAt,
      });
      expect(saved.status).toBe(200);
      // A timestamp written by PostgreSQL itself carries microseconds: both views cut them alike.
      await t.app
        .get<Database>(DATABASE)
        .execute(
          sql`UPDATE orders SET created_at = created_at + interval '456 microseconds' WHERE id = ${created._id}`,
        );
      const shown = (await t.http.get(`/api/order/${created._id}`).set('Authorization', auth)).body
        .data as Order;
      expect(shown).toMatchObject({
        totalAmountOrder: 1000.1,
        amountDeposit: 0.3,
        amountBalanceToPaid: 999.8,
        totalPaid: 1234567.89,
        from: 'NOMAD',
      });
      expect(shown).not.toHaveProperty('searchText');
      const listed = await post('/api/order/search', { product: p._id });
      expect(listed.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(listed.body).toEqual(onlyPage([shown]));
      const past = await post('/api/order/search', { product: p._id, page: 2, limit: 1 });
      expect(past.body).toEqual({
        ok: true,
        data: [],
        totalItems: 1,
        totalPages: 1,
        page: 2,
        limit: 1,
      });
    });

    it('enforces the VAT rule on the server', async () => {
      const created = await order({
        organizationId: (await organization())._id,
        productId: (await product())._id,
        dateOrder: today,
        totalPaid: 1,
      });
      const both = await put(`/api/order/${created._id}`, { withVat: true, noVat: true });
      expect(both.status).toBe(400);
      const withVat = await put(`/api/order/${created._id}`, {
        withVat: true,
        vatNumber: 'IE1234567T',
      });
      expect(withVat.body.data).toMatchObject({
        withVat: true,
        noVat: false,
        vatNumber: 'IE1234567T',
      });
      // Ticking No VAT (and unticking With VAT) clears the number; it is kept only with VAT.
      const noVat = await put(`/api/order/${created._id}`, {
        withVat: false,
        noVat: true,
        vatNumber: 'IE999',
      });
      expect(noVat.body.data).toMatchObject({ withVat: false, noVat: true, vatNumber: '' });
      const stillNoVat = await put(`/api/order/${created._id}`, { withVat: true });
      expect(stillNoVat.status).toBe(400);
    });

    it('updates every editable field; a stale updatedAt answers 409; delete is soft', async () => {
      const created = await order({
        organizationId: (await organization())._id,
        productId: (await product())._id,
        dateOrder: today,
        totalPaid: 1,
      });
      const other = await product();
      const res = await put(`/api/order/${created._id}`, {
        company: 'Emerald Holdings',
        firstName: 'Sean',
        lastName: 'Byrne',
        email: 'sean@example.ie',
        from: 'NOMAD',
        productId: other._id,
        paymentTypeDeposit: 'Card',
        dateOfBalance: '2026-12-01',
        paymentTypeBalance: 'Transfer',
        toInvoice: true,
        paidTotaly: true,
        balancePaid: true,
        comment: 'Paid at the desk',
        updatedAt: created.updatedAt,
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        company: 'Emerald Holdings',
        from: 'NOMAD',
        product: other.name,
        dateOfBalance: '2026-12-01',
        toInvoice: true,
        paidTotaly: true,
        balancePaid: true,
      });
      const stale = await put(`/api/order/${created._id}`, {
        comment: 'x',
        updatedAt: created.updatedAt,
      });
      expect(stale.status).toBe(409);
      expect(stale.body.code).toBe('VERSION_CONFLICT');
      expect((await put(`/api/order/${created._id}`, { from: 'AMAZON' })).status).toBe(400);

      expect(
        (await t.http.delete(`/api/order/${created._id}`).set('Authorization', auth)).status,
      ).toBe(200);
      const gone = await t.http.get(`/api/order/${created._id}`).set('Authorization', auth);
      expect(gone.status).toBe(404);
      expect(gone.body).toMatchObject({ code: 'NOT_FOUND', deleted: true });
    });

    it('searches by text, origin (N/A too), product, organization (N/A too) and ids; sorts every column', async () => {
      const o = await organization(`${tag} Searchable Ltd`);
      const p = await product();
      const a = await order({
        organizationId: o._id,
        productId: p._id,
        dateOrder: '2026-01-10',
        totalPaid: 10,
      });
      const b = await order({
        newOrganization: true,
        firstName: 'Nora',
        lastName: `Search ${tag}`,
        productId: p._id,
        dateOrder: '2026-02-10',
        totalPaid: 20,
      });
      await put(`/api/order/${a._id}`, { from: 'NEOCIRCLE', totalAmountOrder: 500 });
      await put(`/api/order/${b._id}`, { totalAmountOrder: 100 });
      const ids = async (body: Record<string, unknown>) => {
        const res = await post('/api/order/search', { product: p._id, ...body });
        expect(res.status).toBe(200);
        return res.body.data.map((row: { _id: string }) => row._id);
      };
      expect(await ids({})).toEqual([b._id, a._id]); // dateOrder desc
      expect(await ids({ search: `search ${tag}` })).toEqual([b._id]);
      expect(await ids({ search: `${tag} searchable` })).toEqual([a._id]);
      expect(await ids({ from: 'NEOCIRCLE' })).toEqual([a._id]);
      expect(await ids({ from: 'N/A' })).toEqual([b._id]);
      expect(await ids({ organizationId: 'N/A' })).toEqual([b._id]);
      expect(await ids({ organizationId: o._id })).toEqual([a._id]);
      expect(await ids({ sortField: 'totalAmountOrder', sortOrder: 'asc' })).toEqual([
        b._id,
        a._id,
      ]);
      expect(await ids({ sortField: 'lastName', sortOrder: 'desc' })).toEqual([b._id, a._id]);
      expect(await ids({ orderIds: [a._id] })).toEqual([a._id]);
      const paged = await post('/api/order/search', { product: p._id, limit: 1, page: 2 });
      expect(paged.body).toMatchObject({ totalItems: 2, totalPages: 2 });
      for (const body of [
        { sortField: 'price' },
        { from: 'AMAZON' },
        { organizationId: 'x' },
        { limit: 1001 },
      ]) {
        expect((await post('/api/order/search', body)).status).toBe(400);
      }
    });

    it('exports the list as CSV with every column, streamed in batches (10k orders)', async () => {
      const p = await product(false, `${tag} Bulk`);
      await t.app.get<Database>(DATABASE).execute(sql`
        INSERT INTO orders (product_id, product, date_order, total_paid_cents, total_amount_order_cents, company, search_text)
        SELECT ${p._id}::uuid, ${p.name}, DATE '2026-01-01' + (n % 300), n, n * 10, 'Bulk ' || n, ${`${tag} bulk`}
        FROM generate_series(1, 10000) AS n`);
      const repository = t.app.get(OrdersRepository);
      const original = repository.exportInBatches.bind(repository);
      const batches: number[] = [];
      const spy = jest
        .spyOn(repository, 'exportInBatches')
        .mockImplementation((filters, sort, onBatch) =>
          original(filters, sort, (rows) => {
            batches.push(rows.length);
            return onBatch(rows);
          }),
        );
      const res = await t.http
        .get(`/api/order/export?product=${p._id}&sortField=totalPaid&sortOrder=asc`)
        .set('Authorization', auth)
        .buffer(true)
        .parse(readText);
      spy.mockRestore();
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      const lines = (res.body as string).replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe(
        'Company,Organization,Last name,First name,Email,From,Product,Total amount (EUR),Deposit (EUR),Order date,Deposit payment type,Balance to pay (EUR),Balance date,Balance payment type,Paid totally,Balance paid,Total paid (EUR),With VAT,VAT number',
      );
      expect(lines[1]).toBe(`Bulk 1,N/A,,,,N/A,${p.name},0.10,,02/01/2026,,,,,No,No,0.01,No,`);
      expect(lines).toHaveLength(10_002);
      // Never more than one batch of rows in memory.
      expect(Math.max(...batches)).toBeLessThanOrEqual(1000);
      expect(batches.reduce((a, b) => a + b, 0)).toBe(10_000);
      expect((await t.http.get('/api/order/export')).status).toBe(401);
    });
  });

  describe('/api/subscription', () => {
    it('creates for an organization: a subscription product, plan 1..60 default 6, start default today', async () => {
      const o = await organization();
      const recurring = await product(true);
      const res = await post('/api/subscription', {
        organizationId: o._id,
        productId: recurring._id,
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        organizationId: o._id,
        organizationName: o.name,
        productId: recurring._id,
        productName: recurring.name,
        name: recurring.name,
        status: 'CURRENT',
        plan: 6,
        startingDate: today,
        nextDueDate: today,
        missingPayments: 1,
        orderIds: [],
      });
      for (const body of [
        { organizationId: o._id, productId: (await product(false))._id },
        { organizationId: o._id, productId: recurring._id, plan: 0 },
        { organizationId: o._id, productId: recurring._id, plan: 61 },
        { organizationId: o._id, productId: recurring._id, startingDate: '2026-02-30' },
        { organizationId: '00000000-0000-4000-8000-000000000000', productId: recurring._id },
      ]) {
        expect((await post('/api/subscription', body)).status).toBe(400);
      }
    });

    it('each linked order pays one period; an order pays one subscription; unlink; status', async () => {
      const o = await organization();
      const recurring = await product(true);
      const start = addMonths(today, -13);
      const sub = (
        await post('/api/subscription', {
          organizationId: o._id,
          productId: recurring._id,
          plan: 6,
          startingDate: start,
        })
      ).body.data as Subscription;
      // Due at start, +6 and +12 months: 3 periods, none paid.
      expect(sub).toMatchObject({ nextDueDate: start, missingPayments: 3 });
      const first = await order({
        organizationId: o._id,
        productId: recurring._id,
        dateOrder: start,
        totalPaid: 60,
      });
      const second = await order({
        organizationId: o._id,
        productId: recurring._id,
        dateOrder: addMonths(start, 6),
        totalPaid: 60,
      });
      const linked = await put(`/api/subscription/${sub._id}`, { addedOrder: first._id });
      expect(linked.status).toBe(200);
      expect(linked.body.data).toMatchObject({
        orderIds: [first._id],
        missingPayments: 2,
        nextDueDate: addMonths(start, 6),
      });
      const both = await put(`/api/subscription/${sub._id}`, { addedOrder: second._id });
      expect(both.body.data).toMatchObject({
        orderIds: [first._id, second._id],
        missingPayments: 1,
        nextDueDate: addMonths(start, 12),
      });
      // The list brings each subscription's linked orders in its page statement: as GET shows it.
      const shown = (await t.http.get(`/api/subscription/${sub._id}`).set('Authorization', auth))
        .body.data as Subscription;
      expect(shown).toEqual(both.body.data);
      const listed = await post('/api/subscription/search', { organizationId: o._id });
      expect(listed.body.data.find((s: Subscription) => s._id === sub._id)).toEqual(shown);

      // An order pays one subscription at most.
      const other = (
        await post('/api/subscription', { organizationId: o._id, productId: recurring._id })
      ).body.data as Subscription;
      const taken = await put(`/api/subscription/${other._id}`, { addedOrder: first._id });
      expect(taken.status).toBe(409);
      expect(taken.body.code).toBe('ORDER_ALREADY_LINKED');

      const unlinked = await put(`/api/subscription/${sub._id}`, { deletedOrder: first._id });
      expect(unlinked.body.data.orderIds).toEqual([second._id]);
      expect((await put(`/api/subscription/${sub._id}`, { deletedOrder: first._id })).status).toBe(
        400,
      );

      const cancelled = await put(`/api/subscription/${sub._id}`, { status: 'CANCELLED' });
      expect(cancelled.body.data).toMatchObject({
        status: 'CANCELLED',
        nextDueDate: null,
        missingPayments: 0,
      });
      for (const body of [{}, { status: 'PAUSED' }, { status: 'UNPAID', addedOrder: first._id }]) {
        expect((await put(`/api/subscription/${sub._id}`, body)).status).toBe(400);
      }

      // Deleting the subscription frees its orders.
      expect(
        (await t.http.delete(`/api/subscription/${sub._id}`).set('Authorization', auth)).status,
      ).toBe(200);
      const freed = await put(`/api/subscription/${other._id}`, { addedOrder: second._id });
      expect(freed.body.data.orderIds).toEqual([second._id]);
    });

    it("searches an organization's, and the list by organization name, product, status; exports it", async () => {
      const o = await organization(`${tag} Subscriber Ltd`);
      const a = await product(true, `${tag} Sub A`);
      const b = await product(true, `${tag} Sub B`);
      const sa = (await post('/api/subscription', { organizationId: o._id, productId: a._id })).body
        .data as Subscription;
      const sb = (await post('/api/subscription', { organizationId: o._id, productId: b._id })).body
        .data as Subscription;
      await put(`/api/subscription/${sb._id}`, { status: 'UNPAID' });
      const ofOrganization = await post('/api/subscription/search', { organizationId: o._id });
      expect(ofOrganization.body.data.map((s: Subscription) => s._id).sort()).toEqual(
        [sa._id, sb._id].sort(),
      );
      const list = async (body: Record<string, unknown>) =>
        (
          await post('/api/subscription/search', {
            organization_name: `${tag} subscriber`,
            ...body,
          })
        ).body;
      expect((await list({})).totalItems).toBe(2);
      expect((await list({ product_name: b.name })).data.map((s: Subscription) => s._id)).toEqual([
        sb._id,
      ]);
      expect((await list({ status: 'UNPAID' })).data.map((s: Subscription) => s._id)).toEqual([
        sb._id,
      ]);
      expect(
        (await list({ sortField: 'productName', sortOrder: 'asc' })).data.map(
          (s: Subscription) => s._id,
        ),
      ).toEqual([sa._id, sb._id]);

      const csv = await t.http
        .get(
          `/api/subscription/export?organization_name=${encodeURIComponent(`${tag} subscriber`)}&sortField=productName&sortOrder=asc`,
        )
        .set('Authorization', auth)
        .buffer(true)
        .parse(readText);
      const lines = (csv.body as string)
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(
        'Organization,Product,Status,Period (months),Starting date,Next due date,Missing payments,Linked orders',
      );
      expect(lines).toHaveLength(3);
      expect(lines[2]).toContain(`${b.name},UNPAID,6,`);
    });
  });
});
