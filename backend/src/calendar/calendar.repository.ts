import { Inject, Injectable } from '@nestjs/common';
import {
  addDays,
  ARD_DEADLINE_DAYS,
  CALENDAR_CRO_FOLLOW_UPS,
  ardRangeForFilingDeadlines,
  type AssignedUser,
  type CalendarKind,
  type IsoDate,
} from '@registra/domain';
import { sql, type SQL } from 'drizzle-orm';
import { followUps } from '../follow-ups/follow-ups.schema';
import { organizations as o } from '../organizations/organizations.schema';
import { DATABASE } from '../platform/database/database';
import type { Database } from '../platform/database/database';
import { shareEntries } from '../registers/registers.schema';
import { subscriptions } from '../subscriptions/subscriptions.schema';

/** The follow-ups listed under the CRO's kinds, left out of the plain follow-up deadlines. */
const CRO_FOLLOW_UPS = [...CALENDAR_CRO_FOLLOW_UPS.b10, ...CALENDAR_CRO_FOLLOW_UPS.b2];

/** Which obligations to read: a range of days, some kinds, one assignee, one organization. */
export interface CalendarFilter {
  /** The first day read; null: every date up to `to`, however old (what is still overdue). */
  from: IsoDate | null;
  to: IsoDate;
  kinds: readonly CalendarKind[];
  /** Only the obligations assigned to this user (a follow-up's assignee, an organization's users). */
  userId?: string;
  organizationId?: string;
  /** At most this many rows (the service asks one more to know whether it cut). */
  limit: number;
}

/** One obligation as SQL reads it: the service adds the state and the title. */
export interface CalendarRow {
  kind: CalendarKind;
  date: IsoDate;
  recordType: 'organization' | 'followUp' | 'subscription' | 'shareEntry';
  recordId: string;
  organizationId: string;
  organizationName: string;
  /** The follow-up's type, the AML risk level, the subscription's product. */
  detail: string | null;
  assignedTo: AssignedUser[];
}

/**
 * The dated obligations of a range (ADR 0106). Each kind is one branch of a UNION ALL that reads
 * only its range on an indexed date column (the filing deadlines read the ARDs 56 days earlier);
 * nothing is computed for the organizations outside the range.
 */
/** `column` within [from, to], or up to `to` without a first day (an indexed range either way). */
const dateIn = (column: SQL, from: IsoDate | null, to: IsoDate): SQL =>
  from === null
    ? sql`${column} <= ${to}::date`
    : sql`${column} BETWEEN ${from}::date AND ${to}::date`;

/** A follow-up whose type is (`IN`) or is not (`NOT IN`) one of `names`. */
const namesIn = (operator: SQL, names: readonly string[]): SQL =>
  sql`${followUps.name} ${operator} (${sql.join(
    names.map((name) => sql`${name}`),
    sql`, `,
  )})`;

/** The active follow-ups still in progress whose deadline falls in the range. */
const followUpsDueIn = (from: IsoDate | null, to: IsoDate): SQL[] => [
  sql`${followUps.archivedAt} IS NULL`,
  sql`${followUps.deletedAt} IS NULL`,
  sql`NOT ${followUps.completed}`,
  dateIn(sql`${followUps.deadline}`, from, to),
];

/** The subscriptions still running whose next due date falls in the range. */
const subscriptionsDueIn = (from: IsoDate | null, to: IsoDate): SQL[] => [
  sql`${subscriptions.deletedAt} IS NULL`,
  sql`${subscriptions.status} <> 'CANCELLED'`,
  dateIn(sql`${subscriptions.nextDueDate}`, from, to),
];

/** A follow-up's assignee as the calendar's `assignedTo` list (none, or the one user). */
const followUpAssignee = sql`CASE WHEN ${followUps.userId} IS NULL THEN '[]'::jsonb
             ELSE jsonb_build_array(jsonb_build_object('userId', ${followUps.userId}::text, 'userName', coalesce(${followUps.userName}, '')))
        END`;

