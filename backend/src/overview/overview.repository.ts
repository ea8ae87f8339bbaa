import { Inject, Injectable } from '@nestjs/common';
import { addDays, CALENDAR_KINDS, type OverviewView } from '@registra/domain';
import { sql, type SQL } from 'drizzle-orm';
import { CalendarService } from '../calendar/calendar.service';
import { forms } from '../forms/forms.schema';
import { orders } from '../orders/orders.schema';
import { organizations as o } from '../organizations/organizations.schema';
import { DATABASE } from '../platform/database/database';
import type { Database } from '../platform/database/database';
import { subscriptions } from '../subscriptions/subscriptions.schema';

export interface OverviewFilter {
  from: string;
  to: string;
  today: string;
  userId?: string;
}

const month = (column: SQL) => sql`to_char(${column}, 'YYYY-MM')`;

/**
 * The overview's figures (ADR 0106): each chart is one statement, reading its period on an
 * indexed date column; the book-wide ones (risk levels, subscriptions by status) count live rows.
 */
@Injectable()
export class OverviewRepository {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly calendar: CalendarService,
  ) {}

  private async rows<T>(query: SQL): Promise<T[]> {
    return ((await this.db.execute(query)) as unknown as { rows: T[] }).rows;
  }

  /**
   * A statement over the obligations' union, without parallel workers for one user: the union's
   * fifteen branches are costed high enough on a large book for PostgreSQL to start workers,
   * whose start took 15–25 ms on a 2-core server against about 1 ms for reading a user's few
   * obligations through their indexes (ADR 0152). The whole book's read keeps them.
   */
  private async obligationRows<T>(f: OverviewFilter, query: SQL): Promise<T[]> {
    if (!f.userId) return this.rows<T>(query);
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL max_parallel_workers_per_gather = 0`);
      return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
    });
  }

  /** An organization assigned to the user (the filter of every organization-level figure). */
  private assigned(userId: string | undefined): SQL {
    return userId ? sql`${o.users} @> ${JSON.stringify([{ userId }])}::jsonb` : sql`TRUE`;
  }

  obligationsByMonth(f: OverviewFilter): Promise<OverviewView['obligationsByMonth']> {
    const items = this.calendar.obligationsSource({
      from: f.from,
      to: f.to,
      kinds: CALENDAR_KINDS,
      userId: f.userId,
    });
    return this.obligationRows(
      f,
      sql`
      SELECT ${month(sql`items.date`)} AS month, items.kind, count(*)::int AS count
      FROM ${items} GROUP BY 1, 2 ORDER BY 1, 2`,
    );
  }

  /**
   * Every obligation overdue today (dated before today, however old), whatever the period asked:
   * what is overdue is not a matter of the chart's months.
   */
  private overdueItems(f: OverviewFilter): SQL {
    return this.calendar.obligationsSource({
      from: null,
      to: addDays(f.today, -1),
      kinds: CALENDAR_KINDS,
      userId: f.userId,
    });
  }

  /**
   * What is overdue today, by kind and by assignee. For one user, their obligations are few and
   * read through the indexes of their organizations and follow-ups; for the whole book most dated
   * rows can be overdue, and one read of the book counts them (ADR 0146).
   */
  async overdue(f: OverviewFilter): Promise<Pick<OverviewView, 'overdueByKind' | 'overdueByUser'>> {
    if (!f.userId) {
      const { byKind, byUser } = await this.calendar.overdueInBook(CALENDAR_KINDS, f.today);
      return { overdueByKind: byKind, overdueByUser: byUser };
    }
    const [overdueByKind, overdueByUser] = await Promise.all([
      this.overdueByKind(f),
      this.overdueByUser(f),
    ]);
    return { overdueByKind, overdueByUser };
  }

  private async overdueByKind(f: OverviewFilter): Promise<OverviewView['overdueByKind']> {
    return this.obligationRows(
      f,
      sql`
      SELECT items.kind, count(*)::int AS count FROM ${this.overdueItems(f)}
      GROUP BY 1 ORDER BY 1`,
    );
  }

  private async overdueByUser(f: OverviewFilter): Promise<OverviewView['overdueByUser']> {
    const items = this.overdueItems(f);
    return this.obligationRows(
      f,
      sql`
      SELECT assignee->>'userId' AS "userId",
             coalesce(max(assignee->>'userName'), 'Nobody') AS "userName",
             count(*)::int AS count
      FROM ${items}
      LEFT JOIN LATERAL jsonb_array_elements(items."assignedTo") AS assignee ON TRUE
      ${f.userId ? sql`WHERE assignee->>'userId' = ${f.userId}` : sql``}
      GROUP BY 1 ORDER BY count DESC, 2`,
    );
  }

  amlRiskLevels(f: OverviewFilter): Promise<OverviewView['amlRiskLevels']> {
    return this.rows(sql`
      SELECT ${o.amlRiskLevel} AS level, count(*)::int AS count FROM ${o}
      WHERE ${o.deletedAt} IS NULL AND ${this.assigned(f.userId)}
      GROUP BY 1 ORDER BY 1 NULLS LAST`);
  }

  amlReviewsByMonth(f: OverviewFilter): Promise<OverviewView['amlReviewsByMonth']> {
    return this.rows(sql`
      SELECT ${month(sql`${o.amlNextReview}`)} AS month, count(*)::int AS count FROM ${o}
      WHERE ${o.deletedAt} IS NULL AND ${this.assigned(f.userId)}
        AND ${o.amlNextReview} BETWEEN ${f.from}::date AND ${f.to}::date
      GROUP BY 1 ORDER BY 1`);
  }

  /** Money stays exact in cents in SQL; euros are cents / 100 as numeric, read as numbers. */
  async ordersByMonth(f: OverviewFilter): Promise<OverviewView['ordersByMonth']> {
    const rows = await this.rows<{ month: string; paid: string; outstanding: string }>(sql`
      SELECT ${month(sql`${orders.dateOrder}`)} AS month,
             (sum(${orders.totalPaidCents}) / 100.0)::numeric(14, 2)::text AS paid,
             (sum(GREATEST(coalesce(${orders.totalAmountOrderCents}, 0) - ${orders.totalPaidCents}, 0)) / 100.0)::numeric(14, 2)::text AS outstanding
      FROM ${orders}
      ${f.userId ? sql`JOIN ${o} ON ${o.id} = ${orders.organizationId} AND ${this.assigned(f.userId)}` : sql``}
      WHERE ${orders.deletedAt} IS NULL
        AND ${orders.dateOrder} BETWEEN ${f.from}::date AND ${f.to}::date
      GROUP BY 1 ORDER BY 1`);
    return rows.map((row) => ({
      month: row.month,
      paid: Number(row.paid),
      outstanding: Number(row.outstanding),
    }));
  }

  subscriptionsByStatus(f: OverviewFilter): Promise<OverviewView['subscriptionsByStatus']> {
    return this.rows(sql`
      SELECT ${subscriptions.status} AS status, count(*)::int AS count FROM ${subscriptions}
      ${f.userId ? sql`JOIN ${o} ON ${o.id} = ${subscriptions.organizationId} AND ${this.assigned(f.userId)}` : sql``}
      WHERE ${subscriptions.deletedAt} IS NULL
      GROUP BY 1 ORDER BY 1`);
  }

  /**
   * Requests received in the period, by month, and how many became clients (an organization was
   * created from them). Requests belong to nobody: the user filter keeps those turned into an
   * organization assigned to the user.
   */
  formsByMonth(f: OverviewFilter): Promise<OverviewView['formsByMonth']> {
    return this.rows(sql`
      SELECT to_char(${forms.createdAt} AT TIME ZONE 'Europe/Dublin', 'YYYY-MM') AS month,
             count(*)::int AS received,
             count(${forms.organizationId})::int AS "becameClients"
      FROM ${forms}
      ${f.userId ? sql`JOIN ${o} ON ${o.id} = ${forms.organizationId} AND ${this.assigned(f.userId)}` : sql``}
      WHERE ${forms.deletedAt} IS NULL
        AND ${forms.createdAt} >= (${f.from}::date::timestamp AT TIME ZONE 'Europe/Dublin')
        AND ${forms.createdAt} < ((${f.to}::date + 1)::timestamp AT TIME ZONE 'Europe/Dublin')
      GROUP BY 1 ORDER BY 1`);
  }
}
