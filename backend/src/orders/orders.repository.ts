import { Inject, Injectable } from '@nestjs/common';
import { NOT_AVAILABLE } from '@registra/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { organizations } from '../organizations/organizations.schema';
import { LiveRecords } from '../platform/database/live-records';
import { DATABASE } from '../platform/database/database';
import type { Database } from '../platform/database/database';
import { applyFilters } from '../platform/database/list-filters';
import type { ListFilters } from '../platform/database/list-filters';
import { containsText, searchBoxCondition, totalBound } from '../platform/database/search';
import type { ListPlan } from '../platform/database/search';
import { softDeleteLive } from '../platform/database/soft-delete';
import type { OrderSortField } from './dto/order.dto';
import { ORDER_VIEW } from './order.view';
import { orders } from './orders.schema';
import type { OrderRow } from './orders.schema';

export interface OrderFilters {
  search?: string;
  /** The top bar's search box (searchBoxCondition). */
  searchBox?: string;
  from?: string;
  productId?: string;
  organizationId?: string;
  orderIds?: string[];
}

const live = isNull(orders.deletedAt);

/** The sorts an index of the orders reads in order. */
const DATED_SORTS = new Set<OrderSortField>(['dateOrder', 'createdAt']);

const SORT_COLUMNS = {
  company: orders.company,
  organizationName: orders.organizationName,
  lastName: orders.lastName,
  firstName: orders.firstName,
  email: orders.email,
  from: orders.origin,
  product: orders.product,
  totalAmountOrder: orders.totalAmountOrderCents,
  amountDeposit: orders.amountDepositCents,
  dateOrder: orders.dateOrder,
  paymentTypeDeposit: orders.paymentTypeDeposit,
  amountBalanceToPaid: orders.amountBalanceToPaidCents,
  dateOfBalance: orders.dateOfBalance,
  paymentTypeBalance: orders.paymentTypeBalance,
  paidTotaly: orders.paidTotaly,
  balancePaid: orders.balancePaid,
  totalPaid: orders.totalPaidCents,
  withVat: orders.withVat,
  vatNumber: orders.vatNumber,
  createdAt: orders.createdAt,
} satisfies Record<OrderSortField, unknown>;

/** The order list's filters (list-filters.ts): every field of OrderFilters has its entry. */
const ORDER_FILTERS: ListFilters<OrderFilters> = {
  search: (term) => containsText(orders.searchText, term),
  searchBox: (term) => ({ where: searchBoxCondition(orders.searchText, term) }),
  from: (origin) => ({
    where:
      origin === NOT_AVAILABLE
        ? isNull(orders.origin)
        : eq(orders.origin, origin as OrderRow['origin'] & string),
  }),
  productId: (id) => ({ where: eq(orders.productId, id) }),
  organizationId: (id) => ({
    where: id === NOT_AVAILABLE ? isNull(orders.organizationId) : eq(orders.organizationId, id),
  }),
  // A subscription's linked orders; none linked: no order.
  orderIds: (ids) => ({ where: ids.length > 0 ? inArray(orders.id, ids) : sql`false` }),
};

/** An orders list's sort. */
type OrderSort = { field: OrderSortField; order: 'asc' | 'desc' };

@Injectable()
export class OrdersRepository extends LiveRecords<typeof orders, OrderFilters, OrderSort> {
  constructor(@Inject(DATABASE) db: Database) {
    super(db, orders, ORDER_VIEW);
  }

  async setSubscription(id: string, subscriptionId: string | null, at: Date): Promise<void> {
    await this.db.update(orders).set({ subscriptionId, updatedAt: at }).where(eq(orders.id, id));
  }

  /** A deleted subscription's orders are free to pay another one. */
  async releaseSubscription(subscriptionId: string, at: Date): Promise<void> {
    await this.db
      .update(orders)
      .set({ subscriptionId: null, updatedAt: at })
      .where(and(eq(orders.subscriptionId, subscriptionId), live));
  }

  /** A deleted order no longer pays its subscription. */
  override softDelete(id: string, at: Date): Promise<boolean> {
    return softDeleteLive(this.db, orders, id, at, { subscriptionId: null });
  }

  /** Nothing filters: the maintained count, not a count of 300k rows (ADR 0081). */
  protected plan(filters: OrderFilters, sort: OrderSort): ListPlan {
    const { conditions, walkConditions, filtered } = applyFilters(ORDER_FILTERS, filters);
    return {
      where: and(live, ...conditions),
      walkWhere: and(live, ...walkConditions),
      filtered,
      sort: { column: SORT_COLUMNS[sort.field], order: sort.order },
      // A text search reads its matches through the trigram index, counted and sorted in one
      // statement (ADR 0126). By date, up to the text's bound of them (ADR 0150): more are spread
      // along the date's index, whose walk finds a page in a few hundred rows, the total then a
      // lower bound (ADR 0149); a rare text would walk the whole index. Other sorts have no index.
      sortMatches: !filters.search ? false : DATED_SORTS.has(sort.field) ? 'few' : 'every',
      boundedTotal: totalBound(filters.search),
      // A text's count reads its matches one search bucket at a time (ADR 0156).
      buckets: filters.search ? orders.searchBucket : undefined,
    };
  }

  /** Merging duplicate organizations: the merged-away one's orders follow. */
  async moveOrganization(fromId: string, toId: string, at: Date): Promise<void> {
    await this.db.execute(sql`
      UPDATE ${orders} SET organization_id = ${toId}, updated_at = ${at},
        organization_name = (SELECT name FROM ${organizations} WHERE id = ${toId})
      WHERE organization_id = ${fromId}`);
  }
}
