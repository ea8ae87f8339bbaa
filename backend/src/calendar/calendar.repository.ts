import { Inject, Injectable } from '@nestjs/common';
import {
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

  /** A date column of the organization read for [from, to]. */
  private organizationDate(
    kind: CalendarKind,
    column: SQL,
    filter: CalendarFilter,
    detail: SQL = sql`NULL::text`,
    from: IsoDate | null = filter.from,
    to: IsoDate = filter.to,
    shiftDays = 0,
    extra: SQL = sql`TRUE`,
  ): SQL {
    return sql`(SELECT ${kind}::text AS kind, (${column} + ${shiftDays}::int) AS date,
        'organization'::text AS "recordType", ${o.id} AS "recordId", ${o.id} AS "organizationId",
        ${o.name} AS "organizationName", ${detail} AS detail, ${o.users} AS "assignedTo"
      FROM ${o}
      WHERE ${this.organizationWhere(filter)} AND ${dateIn(column, from, to)}
        AND ${extra})`;
  }

  /**
   * The company's ARD: its next annual return date, or, while the first annual return is not done
   * and no next date is set, the first annual return date (6 months after incorporation). Two
   * ranges, each on its own index.
   */
  private ardBranches(
    kind: CalendarKind,
    filter: CalendarFilter,
    from: IsoDate | null,
    to: IsoDate,
  ) {
    const shift = kind === 'filingDeadline' ? ARD_DEADLINE_DAYS : 0;
    return [
      this.organizationDate(kind, sql`${o.nextArReminder}`, filter, undefined, from, to, shift),
      this.organizationDate(
        kind,
        sql`${o.firstAr}`,
        filter,
        undefined,
        from,
        to,
        shift,
        sql`${o.nextArReminder} IS NULL AND NOT ${o.status}`,
      ),
      this.derivedArds(kind, filter, from, to, shift),
    ];
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
      case 'ard':
        return this.ardBranches(kind, filter, filter.from, filter.to);
      case 'filingDeadline': {
        // Without a first day, every ARD up to the one whose deadline is `to`.
        const [from, to] = ardRangeForFilingDeadlines(filter.from ?? filter.to, filter.to);
        return this.ardBranches(kind, filter, filter.from === null ? null : from, to);
      }
      case 'b1b73':
        return [this.organizationDate(kind, sql`${o.b1b73}`, filter)];
      case 'corporationTax':
        return [this.organizationDate(kind, sql`${o.corporationTaxPaidReminder}`, filter)];
      case 'amlReview':
        return [
          this.organizationDate(kind, sql`${o.amlNextReview}`, filter, sql`${o.amlRiskLevel}`),
        ];
      case 'followUpDeadline':
        return [this.followUpDeadlines(filter, kind, sql`NOT IN`, CRO_FOLLOW_UPS)];
      case 'b10':
      case 'b2':
        return [this.followUpDeadlines(filter, kind, sql`IN`, CALENDAR_CRO_FOLLOW_UPS[kind])];
      case 'b5':
        return [this.b5Due(filter)];
      case 'subscriptionDue':
        return [this.subscriptionsDue(filter)];
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
      sql`${f.name} ${operator} (${sql.join(
        names.map((name) => sql`${name}`),
        sql`, `,
      )})`,
      sql`${f.archivedAt} IS NULL`,
      sql`${f.deletedAt} IS NULL`,
      sql`NOT ${f.completed}`,
      dateIn(sql`${f.deadline}`, filter.from, filter.to),
      sql`${o.deletedAt} IS NULL`,
    ];
    if (filter.userId) conditions.push(sql`${f.userId} = ${filter.userId}`);
    if (filter.organizationId) conditions.push(sql`${f.organizationId} = ${filter.organizationId}`);
    return sql`(SELECT ${kind}::text AS kind, ${f.deadline} AS date,
        'followUp'::text AS "recordType", ${f.id} AS "recordId", ${o.id} AS "organizationId",
        ${o.name} AS "organizationName", ${f.name} AS detail,
        CASE WHEN ${f.userId} IS NULL THEN '[]'::jsonb
             ELSE jsonb_build_array(jsonb_build_object('userId', ${f.userId}::text, 'userName', coalesce(${f.userName}, '')))
        END AS "assignedTo"
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
      sql`${s.deletedAt} IS NULL`,
      sql`${s.status} <> 'CANCELLED'`,
      dateIn(sql`${s.nextDueDate}`, filter.from, filter.to),
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