/** An organization-level kind's date: see `organizationDates`. */
interface OrganizationDate {
  column: SQL;
  shiftDays: number;
  when: SQL;
  detail: SQL;
}

/** What is overdue on a day, counted by kind and by assignee (the overview's two figures). */
export interface OverdueCounts {
  byKind: Array<{ kind: CalendarKind; count: number }>;
  byUser: Array<{ userId: string | null; userName: string; count: number }>;
}

/**
 * Counts by assignee added up across statements, as one `GROUP BY` would: a user's name is the
 * greatest of those given, none is "Nobody"; the most first, then by name.
 */
function assigneeTotals(
  rows: Array<{ key: string | null; name: string | null; count: number }>,
): OverdueCounts['byUser'] {
  const totals = new Map<string | null, { name: string | null; count: number }>();
  for (const row of rows) {
    const total = totals.get(row.key) ?? { name: null, count: 0 };
    total.count += row.count;
    if (row.name !== null && (total.name === null || row.name > total.name)) total.name = row.name;
    totals.set(row.key, total);
  }
  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...totals]
    .map(([userId, { name, count }]) => ({ userId, userName: name ?? 'Nobody', count }))
    .filter((row) => row.count > 0)
    .sort(
      (a, b) =>
        b.count - a.count ||
        byName(a.userName, b.userName) ||
        (a.userId === null ? 1 : b.userId === null ? -1 : byName(a.userId, b.userId)),
    );
}

