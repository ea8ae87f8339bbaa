import { sql } from 'drizzle-orm';
import { FOLLOW_UP_TYPES } from '@registra/domain';
import { AuditRepository } from '../src/platform/audit/audit.repository';
import type { AuditFilters } from '../src/platform/audit/audit.repository';
import { openPostgres } from '../src/platform/database/database';
import type { Database, DatabaseHandle } from '../src/platform/database/database';
import { FollowUpsRepository } from '../src/follow-ups/follow-ups.repository';
import type { FollowUpFilters } from '../src/follow-ups/follow-ups.repository';
import { followUps } from '../src/follow-ups/follow-ups.schema';
import { FormsRepository } from '../src/forms/forms.repository';
import type { FormFilters } from '../src/forms/forms.repository';
import { forms } from '../src/forms/forms.schema';
import { OrdersRepository } from '../src/orders/orders.repository';
import type { OrderFilters } from '../src/orders/orders.repository';
import { orders } from '../src/orders/orders.schema';
import { OrganizationsRepository } from '../src/organizations/organizations.repository';
import type { OrganizationFilters } from '../src/organizations/organizations.repository';
import { organizations } from '../src/organizations/organizations.schema';
import { PeopleRepository } from '../src/people/people.repository';
import type { PeopleFilters } from '../src/people/people.repository';
import { people } from '../src/people/people.schema';
import { products } from '../src/products/products.schema';
import { SEARCH_BUCKET_ROWS } from '../src/platform/database/columns';
import {
  EXACT_TOTAL_MAX,
  matchesUpTo,
  searchTextOf,
  SORT_MATCHES_MAX,
  TEXT_TOTAL_MAX,
  totalBound,
} from '../src/platform/database/search';
import { SubscriptionsRepository } from '../src/subscriptions/subscriptions.repository';
import type { SubscriptionFilters } from '../src/subscriptions/subscriptions.repository';
import { subscriptions } from '../src/subscriptions/subscriptions.schema';
import { TasksRepository } from '../src/tasks/tasks.repository';
import type { TaskFilters } from '../src/tasks/tasks.repository';
import { tasks, taskUsers } from '../src/tasks/tasks.schema';
import { users } from '../src/users/users.schema';
import { createDatabase, dropDatabase } from './support/databases';

/**
 * Every list × every filter against the live rows: each list's total and page, through the same
 * repository code the API runs (its filter table and read paths: maintained counts when nothing
 * filters, sorted matches, counts of the matches), compared with a plain COUNT(*) and SELECT
 * written here by hand. The cases are typed by the list's filter type, so a filter added to a
 * list without a case here does not compile; the follow-ups' summary is compared too.
 */

/** A value of one filter and the same filter as a plain condition on the list's table. */
type Case<V> = { value: V; where: string };
/** One case list per filter of F: the mapped type makes every filter's entry required. */
type Cases<F> = { [K in keyof F]-?: Case<NonNullable<F[K]>>[] };

const PAGE = { offset: 0, limit: 7 };
const TODAY = '2026-06-15';
const SOON = '2026-06-22';
const N = 36;
const day = (i: number) =>
  `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`;
const uuid = (kind: number, i: number) =>
  `00000000-0000-4000-8${String(kind).padStart(3, '0')}-${String(i).padStart(12, '0')}`;
const NAMES = ['Kelly', 'Murphy', 'Ó Briain', 'Walsh', 'Byrne', 'Kelleher'];
const COUNTRIES = ['Ireland', 'France', 'United Kingdom'];

let handle: DatabaseHandle;
let db: Database;
let databaseName: string;
const staff = [uuid(9, 1), uuid(9, 2)];

async function plain<T>(statement: string): Promise<T[]> {
  return ((await db.execute(sql.raw(statement))) as unknown as { rows: T[] }).rows;
}

