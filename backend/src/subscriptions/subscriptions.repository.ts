import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { orders } from '../orders/orders.schema';
import { organizations } from '../organizations/organizations.schema';
import { readRowsInBatches } from '../platform/database/cursor';
import { DATABASE } from '../platform/database/database';
import type { Database } from '../platform/database/database';
import { applyFilters } from '../platform/database/list-filters';
import type { ListFilters } from '../platform/database/list-filters';
import { containsText, listPageWith, totalBound } from '../platform/database/search';
import type { ListTotal } from '../platform/database/search';
import { softDeleteLive } from '../platform/database/soft-delete';
import { SUBSCRIPTION_ORDER_IDS_JSON } from './subscription.view';
import type { SubscriptionSortField } from './dto/subscription.dto';
import { subscriptions } from './subscriptions.schema';
import type { NewSubscriptionRow, SubscriptionRow } from './subscriptions.schema';

export interface SubscriptionFilters {
  organizationId?: string;
  organizationName?: string;
  productName?: string;
  status?: string;
}

const SORT_COLUMNS = {
  createdAt: subscriptions.createdAt,
  organizationName: subscriptions.organizationName,
  productName: subscriptions.productName,
  status: subscriptions.status,
  startingDate: subscriptions.startingDate,
  plan: subscriptions.plan,
};

const live = isNull(subscriptions.deletedAt);

/** The subscription list's filters (list-filters.ts): every field of SubscriptionFilters has its entry. */
const SUBSCRIPTION_FILTERS: ListFilters<SubscriptionFilters> = {
  organizationId: (id) => ({ where: eq(subscriptions.organizationId, id) }),
  organizationName: (term) => containsText(subscriptions.searchText, term),
  productName: (name) => ({ where: eq(subscriptions.productName, name) }),
  status: (status) => ({
    where: eq(subscriptions.status, status as SubscriptionRow['status']),
  }),
};

@Injectable()
export class SubscriptionsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async insert(values: NewSubscriptionRow): Promise<SubscriptionRow> {
    const [row] = await this.db.insert(subscriptions).values(values).returning();
    return row;
  }

  async findLive(id: string): Promise<SubscriptionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, id), live))
      .limit(1);
    return row;
  }

  async update(
    id: string,
    values: Partial<NewSubscriptionRow>,
  ): Promise<SubscriptionRow | undefined> {
    const [row] = await this.db
      .update(subscriptions)
      .set(values)
      .where(and(eq(subscriptions.id, id), live))
      .returning();
    return row;
  }

  /**
   * Recomputes the stored next due date from the linked live orders: the starting date plus one
   * period per order (PostgreSQL's month arithmetic clamps to the month's end, as `addMonths`).
   */
  async refreshNextDueDate(id: string): Promise<void> {
    await this.db.execute(sql`
      UPDATE ${subscriptions}
      SET next_due_date = (${subscriptions.startingDate} + make_interval(months => ${subscriptions.plan} * (
        SELECT count(*)::int FROM ${orders}
        WHERE ${orders.subscriptionId} = ${subscriptions.id} AND ${orders.deletedAt} IS NULL
      )))::date
      WHERE ${subscriptions.id} = ${id}`);
  }

  softDelete(id: string, at: Date): Promise<boolean> {
    return softDeleteLive(this.db, subscriptions, id, at);
  }

  /** The live orders linked to each subscription, oldest order first: one statement. */
  async orderIdsOf(ids: string[]): Promise<Map<string, string[]>> {
    const byId = new Map<string, string[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return byId;
    const rows = await this.db
      .select({ subscriptionId: orders.subscriptionId, id: orders.id })
      .from(orders)
      .where(and(inArray(orders.subscriptionId, ids), isNull(orders.deletedAt)))
      .orderBy(asc(orders.dateOrder), asc(orders.createdAt), asc(orders.id));
    for (const row of rows) byId.get(row.subscriptionId as string)?.push(row.id);
    return byId;
  }

  /**
   * A page of subscriptions, each with its live linked orders (oldest first, as
   * {@link orderIdsOf}) from the same statement, and the total: a filtered one counted up to
   * {@link totalBound}'s bound, as the other lists (the unpaid ones of a book three times larger
   * were 43 000 index entries to count: ADR 0154).
   */
  async search(
    filters: SubscriptionFilters,
    sort: { field: SubscriptionSortField; order: 'asc' | 'desc' },
    page: { offset: number; limit: number },
  ): Promise<{ rows: SubscriptionRow[]; orderIds: string[][] } & ListTotal> {
    const { conditions, filtered } = applyFilters(SUBSCRIPTION_FILTERS, filters);
    const { rows, attached, ...total } = await listPageWith<typeof subscriptions, string[]>(
      this.db,
      subscriptions,
      {
        where: and(live, ...conditions),
        filtered,
        sort: { column: SORT_COLUMNS[sort.field], order: sort.order },
        sortMatches: false,
        boundedTotal: totalBound(filters.organizationName),
      },
      page,
      sql.raw(SUBSCRIPTION_ORDER_IDS_JSON),
    );
    return { rows, orderIds: attached, ...total };
  }

  exportInBatches(
    filters: SubscriptionFilters,
    sort: { field: SubscriptionSortField; order: 'asc' | 'desc' },
    onBatch: (rows: SubscriptionRow[]) => Promise<void>,
  ): Promise<number> {
    return readRowsInBatches(
      this.db,
      subscriptions,
      and(live, ...applyFilters(SUBSCRIPTION_FILTERS, filters).conditions),
      { column: SORT_COLUMNS[sort.field], order: sort.order },
      onBatch,
    );
  }

  /** Merging duplicate organizations: the subscriptions follow the kept one. */
  async moveOrganization(fromId: string, toId: string, at: Date): Promise<void> {
    await this.db.execute(sql`
      UPDATE ${subscriptions} SET organization_id = ${toId}, updated_at = ${at},
        organization_name = (SELECT name FROM ${organizations} WHERE id = ${toId}),
        search_text = (SELECT search_text FROM ${organizations} WHERE id = ${toId})
      WHERE organization_id = ${fromId}`);
  }
}