@Injectable()
export class CalendarRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async obligations(filter: CalendarFilter): Promise<CalendarRow[]> {
    if (filter.kinds.length === 0) return [];
    const result = (await this.db.execute(this.obligationsQuery(filter))) as unknown as {
      rows: CalendarRow[];
    };
    return result.rows;
  }

  /** The one statement of {@link obligations} (the tests read its plan). */
  obligationsQuery(filter: CalendarFilter): SQL {
    return sql`
      SELECT kind, to_char(date, 'YYYY-MM-DD') AS date, "recordType", "recordId",
             "organizationId", "organizationName", detail, "assignedTo"
      FROM ${this.obligationsSource(filter)}
      ORDER BY items.date, items."organizationName", items.kind, items."recordId"
      LIMIT ${filter.limit}
    `;
  }

  /**
   * The obligations of a range as a subquery `items` (kind, date, "recordType", "recordId",
   * "organizationId", "organizationName", detail, "assignedTo"), for the calendar and the
   * overview's counts. `kinds` must not be empty.
   */
  obligationsSource(filter: Omit<CalendarFilter, 'limit'>): SQL {
    const full = { ...filter, limit: 0 };
    const branches = filter.kinds.flatMap((kind) => this.branches(kind, full));
    return sql`(${sql.join(branches, sql` UNION ALL `)}) AS items`;
  }

  /** The organization-level filters: live, one organization, one of its users. */
  private organizationWhere(filter: CalendarFilter): SQL {
    const conditions: SQL[] = [sql`${o.deletedAt} IS NULL`];
    if (filter.organizationId) conditions.push(sql`${o.id} = ${filter.organizationId}`);
    if (filter.userId) {
      conditions.push(sql`${o.users} @> ${JSON.stringify([{ userId: filter.userId }])}::jsonb`);
    }
    return sql.join(conditions, sql` AND `);
  }

  /**
   * Where an organization-level kind reads its dates: the columns, how many days after the
   * column's date the obligation falls, and when the column counts. The ARD is the next annual
   * return date or, while the first annual return is not done and no next date is set, the first
   * annual return date (6 months after incorporation): two ranges, each on its own index. Empty
   * for the kinds read from records of their own (follow-ups, subscriptions).
   */
  private organizationDates(kind: CalendarKind): OrganizationDate[] {
    const plain = (column: SQL, detail: SQL = sql`NULL::text`): OrganizationDate[] => [
      { column, shiftDays: 0, when: sql`TRUE`, detail },
    ];
    switch (kind) {
      case 'ard':
      case 'filingDeadline': {
        const shiftDays = kind === 'filingDeadline' ? ARD_DEADLINE_DAYS : 0;
        return [
          { column: sql`${o.nextArReminder}`, shiftDays, when: sql`TRUE`, detail: sql`NULL::text` },
          {
            column: sql`${o.firstAr}`,
            shiftDays,
            when: sql`${o.nextArReminder} IS NULL AND NOT ${o.status}`,
            detail: sql`NULL::text`,
          },
        ];
      }
      case 'b1b73':
        return plain(sql`${o.b1b73}`);
      case 'corporationTax':
        return plain(sql`${o.corporationTaxPaidReminder}`);
      case 'amlReview':
        return plain(sql`${o.amlNextReview}`, sql`${o.amlRiskLevel}`);
      default:
        return [];
    }
  }

  /**
   * The range of the column's own dates that gives obligations in [from, to]: the filing
   * deadlines read the ARDs 56 days earlier (without a first day, every ARD up to the one whose
   * deadline is `to`).
   */
  private columnRange(
    kind: CalendarKind,
    from: IsoDate | null,
    to: IsoDate,
  ): [IsoDate | null, IsoDate] {
    if (kind !== 'filingDeadline') return [from, to];
    const [ardFrom, ardTo] = ardRangeForFilingDeadlines(from ?? to, to);
    return [from === null ? null : ardFrom, ardTo];
  }

  /** One organization date of a kind read for [from, to] (in the column's own dates). */
  private organizationDate(
    kind: CalendarKind,
    date: OrganizationDate,
    filter: CalendarFilter,
    [from, to]: [IsoDate | null, IsoDate],
  ): SQL {
    return sql`(SELECT ${kind}::text AS kind, (${date.column} + ${date.shiftDays}::int) AS date,
        'organization'::text AS "recordType", ${o.id} AS "recordId", ${o.id} AS "organizationId",
        ${o.name} AS "organizationName", ${date.detail} AS detail, ${o.users} AS "assignedTo"
      FROM ${o}
      WHERE ${this.organizationWhere(filter)} AND ${dateIn(date.column, from, to)}
        AND ${date.when})`;
  }

  /**
   * The ARDs the law gives a company whose first annual return is done and whose next ARD staff
   * have not set: each anniversary of the first (six months after incorporation), the two that
   * can fall in a range of at most a year. Without a first day (a feed), those not yet past
   * their filing deadline (56 days) rather than every anniversary since incorporation.
   */
  private derivedArds(
    kind: CalendarKind,
    filter: CalendarFilter,
    from: IsoDate | null,
    to: IsoDate,
    shiftDays: number,
  ): SQL {
    const first = sql`(${o.incorporationDate} + interval '6 months')::date`;
    const start =
      from === null ? sql`(current_date - ${ARD_DEADLINE_DAYS}::int)` : sql`${from}::date`;
    return sql`(SELECT ${kind}::text AS kind, (derived.ard + ${shiftDays}::int) AS date,
        'organization'::text AS "recordType", ${o.id} AS "recordId", ${o.id} AS "organizationId",
        ${o.name} AS "organizationName", NULL::text AS detail, ${o.users} AS "assignedTo"
      FROM ${o}
      CROSS JOIN LATERAL (
        SELECT (${first} + make_interval(years => years.n))::date AS ard
        FROM generate_series(
               greatest(1, extract(year FROM age(${start}, ${first}))::int),
               greatest(1, extract(year FROM age(${start}, ${first}))::int) + 1) AS years(n)
      ) AS derived
      WHERE ${this.organizationWhere(filter)} AND ${o.nextArReminder} IS NULL AND ${o.status}
        AND ${o.incorporationDate} IS NOT NULL
        AND derived.ard BETWEEN ${start} AND ${to}::date)`;
  }

  private branches(kind: CalendarKind, filter: CalendarFilter): SQL[] {
    switch (kind) {
      case 'followUpDeadline':
        return [this.followUpDeadlines(filter, kind, sql`NOT IN`, CRO_FOLLOW_UPS)];
      case 'subscriptionDue':
        return [this.subscriptionsDue(filter)];
      default: {
        const range = this.columnRange(kind, filter.from, filter.to);
        return [
          ...this.organizationDates(kind).map((date) =>
            this.organizationDate(kind, date, filter, range),
          ),
          ...this.fewerBranches(kind, filter),
        ];
      }
    }
  }

  /**
   * The branches of a kind whose rows are few whatever the book's size (the CRO's clocks, the
   * ARDs the law derives), so that even the whole book's overdue lists them one by one.
   */
  private fewerBranches(kind: CalendarKind, filter: CalendarFilter): SQL[] {
    switch (kind) {
      case 'ard':
      case 'filingDeadline': {
        const [from, to] = this.columnRange(kind, filter.from, filter.to);
        const shift = kind === 'filingDeadline' ? ARD_DEADLINE_DAYS : 0;
        return [this.derivedArds(kind, filter, from, to, shift)];
      }
      case 'b10':
      case 'b2':
        return [this.followUpDeadlines(filter, kind, sql`IN`, CALENDAR_CRO_FOLLOW_UPS[kind])];
      case 'b5':
        return [this.b5Due(filter)];
      default:
        return [];
    }
  }

  /**
   * The deadlines of the active follow-ups still in progress; "mine" is the assignee. The CRO's
   * clocks (B10, B2) are their own kinds: `names` are those in (or not in) the kind.
   */
  private followUpDeadlines(
    filter: CalendarFilter,
    kind: CalendarKind,
    operator: SQL,
    names: readonly string[],
  ): SQL {
    const f = followUps;
    const conditions: SQL[] = [
      namesIn(operator, names),
      ...followUpsDueIn(filter.from, filter.to),
      sql`${o.deletedAt} IS NULL`,
    ];
    if (filter.userId) conditions.push(sql`${f.userId} = ${filter.userId}`);
    if (filter.organizationId) conditions.push(sql`${f.organizationId} = ${filter.organizationId}`);
    return sql`(SELECT ${kind}::text AS kind, ${f.deadline} AS date,
        'followUp'::text AS "recordType", ${f.id} AS "recordId", ${o.id} AS "organizationId",
        ${o.name} AS "organizationName", ${f.name} AS detail, ${followUpAssignee} AS "assignedTo"
      FROM ${f} JOIN ${o} ON ${o.id} = ${f.organizationId}
      WHERE ${sql.join(conditions, sql` AND `)})`;
  }

  /**
   * The allotments whose B5 is still to file (their deadline kept, 30 days after the allotment),
   * read by range on their own index; assigned as their organization.
   */
  private b5Due(filter: CalendarFilter): SQL {
    const e = shareEntries;
    const conditions: SQL[] = [
      sql`${e.deletedAt} IS NULL`,
      sql`${e.b5Due} IS NOT NULL`,
      dateIn(sql`${e.b5Due}`, filter.from, filter.to),
      this.organizationWhere(filter),
    ];
    return sql`(SELECT 'b5'::text AS kind, ${e.b5Due} AS date,
        'shareEntry'::text AS "recordType", ${e.id} AS "recordId", ${o.id} AS "organizationId",
        ${o.name} AS "organizationName", NULL::text AS detail, ${o.users} AS "assignedTo"
      FROM ${e} JOIN ${o} ON ${o.id} = ${e.organizationId}
      WHERE ${sql.join(conditions, sql` AND `)})`;
  }

  /**
   * The subscriptions still running whose next due date (stored: the starting date plus one
   * period per linked live order, as `subscriptionBilling` computes it) falls in the range.
   */
  private subscriptionsDue(filter: CalendarFilter): SQL {
    const s = subscriptions;
    const conditions: SQL[] = [
      ...subscriptionsDueIn(filter.from, filter.to),
      this.organizationWhere(filter),
    ];
    if (filter.organizationId) conditions.push(sql`${s.organizationId} = ${filter.organizationId}`);
    return sql`(SELECT 'subscriptionDue'::text AS kind, ${s.nextDueDate} AS date,
        'subscription'::text AS "recordType", ${s.id} AS "recordId", ${o.id} AS "organizationId",
        ${o.name} AS "organizationName", ${s.productName} AS detail, ${o.users} AS "assignedTo"
      FROM ${s} JOIN ${o} ON ${o.id} = ${s.organizationId}
      WHERE ${sql.join(conditions, sql` AND `)})`;
  }

  /**
   * Everything overdue on `today` in the whole book (dated before today, however old), by kind
   * and by assignee, in one statement. Over a whole book most dated rows can be overdue, so they
   * are counted, never listed one by one as `obligationsSource` does: the live organizations are
   * read once, each with how many of its own dates are overdue per kind; the follow-ups are
   * counted by assignee and the subscriptions by organization, each joined to that one read; an
   * organization's users are expanded once, with its total. The kinds' few rows (the CRO's
   * clocks, the derived ARDs) are listed and counted by their user lists (ADR 0146).
   */
  async overdueInBook(kinds: readonly CalendarKind[], today: IsoDate): Promise<OverdueCounts> {
    const before = addDays(today, -1);
    const organizationKinds = kinds.filter((kind) => this.organizationDates(kind).length > 0);
    const column = (i: number) => sql.raw(`k${i}`);
    const perKind = organizationKinds.map((kind, i) => {
      const [, to] = this.columnRange(kind, null, before);
      const overdue = this.organizationDates(kind).map(
        (date) => sql`coalesce((${date.when} AND ${date.column} <= ${to}::date)::int, 0)`,
      );
      return sql`${sql.join(overdue, sql` + `)} AS ${column(i)}`;
    });
    const organizationTotal = organizationKinds.length
      ? sql.join(
          organizationKinds.map((_, i) => sql`live.${column(i)}`),
          sql` + `,
        )
      : sql`0`;
    const organizationKindCounts = organizationKinds.length
      ? sql`SELECT counted.kind, counted.n
          FROM (SELECT ${sql.join(
            organizationKinds.map((_, i) => sql`sum(${column(i)}) AS ${column(i)}`),
            sql`, `,
          )} FROM live) AS sums
          CROSS JOIN LATERAL (VALUES ${sql.join(
            organizationKinds.map((kind, i) => sql`(${kind}::text, sums.${column(i)})`),
            sql`, `,
          )}) AS counted(kind, n)
          UNION ALL`
      : sql``;
    const fewFilter: CalendarFilter = { from: null, to: before, kinds, limit: 0 };
    const fewBranches = kinds.flatMap((kind) => this.fewerBranches(kind, fewFilter));
    const few = fewBranches.length
      ? sql`(${sql.join(fewBranches, sql` UNION ALL `)}) AS items`
      : sql`(SELECT NULL::text AS kind, NULL::jsonb AS "assignedTo" WHERE FALSE) AS items`;
    const organizationsEtc = sql`
      WITH live AS MATERIALIZED (
        SELECT ${o.id} AS id, ${o.users} AS users${perKind.length ? sql`, ${sql.join(perKind, sql`, `)}` : sql``}
        FROM ${o} WHERE ${o.deletedAt} IS NULL
      ),
      subscriptions_due AS MATERIALIZED (
        SELECT ${subscriptions.organizationId} AS id, count(*) AS n
        FROM ${subscriptions} JOIN live ON live.id = ${subscriptions.organizationId}
        WHERE ${kinds.includes('subscriptionDue')}
          AND ${sql.join(subscriptionsDueIn(null, before), sql` AND `)}
        GROUP BY 1
      ),
      few AS MATERIALIZED (
        SELECT kind, "assignedTo", count(*) AS n FROM ${few} GROUP BY 1, 2
      ),
      kinds (kind, n) AS (
        ${organizationKindCounts}
        SELECT 'subscriptionDue', sum(n) FROM subscriptions_due
        UNION ALL
        SELECT kind, n FROM few
      ),
      assignees ("userId", "userName", n) AS (
        SELECT assignee->>'userId', assignee->>'userName', totals.n
        FROM (SELECT live.users, ${organizationTotal} + coalesce(subscriptions_due.n, 0) AS n
              FROM live LEFT JOIN subscriptions_due ON subscriptions_due.id = live.id) AS totals
        LEFT JOIN LATERAL jsonb_array_elements(totals.users) AS assignee ON TRUE
        WHERE totals.n > 0
        UNION ALL
        SELECT assignee->>'userId', assignee->>'userName', few.n
        FROM few LEFT JOIN LATERAL jsonb_array_elements(few."assignedTo") AS assignee ON TRUE
      )
      SELECT 'kind' AS figure, kind AS key, NULL::text AS name, sum(n)::int AS count
      FROM kinds GROUP BY kind
      UNION ALL
      SELECT 'user', "userId", max("userName"), sum(n)::int FROM assignees GROUP BY "userId"`;
    // A follow-up names its own assignee: counted in a statement of its own, beside the other
    // (each on its own connection, so on its own processor).
    const followUpsDue = sql`
      SELECT 'user' AS figure, ${followUps.userId}::text AS key,
             CASE WHEN ${followUps.userId} IS NULL THEN NULL
                  ELSE coalesce(max(${followUps.userName}), '') END AS name,
             count(*)::int AS count
      FROM ${followUps}
      WHERE ${namesIn(sql`NOT IN`, CRO_FOLLOW_UPS)}
        AND ${sql.join(followUpsDueIn(null, before), sql` AND `)}
        AND EXISTS (SELECT 1 FROM ${o} WHERE ${o.id} = ${followUps.organizationId}
                      AND ${o.deletedAt} IS NULL)
      GROUP BY ${followUps.userId}`;
    type Counted = {
      figure: 'kind' | 'user';
      key: string | null;
      name: string | null;
      count: number;
    };
    const [others, followUpRows] = await Promise.all([
      // The planner's guess of a user list's length makes this statement look costly enough for
      // PostgreSQL's JIT compiler, whose seconds of compiling cost more than the read (ADR 0146).
      this.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL jit = off`);
        return ((await tx.execute(organizationsEtc)) as unknown as { rows: Counted[] }).rows;
      }),
      kinds.includes('followUpDeadline')
        ? this.db
            .execute(followUpsDue)
            .then((result) => (result as unknown as { rows: Counted[] }).rows)
        : Promise.resolve([] as Counted[]),
    ]);
    const followUpTotal = followUpRows.reduce((sum, row) => sum + row.count, 0);
    const kindRows = others.filter((row) => row.figure === 'kind');
    return {
      byKind: [...kindRows, { key: 'followUpDeadline', count: followUpTotal }]
        .filter((row) => row.count > 0)
        .map((row) => ({ kind: row.key as CalendarKind, count: row.count }))
        .sort((a, b) => (a.kind < b.kind ? -1 : 1)),
      byUser: assigneeTotals([...others.filter((row) => row.figure === 'user'), ...followUpRows]),
    };
  }

  /**
   * Whether anything of the book is assigned to the user, whatever its date: a live organization
   * lists them among its users, or an active, unfinished follow-up of a live organization is
   * theirs. Each read stops at its first row.
   */
  async anythingAssigned(userId: string): Promise<boolean> {
    const f = followUps;
    const result = (await this.db.execute(sql`
      SELECT EXISTS (
               SELECT 1 FROM ${o}
               WHERE ${o.deletedAt} IS NULL
                 AND ${o.users} @> ${JSON.stringify([{ userId }])}::jsonb)
          OR EXISTS (
               SELECT 1 FROM ${f} JOIN ${o} ON ${o.id} = ${f.organizationId}
               WHERE ${f.userId} = ${userId} AND ${f.archivedAt} IS NULL
                 AND ${f.deletedAt} IS NULL AND NOT ${f.completed} AND ${o.deletedAt} IS NULL)
        AS "anythingAssigned"`)) as unknown as { rows: Array<{ anythingAssigned: boolean }> };
    return result.rows[0]?.anythingAssigned ?? false;
  }
}