async function expectedTotal(table: string, where: string): Promise<number> {
  const [row] = await plain<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} WHERE ${where}`,
  );
  return row.n;
}

async function expectedIds(table: string, where: string, order: string): Promise<string[]> {
  const rows = await plain<{ id: string }>(
    `SELECT id::text AS id FROM ${table} WHERE ${where} ORDER BY ${order} LIMIT ${PAGE.limit}`,
  );
  return rows.map((row) => row.id);
}

/** Each filter alone, then every filter's first case together. */
function combinations<F>(cases: Cases<F>): { filters: Partial<F>; where: string[] }[] {
  const keys = Object.keys(cases) as (keyof F)[];
  const alone = keys.flatMap((key) =>
    cases[key].map((c) => ({ filters: { [key]: c.value } as Partial<F>, where: [c.where] })),
  );
  const together = {
    filters: Object.fromEntries(keys.map((key) => [key, cases[key][0].value])) as Partial<F>,
    where: keys.map((key) => cases[key][0].where),
  };
  return [{ filters: {}, where: [] }, ...alone, together];
}

const and = (base: string, where: string[]) => [base, ...where].join(' AND ');
const idsOfJson = (items: string[]) =>
  items.map((item) => (JSON.parse(item) as { _id: string })._id);

beforeAll(async () => {
  const database = await createDatabase('registra_lists');
  databaseName = database.name;
  handle = openPostgres(database.url, 6);
  await handle.migrate();
  db = handle.db;
  await db.insert(users).values(
    staff.map((id, i) => ({
      id,
      firstName: 'Staff',
      lastName: `Number ${i}`,
      email: `staff${i}@firm.ie`,
      passwordHash: 'x',
      role: 'staff' as const,
    })),
  );
  await db.insert(organizations).values(
    Array.from({ length: N }, (_, i) => {
      const name = `${NAMES[i % NAMES.length]} ${i % 4 === 0 ? 'Holdings' : 'Trading'} Ltd`;
      return {
        id: uuid(1, i),
        name,
        searchText: searchTextOf(name, `CRO${i}`),
        cro: `CRO${i}`,
        creationStatus: [null, 'DONE', 'PENDING', 'SOMETHING ELSE'][i % 4],
        status: i % 2 === 0,
        bilan: i % 3 === 0,
        finotor: ['not_sent', 'sent', 'registered'][i % 3],
        firstAr: i % 5 === 0 ? null : day(i),
        nextArReminder: i % 4 === 0 ? null : day(i + 3),
        hasDomiciliation: i % 3 === 1,
        domiciliationPaidReminder: i % 3 === 1 ? day(i + 1) : null,
        users: i % 2 === 0 ? [{ userId: staff[0], userName: 'Staff Number 0' }] : [],
        amlRiskLevel: ([null, 'low', 'medium', 'high'] as const)[i % 4],
        amlNextReview: i % 4 === 0 ? null : day(i + 5),
        deletedAt: i % 11 === 10 ? new Date() : null,
      };
    }),
  );
  await db.insert(people).values(
    Array.from({ length: N * 2 }, (_, i) => ({
      id: uuid(2, i),
      firstName: ['Seán', 'Aoife', 'Ciara'][i % 3],
      lastName: NAMES[i % NAMES.length],
      searchText: searchTextOf(['Seán', 'Aoife', 'Ciara'][i % 3], NAMES[i % NAMES.length]),
      country: COUNTRIES[i % 3],
      deletedAt: i % 13 === 12 ? new Date() : null,
    })),
  );
  await db.insert(followUps).values(
    Array.from({ length: N * 2 }, (_, i) => ({
      id: uuid(3, i),
      organizationId: uuid(1, i % N),
      name: FOLLOW_UP_TYPES[(i + Math.floor(i / N)) % 3],
      stepIndex: i % 4,
      maxStepIndex: 3,
      startDate: i % 6 === 0 ? null : day(i),
      deadline: i % 5 === 0 ? null : day(i + 2),
      userId: i % 2 === 0 ? staff[i % 4 === 0 ? 0 : 1] : null,
      archivedAt: i % 9 === 8 ? new Date() : null,
      deletedAt: i % 17 === 16 ? new Date() : null,
    })),
  );
  await db.insert(tasks).values(
    Array.from({ length: N }, (_, i) => ({
      id: uuid(4, i),
      title: `Call ${NAMES[i % NAMES.length]}`,
      searchText: searchTextOf(`Call ${NAMES[i % NAMES.length]}`),
      status: (['TO DO', 'IN PROGRESS', 'DONE'] as const)[i % 3],
      deletedAt: i % 10 === 9 ? new Date() : null,
    })),
  );
  await db.insert(taskUsers).values(
    Array.from({ length: N }, (_, i) => i)
      .filter((i) => i % 3 !== 2)
      .map((i) => ({ taskId: uuid(4, i), userId: staff[i % 2], userName: 'Staff', position: 0 })),
  );
  await db.insert(products).values([
    { id: uuid(5, 0), name: 'Domiciliation', subscription: true },
    { id: uuid(5, 1), name: 'Secretary', subscription: true },
  ]);
  await db.insert(orders).values(
    Array.from({ length: N }, (_, i) => ({
      id: uuid(6, i),
      company: `${NAMES[i % NAMES.length]} Ltd`,
      searchText: searchTextOf(`${NAMES[i % NAMES.length]} Ltd`),
      origin: (['website', 'phone', null] as const)[i % 3] as never,
      productId: i % 4 === 3 ? null : uuid(5, i % 2),
      organizationId: i % 3 === 2 ? null : uuid(1, i),
      deletedAt: i % 12 === 11 ? new Date() : null,
    })),
  );
  await db.insert(subscriptions).values(
    Array.from({ length: N }, (_, i) => ({
      id: uuid(7, i),
      organizationId: uuid(1, i),
      organizationName: `${NAMES[i % NAMES.length]} Ltd`,
      searchText: searchTextOf(`${NAMES[i % NAMES.length]} Ltd`),
      productId: uuid(5, i % 2),
      productName: ['Domiciliation', 'Secretary'][i % 2],
      status: (['CURRENT', 'ENDED'] as const)[i % 2] as never,
      startingDate: day(i),
      deletedAt: i % 8 === 7 ? new Date() : null,
    })),
  );
  await db.insert(forms).values(
    Array.from({ length: N }, (_, i) => ({
      id: uuid(8, i),
      organizationName1: `${NAMES[i % NAMES.length]} Startup`,
      description: 'A new company',
      searchText: searchTextOf(`${NAMES[i % NAMES.length]} Startup`),
      deletedAt: i % 7 === 6 ? new Date() : null,
    })),
  );
}, 120_000);

afterAll(async () => {
  await handle?.close();
  if (databaseName) await dropDatabase(databaseName);
});

describe('every list × every filter matches a plain count and select of the live rows', () => {
  it('people', async () => {
    const repository = new PeopleRepository(db);
    const cases: Cases<PeopleFilters> = {
      search: [
        { value: 'kel', where: `search_text LIKE '%kel%'` },
        { value: 'Ó Briain', where: `search_text LIKE '%o briain%'` },
      ],
      // The top bar's box: one or two characters at a word's start, more anywhere.
      searchBox: [
        { value: 'Ke', where: `(search_text LIKE 'ke%' OR search_text LIKE '% ke%')` },
        { value: 'Murphy', where: `search_text LIKE '%murphy%'` },
      ],
      country: [{ value: 'France', where: `country = 'France'` }],
    };
    for (const sort of ['lastName', 'createdAt'] as const) {
      const column = sort === 'lastName' ? 'last_name' : 'created_at';
      for (const { filters, where } of combinations(cases)) {
        const condition = and('deleted_at IS NULL', where);
        const found = await repository.searchViews(filters, { field: sort, order: 'asc' }, PAGE);
        expect({ filters, sort, total: found.total }).toEqual({
          filters,
          sort,
          total: await expectedTotal('people', condition),
        });
        expect(idsOfJson(found.items)).toEqual(
          await expectedIds('people', condition, `${column} ASC, id ASC`),
        );
      }
    }
  });

  it('organizations, and the dashboard card by deadline', async () => {
    const repository = new OrganizationsRepository(db);
    const known = ['DONE', 'PENDING'];
    const active = (type?: string) =>
      `EXISTS (SELECT 1 FROM follow_ups f WHERE f.organization_id = organizations.id
        ${type ? `AND f.name = '${type}'` : ''} AND f.archived_at IS NULL AND f.deleted_at IS NULL)`;
    const cases: Cases<Omit<OrganizationFilters, 'deadlineOrder'>> = {
      search: [
        { value: 'holdings', where: `search_text LIKE '%holdings%'` },
        { value: 'cro1', where: `search_text LIKE '%cro1%'` },
      ],
      searchBox: [
        { value: 'ho', where: `(search_text LIKE 'ho%' OR search_text LIKE '% ho%')` },
        { value: 'cro1', where: `search_text LIKE '%cro1%'` },
      ],
      nextArReminderOnOrBefore: [
        { value: '2026-06-01', where: `next_ar_reminder <= '2026-06-01'` },
      ],
      status: [
        { value: true, where: 'status' },
        { value: false, where: 'NOT status' },
      ],
      bilan: [{ value: true, where: 'bilan' }],
      creationStatus: [
        { value: 'DONE', where: `creation_status = 'DONE'` },
        {
          value: 'N/A',
          where: `(creation_status IS NULL OR creation_status NOT IN ('DONE', 'PENDING'))`,
        },
      ],
      knownCreationStatuses: [{ value: known, where: 'true' }],
      finotorIn: [
        { value: ['sent', 'registered'], where: `finotor IN ('sent', 'registered')` },
        { value: [], where: 'false' },
      ],
      arColumn: [{ value: 'firstAr', where: 'true' }],
      arDate: [{ value: '2026-05-01', where: `first_ar <= '2026-05-01'` }],
      paidReminderBefore: [{ value: '2026-07-01', where: `paid_reminder_due < '2026-07-01'` }],
      userId: [{ value: staff[0], where: `users @> '[{"userId": "${staff[0]}"}]'::jsonb` }],
      followUpType: [{ value: FOLLOW_UP_TYPES[1], where: active(FOLLOW_UP_TYPES[1]) }],
      amlRiskLevel: [
        { value: 'none', where: 'aml_risk_level IS NULL' },
        { value: 'high', where: `aml_risk_level = 'high'` },
      ],
      amlNextReviewOnOrBefore: [{ value: '2026-08-01', where: `aml_next_review <= '2026-08-01'` }],
    };
    for (const { filters, where } of combinations(cases)) {
      const all = { knownCreationStatuses: known, ...filters } as OrganizationFilters;
      // The arDate case applies to the first AR only with its column: without one, the next.
      const conditions = where.map((w) =>
        !('arColumn' in filters) && w.startsWith('first_ar')
          ? w.replace('first_ar', 'next_ar_reminder')
          : w,
      );
      const condition = and('deleted_at IS NULL', conditions);
      for (const sort of ['name', 'createdAt'] as const) {
        const found = await repository.search(all, { field: sort, order: 'asc' }, PAGE);
        const column = sort === 'name' ? 'name' : 'created_at';
        expect({ filters, sort, total: found.total }).toEqual({
          filters,
          sort,
          total: await expectedTotal('organizations', condition),
        });
        expect(found.rows.map((row) => row.id)).toEqual(
          await expectedIds('organizations', condition, `${column} ASC, id ASC`),
        );
      }
      // The dashboard card: only organizations with an active follow-up, by earliest deadline.
      const byDeadline = await repository.search(
        { ...all, deadlineOrder: 'asc' },
        { field: 'name', order: 'asc' },
        PAGE,
      );
      const followed = and(condition, [active()]);
      expect({ filters, card: byDeadline.total }).toEqual({
        filters,
        card: await expectedTotal('organizations', followed),
      });
    }
  });

  it('follow-ups and their summary', async () => {
    const repository = new FollowUpsRepository(db);
    const cases: Cases<FollowUpFilters> = {
      organizationId: [{ value: uuid(1, 3), where: `organization_id = '${uuid(1, 3)}'` }],
      archived: [
        { value: false, where: 'archived_at IS NULL' },
        { value: true, where: 'archived_at IS NOT NULL' },
      ],
      organizationName: [
        {
          value: 'murphy',
          where: `organization_id IN (SELECT id FROM organizations WHERE search_text LIKE '%murphy%')`,
        },
        // Two letters: their few organizations' follow-ups, sorted (ADR 0149).
        {
          value: 'mu',
          where: `organization_id IN (SELECT id FROM organizations WHERE search_text LIKE '%mu%')`,
        },
      ],
      name: [{ value: FOLLOW_UP_TYPES[2], where: `name = '${FOLLOW_UP_TYPES[2]}'` }],
      inProgress: [
        { value: true, where: 'true' },
        { value: false, where: 'completed' },
      ],
      completed: [
        { value: true, where: 'true' },
        { value: false, where: 'NOT completed' },
      ],
      startedOnOrAfter: [{ value: '2026-04-01', where: `start_date >= '2026-04-01'` }],
      deadlineOnOrBefore: [{ value: '2026-09-01', where: `deadline <= '2026-09-01'` }],
      assignedTo: [{ value: staff[1], where: `user_id = '${staff[1]}'` }],
    };
    const base = `deleted_at IS NULL AND organization_id NOT IN
      (SELECT id FROM organizations WHERE deleted_at IS NOT NULL)`;
    for (const { filters, where } of combinations(cases)) {
      const all: FollowUpFilters = {
        archived: false,
        inProgress: true,
        completed: true,
        ...filters,
      };
      // The archived flag is always set: false keeps the active ones.
      const conditions = 'archived' in filters ? where : ['archived_at IS NULL', ...where];
      const condition = and(base, conditions);
      const found = await repository.search(
        all,
        { field: 'deadline', order: 'asc' },
        PAGE,
        TODAY,
        SOON,
      );
      expect({ filters, total: found.total }).toEqual({
        filters,
        total: await expectedTotal('follow_ups', condition),
      });
      expect(idsOfJson(found.items)).toEqual(
        await expectedIds('follow_ups', condition, 'deadline ASC NULLS LAST, id ASC NULLS LAST'),
      );
      // The summary counts every progress whatever the flags.
      const summarized = and(
        base,
        conditions.filter((w) => w !== 'completed' && w !== 'NOT completed'),
      );
      const [expected] = await plain<Record<string, number>>(`
        SELECT count(*)::int AS "total",
          (count(*) FILTER (WHERE NOT completed))::int AS "inProgress",
          (count(*) FILTER (WHERE completed))::int AS "completed",
          (count(*) FILTER (WHERE NOT completed AND deadline < '${TODAY}'))::int AS "late",
          (count(*) FILTER (WHERE NOT completed AND deadline >= '${TODAY}'
            AND deadline <= '${SOON}'))::int AS "dueSoon"
        FROM follow_ups WHERE ${summarized}`);
      expect({ filters, counts: found.counts }).toEqual({ filters, counts: expected });
    }
  });

  it("follow-ups by an organization's name, sorted by that name", async () => {
    const repository = new FollowUpsRepository(db);
    const where = (term: string) => `deleted_at IS NULL AND archived_at IS NULL
      AND organization_id IN (SELECT id FROM organizations
        WHERE search_text LIKE '%${term}%' AND deleted_at IS NULL)`;
    for (const term of ['murphy', 'mu', 'holdings'])
      for (const order of ['asc', 'desc'] as const) {
        const found = await repository.search(
          { archived: false, inProgress: true, completed: true, organizationName: term },
          { field: 'organization_name', order },
          PAGE,
          TODAY,
          SOON,
        );
        expect({ term, order, total: found.total }).toEqual({
          term,
          order,
          total: await expectedTotal('follow_ups', where(term)),
        });
        expect({ term, order, ids: idsOfJson(found.items) }).toEqual({
          term,
          order,
          ids: await expectedIds(
            'follow_ups',
            where(term),
            `(SELECT name FROM organizations WHERE organizations.id = follow_ups.organization_id) ${order}, id ${order}`,
          ),
        });
      }
  });

  it('tasks', async () => {
    const repository = new TasksRepository(db);
    const cases: Cases<TaskFilters> = {
      search: [{ value: 'kel', where: `search_text LIKE '%kel%'` }],
      searchBox: [{ value: 'ke', where: `(search_text LIKE 'ke%' OR search_text LIKE '% ke%')` }],
      userId: [
        {
          value: staff[1],
          where: `id IN (SELECT task_id FROM task_users WHERE user_id = '${staff[1]}')`,
        },
      ],
      status: [{ value: 'DONE', where: `status = 'DONE'` }],
    };
    for (const { filters, where } of combinations(cases)) {
      const condition = and('deleted_at IS NULL', where);
      const found = await repository.search(filters, { field: 'title', order: 'asc' }, PAGE);
      expect({ filters, total: found.total }).toEqual({
        filters,
        total: await expectedTotal('tasks', condition),
      });
      expect(idsOfJson(found.items)).toEqual(
        await expectedIds('tasks', condition, 'title ASC, id ASC'),
      );
    }
  });

  it('orders', async () => {
    const repository = new OrdersRepository(db);
    const cases: Cases<OrderFilters> = {
      search: [{ value: 'walsh', where: `search_text LIKE '%walsh%'` }],
      searchBox: [{ value: 'wa', where: `(search_text LIKE 'wa%' OR search_text LIKE '% wa%')` }],
      from: [
        { value: 'phone', where: `origin = 'phone'` },
        { value: 'N/A', where: 'origin IS NULL' },
      ],
      productId: [{ value: uuid(5, 1), where: `product_id = '${uuid(5, 1)}'` }],
      organizationId: [
        { value: uuid(1, 4), where: `organization_id = '${uuid(1, 4)}'` },
        { value: 'N/A', where: 'organization_id IS NULL' },
      ],
      orderIds: [
        { value: [uuid(6, 1), uuid(6, 4)], where: `id IN ('${uuid(6, 1)}', '${uuid(6, 4)}')` },
        { value: [], where: 'false' },
      ],
    };
    for (const { filters, where } of combinations(cases)) {
      const condition = and('deleted_at IS NULL', where);
      const found = await repository.searchViews(
        filters,
        { field: 'company', order: 'desc' },
        PAGE,
      );
      expect({ filters, total: found.total }).toEqual({
        filters,
        total: await expectedTotal('orders', condition),
      });
      expect(idsOfJson(found.items)).toEqual(
        await expectedIds('orders', condition, 'company DESC, id DESC'),
      );
    }
  });

  it('subscriptions', async () => {
    const repository = new SubscriptionsRepository(db);
    const cases: Cases<SubscriptionFilters> = {
      organizationId: [{ value: uuid(1, 2), where: `organization_id = '${uuid(1, 2)}'` }],
      organizationName: [{ value: 'byrne', where: `search_text LIKE '%byrne%'` }],
      productName: [{ value: 'Secretary', where: `product_name = 'Secretary'` }],
      status: [{ value: 'ENDED', where: `status = 'ENDED'` }],
    };
    for (const { filters, where } of combinations(cases)) {
      const condition = and('deleted_at IS NULL', where);
      const found = await repository.search(filters, { field: 'startingDate', order: 'asc' }, PAGE);
      expect({ filters, total: found.total }).toEqual({
        filters,
        total: await expectedTotal('subscriptions', condition),
      });
      expect(found.rows.map((row) => row.id)).toEqual(
        await expectedIds('subscriptions', condition, 'starting_date ASC, id ASC'),
      );
    }
  });

  it('company-creation requests', async () => {
    const repository = new FormsRepository(db);
    const cases: Cases<FormFilters> = {
      search: [{ value: 'kelleher', where: `search_text LIKE '%kelleher%'` }],
      searchBox: [{ value: 'ke', where: `(search_text LIKE 'ke%' OR search_text LIKE '% ke%')` }],
    };
    for (const { filters, where } of combinations(cases)) {
      const condition = and('deleted_at IS NULL', where);
      const sort = { field: 'createdAt', order: 'asc' } as const;
      const found = await repository.searchViews(filters, sort, PAGE);
      expect({ filters, total: found.total }).toEqual({
        filters,
        total: await expectedTotal('forms', condition),
      });
      expect(idsOfJson(found.items)).toEqual(
        await expectedIds('forms', condition, 'created_at ASC, id ASC'),
      );
    }
  });

  it('the Activity log', async () => {
    const repository = new AuditRepository(db);
    const organization = uuid(1, 1);
    const cases: Cases<AuditFilters> = {
      recordType: [{ value: 'people', where: `record_type = 'people'` }],
      recordId: [
        {
          value: organization,
          where: `(record_id = '${organization}' OR related_ids @> ARRAY['${organization}']::uuid[])`,
        },
      ],
      userId: [{ value: staff[0], where: `user_id = '${staff[0]}'` }],
      from: [{ value: '2000-01-01', where: `at >= '2000-01-01'` }],
      to: [{ value: '2000-01-01', where: `at < '2000-01-02'` }],
    };
    for (const { filters, where } of combinations(cases)) {
      // With a record id the type narrows that record's own rows only.
      const conditions =
        'recordId' in filters && 'recordType' in filters
          ? [
              `((record_type = 'people' AND record_id = '${organization}') OR related_ids @> ARRAY['${organization}']::uuid[])`,
              ...where.slice(2),
            ]
          : where;
      const condition = conditions.length > 0 ? conditions.join(' AND ') : 'true';
      const found = await repository.search(filters, PAGE);
      expect({ filters, total: found.total }).toEqual({
        filters,
        total: await expectedTotal('audit_log', condition),
      });
      expect(found.rows.map((row) => String(row.id))).toEqual(
        await expectedIds('audit_log', condition, 'at DESC, id DESC'),
      );
    }
  });
});

describe('a total counted up to a bound (ADR 0149, 0150)', () => {
  // Every "Zoë Boundary" sits behind the book's other people in the last-name index: the name
  // sort sorts its matches whatever their number ("boundary"), or walks that index for a text of
  // two letters once they are more than the bound ("zo").
  const where = `deleted_at IS NULL AND search_text LIKE '%boundary%'`;
  const addPeople = (from: number, count: number, country?: string) =>
    db.insert(people).values(
      Array.from({ length: count }, (_, i) => ({
        id: uuid(10, from + i),
        firstName: 'Zoë',
        lastName: 'Boundary',
        country,
        searchText: searchTextOf('Zoë', 'Boundary'),
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, from + i)),
      })),
    );
  const read = (filters: PeopleFilters, field: 'createdAt' | 'lastName', offset = 0) =>
    new PeopleRepository(db).searchViews(
      filters,
      { field, order: 'desc' },
      { offset, limit: PAGE.limit },
    );
  const expectPage = async (
    found: { items: string[] },
    condition: string,
    field: string,
    offset = 0,
  ) => {
    const rows = await plain<{ id: string }>(
      `SELECT id::text AS id FROM people WHERE ${condition}
       ORDER BY ${field} DESC, id DESC LIMIT ${PAGE.limit} OFFSET ${offset}`,
    );
    expect(idsOfJson(found.items)).toEqual(rows.map((row) => row.id));
  };

  it('counts a text exactly at 1 000 matches and up to that bound at 1 001, the page exact either way', async () => {
    expect(TEXT_TOTAL_MAX).toBe(1_000);
    expect(totalBound('boundary')).toBe(TEXT_TOTAL_MAX);
    await addPeople(0, TEXT_TOTAL_MAX);
    expect(await expectedTotal('people', where)).toBe(1_000);
    for (const [search, field, column] of [
      ['boundary', 'createdAt', 'created_at'],
      ['boundary', 'lastName', 'last_name'],
      ['zo', 'lastName', 'last_name'],
    ] as const) {
      const found = await read({ search }, field);
      expect({ search, field, total: found.total, bound: found.totalIsLowerBound }).toEqual({
        search,
        field,
        total: 1_000,
        bound: undefined,
      });
      await expectPage(found, where, column);
    }

    await addPeople(TEXT_TOTAL_MAX, 1);
    expect(await expectedTotal('people', where)).toBe(1_001);
    for (const [search, field, column, total, bound] of [
      // The count stops past the bound; the page walks the created-at index.
      ['boundary', 'createdAt', 'created_at', 1_000, true],
      // Every match is read to sort them: the total is exact whatever their number.
      ['boundary', 'lastName', 'last_name', 1_001, undefined],
      // Two letters: past the bound, the walk and a count stopped past it.
      ['zo', 'lastName', 'last_name', 1_000, true],
    ] as const) {
      const found = await read({ search }, field);
      expect({ search, field, total: found.total, bound: found.totalIsLowerBound }).toEqual({
        search,
        field,
        total,
        bound,
      });
      await expectPage(found, where, column);
    }

    // A page past the bound counts up to its own end: exact again when the list ends there.
    const last = await read({ search: 'boundary' }, 'createdAt', 996);
    expect({ total: last.total, bound: last.totalIsLowerBound }).toEqual({
      total: 1_001,
      bound: undefined,
    });
    await expectPage(last, where, 'created_at', 996);
  }, 60_000);

  it('counts a filter without a text exactly at 10 000 matches and up to that bound at 10 001', async () => {
    expect(EXACT_TOTAL_MAX).toBe(10_000);
    expect(SORT_MATCHES_MAX).toBe(EXACT_TOTAL_MAX);
    expect(totalBound(undefined)).toBe(EXACT_TOTAL_MAX);
    const inCountry = `deleted_at IS NULL AND country = 'boundaryland'`;
    // Ids and times after the text's people above.
    const first = 2 * TEXT_TOTAL_MAX;
    for (let from = first; from < first + EXACT_TOTAL_MAX; from += 2_000)
      await addPeople(from, 2_000, 'boundaryland');
    const exact = await read({ country: 'boundaryland' }, 'createdAt');
    expect({ total: exact.total, bound: exact.totalIsLowerBound }).toEqual({
      total: 10_000,
      bound: undefined,
    });
    await expectPage(exact, inCountry, 'created_at');
    await addPeople(first + EXACT_TOTAL_MAX, 1, 'boundaryland');
    const bounded = await read({ country: 'boundaryland' }, 'createdAt');
    expect({ total: bounded.total, bound: bounded.totalIsLowerBound }).toEqual({
      total: 10_000,
      bound: true,
    });
    await expectPage(bounded, inCountry, 'created_at');
  }, 120_000);

  it("counts a user's board column by merging the column with the user's tasks, up to the bound", async () => {
    // In id order: the user's task in the column, another's in the column, the user's done one;
    // the merge steps over the last two on either side.
    const user = uuid(11, 0);
    const where = `deleted_at IS NULL AND status = 'IN PROGRESS'
      AND id IN (SELECT task_id FROM task_users WHERE user_id = '${user}')`;
    const addTasks = async (from: number, count: number) => {
      const ids = Array.from({ length: count }, (_, i) => from + i);
      await db.insert(tasks).values(
        ids.map((i) => ({
          id: uuid(12, i),
          title: `Board ${i}`,
          searchText: searchTextOf(`Board ${i}`),
          status: i % 3 === 2 ? ('DONE' as const) : ('IN PROGRESS' as const),
          updatedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
        })),
      );
      await db
        .insert(taskUsers)
        .values(
          ids
            .filter((i) => i % 3 !== 1)
            .map((i) => ({ taskId: uuid(12, i), userId: user, userName: 'Board', position: 0 })),
        );
    };
    /** The user's column read as the board reads it: its total, and its page exact. */
    const expectColumn = async (total: number, bound: true | undefined) => {
      const found = await new TasksRepository(db).search(
        { userId: user, status: 'IN PROGRESS' },
        { field: 'updatedAt', order: 'desc' },
        PAGE,
      );
      expect({ total: found.total, bound: found.totalIsLowerBound }).toEqual({ total, bound });
      expect(idsOfJson(found.items)).toEqual(
        await expectedIds('tasks', where, 'updated_at DESC, id DESC'),
      );
    };

    for (let from = 0; from < 3 * EXACT_TOTAL_MAX; from += 3_000) await addTasks(from, 3_000);
    expect(await expectedTotal('tasks', where)).toBe(10_000);
    await expectColumn(10_000, undefined);

    // The count the list sends reads both indexes in id order and stops at the bound: it does not
    // hash every task of the user first, which grows with the book.
    // VACUUM marks the pages all-visible, as on a book that has run a while: index-only reads.
    // On a test book this small a sequential scan is cheapest: forbid it to see the indexes serve.
    await db.execute(sql`VACUUM ANALYZE tasks, task_users`);
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const result = (await tx.execute(
        sql.raw(`EXPLAIN SELECT count(*) FROM (SELECT 1 FROM tasks WHERE deleted_at IS NULL
          AND status = 'IN PROGRESS' AND EXISTS (SELECT 1 FROM task_users
            WHERE task_users.task_id = tasks.id AND task_users.user_id = '${user}')
          LIMIT ${EXACT_TOTAL_MAX + 1}) AS matches`),
      )) as unknown as { rows: Array<{ 'QUERY PLAN': string }> };
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Merge Join/);
    expect(plan).toMatch(/tasks_status_id_idx/);

    await addTasks(3 * EXACT_TOTAL_MAX, 1);
    expect(await expectedTotal('tasks', where)).toBe(10_001);
    await expectColumn(10_000, true);
  }, 120_000);
  it("counts the Activity log's and the subscription list's filtered matches up to 10 000 too (ADR 0154)", async () => {
    // 10 001 entries of one kind in one month, and 10 001 unpaid subscriptions of one company.
    await plain(`INSERT INTO audit_log (at, record_type, action)
      SELECT TIMESTAMPTZ '2031-03-01 12:00Z' + i * INTERVAL '1 second', 'boundary', 'update'
      FROM generate_series(1, ${EXACT_TOTAL_MAX + 1}) AS i`);
    const company = uuid(14, 0);
    await db
      .insert(organizations)
      .values({ id: company, name: 'Bound Ltd', searchText: 'bound ltd' });
    await db.insert(products).values({ id: uuid(14, 1), name: 'Bound plan', subscription: true });
    await plain(`INSERT INTO subscriptions (organization_id, product_id, status, starting_date, created_at)
      SELECT '${company}', '${uuid(14, 1)}', 'UNPAID', DATE '2031-01-01',
        TIMESTAMPTZ '2031-01-01 00:00Z' + i * INTERVAL '1 second'
      FROM generate_series(1, ${EXACT_TOTAL_MAX + 1}) AS i`);

    const month = { recordType: 'boundary', from: '2031-03-01', to: '2031-03-31' };
    const log = await new AuditRepository(db).search(month, PAGE);
    expect({ total: log.total, bound: log.totalIsLowerBound }).toEqual({
      total: 10_000,
      bound: true,
    });
    const newest = await plain<{ id: number }>(
      `SELECT id::int AS id FROM audit_log WHERE record_type = 'boundary'
       ORDER BY at DESC, id DESC LIMIT ${PAGE.limit}`,
    );
    expect(log.rows.map((row) => row.id)).toEqual(newest.map((row) => row.id));
    // A page past the bound counts to its own end: exact again where the log ends.
    const last = await new AuditRepository(db).search(month, { offset: 9_996, limit: 7 });
    expect({ total: last.total, bound: last.totalIsLowerBound, shown: last.rows.length }).toEqual({
      total: 10_001,
      bound: undefined,
      shown: 5,
    });

    const unpaid = await new SubscriptionsRepository(db).search(
      { organizationId: company, status: 'UNPAID' },
      { field: 'createdAt', order: 'desc' },
      PAGE,
    );
    expect({ total: unpaid.total, bound: unpaid.totalIsLowerBound }).toEqual({
      total: 10_000,
      bound: true,
    });
    expect(unpaid.rows.map((row) => row.id)).toEqual(
      await expectedIds(
        'subscriptions',
        `deleted_at IS NULL AND organization_id = '${company}' AND status = 'UNPAID'`,
        'created_at DESC, id DESC',
      ),
    );
  }, 60_000);
});

describe("a picker's read: names starting with the text first (ADR 0150)", () => {
  // Names starting with "quill" in every case, names and an e-mail holding it further on, a
  // deleted one, and people of the book's other names around them.
  const PEOPLE = [
    ['Ann', 'Quill', null],
    ['Bob', 'quill', null],
    ['Cat', 'QUILLINAN', null],
    ['Dan', 'Quilligan', null],
    ['Eve', 'McQuillan', null],
    ['Quilla', 'Adams', null],
    ['Fay', 'Zed', 'fay.quill@example.ie'],
    ['Gus', 'Ó Quill', null],
  ] as const;
  const ORGANIZATIONS = ['Quill Holdings', 'quill ltd', 'Old Quill Press', 'QUILLTECH', 'Aquilla'];
  const peopleWhere = `deleted_at IS NULL AND search_text LIKE '%quill%'`;
  const organizationsWhere = `deleted_at IS NULL AND search_text LIKE '%quill%'`;
  const pickerOrder = (name: string) =>
    `(lower(${name}) LIKE 'quill%') DESC, lower(${name}) COLLATE "C" ASC, id ASC`;

  beforeAll(async () => {
    await db.insert(people).values(
      PEOPLE.map(([firstName, lastName, mail], i) => ({
        id: uuid(20, i),
        firstName,
        lastName,
        mail,
        searchText: searchTextOf(firstName, lastName, mail),
      })),
    );
    await db.insert(people).values({
      id: uuid(20, 99),
      firstName: 'Gone',
      lastName: 'Quill',
      searchText: searchTextOf('Gone', 'Quill'),
      deletedAt: new Date(),
    });
    await db.insert(organizations).values([
      ...ORGANIZATIONS.map((name, i) => ({
        id: uuid(21, i),
        name,
        searchText: searchTextOf(name),
      })),
      {
        id: uuid(21, 99),
        name: 'Quill Gone',
        searchText: searchTextOf('Quill Gone'),
        deletedAt: new Date(),
      },
    ]);
  });

  const readPeople = (offset: number, limit: number, picker = true) =>
    new PeopleRepository(db).searchViews(
      { search: 'quill' },
      { field: 'lastName', order: 'asc', picker },
      { offset, limit },
    );
  const readOrganizations = (offset: number, limit: number) =>
    new OrganizationsRepository(db).searchViews(
      { search: 'Quill', knownCreationStatuses: ['DONE', 'PENDING'] },
      { field: 'name', order: 'asc', picker: true },
      { offset, limit },
    );

  it('pages the names starting with the text, then the other matches, each in name order', async () => {
    for (const [table, where, name, read] of [
      ['people', peopleWhere, 'last_name', readPeople],
      ['organizations', organizationsWhere, 'name', readOrganizations],
    ] as const) {
      const expected = await plain<{ id: string }>(
        `SELECT id::text AS id FROM ${table} WHERE ${where} ORDER BY ${pickerOrder(name)}`,
      );
      const total = await expectedTotal(table, where);
      expect(expected).toHaveLength(table === 'people' ? 8 : 5);
      // Pages of 3 cross from the names starting with the text to the others.
      const shown: string[] = [];
      for (let offset = 0; offset < total + 3; offset += 3) {
        const found = await read(offset, 3);
        expect({ table, total: found.total, bound: found.totalIsLowerBound }).toEqual({
          table,
          total,
          bound: undefined,
        });
        shown.push(...idsOfJson(found.items));
      }
      expect(shown).toEqual(expected.map((row) => row.id));
    }
  });

  it('reads the list as before without the picker, and with another filter or another sort', async () => {
    const list = await readPeople(0, 20, false);
    expect(idsOfJson(list.items)).toEqual(
      (
        await plain<{ id: string }>(
          `SELECT id::text AS id FROM people WHERE ${peopleWhere} ORDER BY last_name ASC, id ASC`,
        )
      ).map((row) => row.id),
    );
    const withCountry = await new PeopleRepository(db).searchViews(
      { search: 'quill', country: 'nowhere' },
      { field: 'lastName', order: 'asc', picker: true },
      PAGE,
    );
    expect(withCountry.total).toBe(0);
    const descending = await new PeopleRepository(db).searchViews(
      { search: 'quill' },
      { field: 'lastName', order: 'desc', picker: true },
      { offset: 0, limit: 20 },
    );
    expect(idsOfJson(descending.items)).toEqual(
      (
        await plain<{ id: string }>(
          `SELECT id::text AS id FROM people WHERE ${peopleWhere} ORDER BY last_name DESC, id DESC`,
        )
      ).map((row) => row.id),
    );
  });

  it('counts exactly up to TEXT_TOTAL_MAX (1 000), then answers a lower bound', async () => {
    expect(TEXT_TOTAL_MAX).toBe(1_000);
    const addQuills = (from: number, count: number) =>
      db.insert(people).values(
        Array.from({ length: count }, (_, i) => ({
          id: uuid(22, from + i),
          firstName: 'Many',
          lastName: 'Quillane',
          searchText: searchTextOf('Many', 'Quillane'),
        })),
      );
    // 992 more: 1 000 matches, 997 of them starting with the text.
    await addQuills(0, 992);
    expect(await expectedTotal('people', peopleWhere)).toBe(1_000);
    const exact = await readPeople(995, 5);
    expect({ total: exact.total, bound: exact.totalIsLowerBound }).toEqual({
      total: 1_000,
      bound: undefined,
    });
    expect(idsOfJson(exact.items)).toEqual(
      (
        await plain<{ id: string }>(
          `SELECT id::text AS id FROM people WHERE ${peopleWhere}
           ORDER BY ${pickerOrder('last_name')} LIMIT 5 OFFSET 995`,
        )
      ).map((row) => row.id),
    );

    await addQuills(992, 5);
    const bounded = await readPeople(0, 5);
    expect({ total: bounded.total, bound: bounded.totalIsLowerBound }).toEqual({
      total: 1_000,
      bound: true,
    });
    // A page past the bound counts up to its own end.
    const last = await readPeople(1_000, 5);
    expect({ total: last.total, bound: last.totalIsLowerBound, shown: last.items.length }).toEqual({
      total: 1_005,
      bound: undefined,
      shown: 5,
    });
  }, 60_000);

  it('counts the names starting with the text in the index alone', async () => {
    // The visibility map tells PostgreSQL that the index alone answers for these pages.
    await db.execute(sql`VACUUM ANALYZE people`);
    const plan = await db.transaction(async (tx) => {
      // The test's book is small: without these PostgreSQL would read the table instead.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
      const result = (await tx.execute(
        sql.raw(`EXPLAIN SELECT 1 FROM people
          WHERE deleted_at IS NULL AND lower(last_name) COLLATE "C" LIKE 'quill%' LIMIT 1001`),
      )) as unknown as { rows: { 'QUERY PLAN': string }[] };
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('Index Only Scan using people_last_name_key_idx');
  });
});

describe("follow-ups of one type for an organization's name (ADR 0151)", () => {
  // Two follow-ups of different types per organization, as the large book has them, and one
  // organization in twenty named "Emerald", none of which runs AR_TRADING: an empty answer. A
  // few thousand, so that PostgreSQL prices the indexes as on a book (below that, it reads the
  // type's index and tests each row).
  const WORDS = ['Emerald', 'Shamrock', 'Liffey', 'Atlantic', 'Granite', 'Harbour', 'Meadow'];
  const ORGANIZATIONS = 3_000;
  const emerald = (n: number) => n % 20 === 0;
  const where = (type: string, term: string) => `deleted_at IS NULL AND archived_at IS NULL
    AND name = '${type}' AND organization_id IN (SELECT id FROM organizations
      WHERE search_text LIKE '%${term}%' AND deleted_at IS NULL)`;

  beforeAll(async () => {
    await db.insert(organizations).values(
      Array.from({ length: ORGANIZATIONS }, (_, n) => {
        const name = `${emerald(n) ? 'Emerald' : WORDS[1 + (n % 6)]} Plan ${n} Ltd`;
        return { id: uuid(13, n), name, searchText: searchTextOf(name) };
      }),
    );
    await db.insert(followUps).values(
      Array.from({ length: ORGANIZATIONS }, (_, n) =>
        [0, 1]
          .map((k) => FOLLOW_UP_TYPES[(n * 5 + k * 11) % FOLLOW_UP_TYPES.length])
          .filter((type) => !(emerald(n) && type === 'AR_TRADING'))
          .map((type) => ({
            organizationId: uuid(13, n),
            name: type,
            maxStepIndex: 3,
            deadline: day(n),
          })),
      ).flat(),
    );
    // VACUUM moves the GIN index's pending entries into it, as on a book that has run a while;
    // the planner then prices the index as it is.
    await db.execute(sql`VACUUM ANALYZE organizations, follow_ups`);
  });

  it.each([
    ['AR_TRADING', 'emerald'],
    [FOLLOW_UP_TYPES[0], 'emerald'],
    ['AR_TRADING', 'shamrock'],
  ])('%s for "%s" matches the plain join', async (type, term) => {
    const found = await new FollowUpsRepository(db).search(
      { archived: false, inProgress: true, completed: true, name: type, organizationName: term },
      { field: 'deadline', order: 'asc' },
      PAGE,
      TODAY,
      SOON,
    );
    expect(found.total).toBe(await expectedTotal('follow_ups', where(type, term)));
    expect(idsOfJson(found.items)).toEqual(
      await expectedIds('follow_ups', where(type, term), 'deadline ASC NULLS LAST, id ASC'),
    );
  });

  it('reads the type and the name together in one index, without the organizations', async () => {
    expect(await expectedTotal('follow_ups', where('AR_TRADING', 'emerald'))).toBe(0);
    const plan = await db.transaction(async (tx) => {
      // Still small for a book: without this PostgreSQL would read the table instead.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const result = (await tx.execute(
        sql.raw(`EXPLAIN SELECT id FROM follow_ups
          WHERE deleted_at IS NULL AND archived_at IS NULL
            AND name = 'AR_TRADING' AND organization_search_text LIKE '%emerald%'`),
      )) as unknown as { rows: { 'QUERY PLAN': string }[] };
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('Bitmap Index Scan on follow_ups_active_name_organization_text_idx');
    // Both conditions are read in the index: no follow-up is tested row by row.
    expect(plan).toMatch(/Index Cond: \(\(name = .*organization_search_text ~~/);
    expect(plan).not.toContain('Filter');
  });
});

describe("a text's matches read one search bucket at a time (ADR 0156)", () => {
  // People, organizations and orders holding "bucketed", written in buckets 0, 2 and 3 (each
  // table's sequence moved on between them, as 40 000 rows written in between would), beside
  // deleted ones and rows without the text.
  const TABLES = ['people', 'organizations', 'orders'] as const;
  const where = `deleted_at IS NULL AND search_text LIKE '%bucketed%'`;
  // The next row takes the number after `bucket` × 20 000 − `back` (the first number, 1, when
  // that is 0).
  const moveTo = async (table: string, bucket: number, back = 0) => {
    const last = bucket * SEARCH_BUCKET_ROWS - back;
    await plain(`SELECT setval('${table}_search_bucket_seq', ${Math.max(last, 1)}, ${last >= 1})`);
  };
  const bucketsOf = async (table: string, ids: string[]) =>
    (
      await plain<{ bucket: number }>(
        `SELECT search_bucket AS bucket FROM ${table}
         WHERE id IN (${ids.map((id) => `'${id}'`).join(', ')}) ORDER BY created_at`,
      )
    ).map((row) => row.bucket);
  // Each table's name column, and the rows' creation one second apart in the order written.
  const NAME_COLUMN = { people: 'last_name', organizations: 'name', orders: 'company' };
  let written = 0;
  const write = async (
    table: (typeof TABLES)[number],
    count: number,
    text: string,
    deleted = false,
  ) => {
    const first = written;
    written += count;
    const rows = await plain<{ id: string }>(
      `INSERT INTO ${table} (${NAME_COLUMN[table]}, search_text, created_at, deleted_at)
       SELECT '${text}', '${searchTextOf(text)}',
         timestamptz '2026-03-01' + (${first} + i) * interval '1 second',
         ${deleted ? 'now()' : 'NULL'}
       FROM generate_series(0, ${count - 1}) AS i ORDER BY i
       RETURNING id::text AS id`,
    );
    return rows.map((row) => row.id);
  };
  const search = (table: (typeof TABLES)[number], offset = 0) => {
    const page = { offset, limit: PAGE.limit };
    const sort = { field: 'createdAt', order: 'desc' } as const;
    if (table === 'people')
      return new PeopleRepository(db).searchViews({ search: 'bucketed' }, sort, page);
    if (table === 'organizations')
      return new OrganizationsRepository(db).searchViews(
        { search: 'bucketed', knownCreationStatuses: ['DONE', 'PENDING'] },
        sort,
        page,
      );
    return new OrdersRepository(db).searchViews({ search: 'bucketed' }, sort, page);
  };

  it('numbers each row into buckets of 20 000 in the order rows are written', async () => {
    expect(SEARCH_BUCKET_ROWS).toBe(20_000);
    for (const table of TABLES) {
      // The sequence's numbers 19 999, 20 000 and 20 001: the last row of bucket 0, then bucket 1.
      await moveTo(table, 1, 2);
      const ids = await write(table, 3, 'Neighbour');
      expect({ table, buckets: await bucketsOf(table, ids) }).toEqual({
        table,
        buckets: [0, 1, 1],
      });
    }
  });

  it('counts and pages matches spread over buckets as a plain count and select do', async () => {
    for (const table of TABLES) {
      await moveTo(table, 0);
      await write(table, 4, 'Bucketed');
      await write(table, 2, 'Bucketed', true);
      await moveTo(table, 2);
      await write(table, 3, 'Unrelated');
      await write(table, 5, 'Bucketed');
      await moveTo(table, 3);
      await write(table, 6, 'Bucketed');
      expect(await expectedTotal(table, where)).toBe(15);
      for (const offset of [0, 7, 14]) {
        const found = await search(table, offset);
        expect({ table, offset, total: found.total, bound: found.totalIsLowerBound }).toEqual({
          table,
          offset,
          total: 15,
          bound: undefined,
        });
        const rows = await plain<{ id: string }>(
          `SELECT id::text AS id FROM ${table} WHERE ${where}
           ORDER BY created_at DESC, id DESC LIMIT ${PAGE.limit} OFFSET ${offset}`,
        );
        expect(idsOfJson(found.items)).toEqual(rows.map((row) => row.id));
        // The bucket is the index's and the count's, never the record's.
        for (const item of found.items) expect(item).not.toContain('earchBucket');
      }
    }
  });

  it('stops in the newest bucket once it holds more matches than the bound', async () => {
    await moveTo('people', 5);
    await write('people', TEXT_TOTAL_MAX + 1, 'Bucketed');
    const found = await search('people');
    expect({ total: found.total, bound: found.totalIsLowerBound }).toEqual({
      total: 1_000,
      bound: true,
    });
    const rows = await plain<{ id: string }>(
      `SELECT id::text AS id FROM people WHERE ${where}
       ORDER BY created_at DESC, id DESC LIMIT ${PAGE.limit}`,
    );
    expect(idsOfJson(found.items)).toEqual(rows.map((row) => row.id));

    // The count's statement: a common text reads the newest bucket alone; a rare one reads every
    // bucket, newest first, each through the trigram index with its bucket.
    const planOf = (condition: string) =>
      db.transaction(async (tx) => {
        // Still small for a book: without these PostgreSQL would read the table instead.
        await tx.execute(sql`ANALYZE people`);
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        const statement = matchesUpTo(
          people,
          sql.raw(condition),
          TEXT_TOTAL_MAX + 1,
          sql`1`,
          people.searchBucket,
        );
        const result = (await tx.execute(
          sql`EXPLAIN (ANALYZE, TIMING OFF, COSTS OFF) SELECT count(*) FROM (${statement}) AS m`,
        )) as unknown as { rows: { 'QUERY PLAN': string }[] };
        return result.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
    const readBuckets = (plan: string) =>
      Number(
        /Function Scan on generate_series bucket \(actual rows=(\d+) loops=1\)/.exec(plan)?.[1],
      );
    expect(readBuckets(await planOf(where))).toBe(1);
    // The text alone (the live people's other indexes read this small table faster).
    const rare = await planOf(`search_text LIKE '%neighbour%'`);
    // Buckets 5 (the newest) down to 0.
    expect(readBuckets(rare)).toBe(6);
    expect(rare).toContain('Bitmap Index Scan on people_search_bucket_text_idx');
    expect(rare).toMatch(/Index Cond: \(\(search_bucket = bucket\.n\) AND \(search_text ~~/);
  });
});
