import { Injectable, OnModuleInit } from '@nestjs/common';
import { SUBSCRIPTION_PERIOD_DEFAULT, todayInDublin } from '@registra/domain';
import { OrdersService } from '../orders/orders.service';
import { notFound, validationError } from '../platform/errors/app-exception';
import { searchTextOf } from '../platform/database/search';
import { page } from '../platform/http/envelope';
import type { Page } from '../platform/http/envelope';
import { DEFAULT_PAGE_LIMIT, listSort, MAX_PAGE_LIMIT } from '../platform/http/list-query.dto';
import { RecordMerge } from '../platform/ports/record-merge';
import { SubscriptionPayments } from '../platform/ports/subscription-payments';
import { ProductsService } from '../products/products.service';
import { OrganizationsService } from '../organizations/organizations.service';
import {
  CreateSubscriptionDto,
  SearchSubscriptionsDto,
  UpdateSubscriptionDto,
} from './dto/subscription.dto';
import { toSubscriptionView } from './subscription.view';
import type { SubscriptionView } from './subscription.view';
import { SubscriptionsRepository } from './subscriptions.repository';
import type { SubscriptionFilters } from './subscriptions.repository';
import type { SubscriptionRow } from './subscriptions.schema';

const filtersOf = (dto: SearchSubscriptionsDto): SubscriptionFilters => ({
  organizationId: dto.organizationId,
  organizationName: dto.organization_name?.trim() || undefined,
  productName: dto.product_name,
  status: dto.status,
});
const sortOf = (dto: SearchSubscriptionsDto) => listSort(dto, 'createdAt');

@Injectable()
export class SubscriptionsService implements OnModuleInit {
  constructor(
    private readonly repository: SubscriptionsRepository,
    private readonly products: ProductsService,
    private readonly organizations: OrganizationsService,
    private readonly orders: OrdersService,
    private readonly recordMerge: RecordMerge,
    private readonly subscriptionPayments: SubscriptionPayments,
  ) {}

  onModuleInit(): void {
    this.subscriptionPayments.register((id) => this.repository.refreshNextDueDate(id));
    this.recordMerge.register({
      name: 'subscriptions',
      moveOrganization: (fromId, toId) =>
        this.repository.moveOrganization(fromId, toId, new Date()),
    });
  }

  /** "period 1 to 60, default 6; starting date default today; product required" (a subscription product). */
  async create(dto: CreateSubscriptionDto): Promise<SubscriptionView> {
    const organizationName = await this.organizations.findLiveName(dto.organizationId);
    if (organizationName === undefined) {
      throw validationError([{ field: 'organizationId', message: 'No such organization' }]);
    }
    const product = await this.products.find(dto.productId);
    if (!product) throw validationError([{ field: 'productId', message: 'No such product' }]);
    if (!product.subscription) {
      throw validationError([
        { field: 'productId', message: `${product.name} is not a subscription product` },
      ]);
    }
    const now = new Date();
    const row = await this.repository.insert({
      organizationId: dto.organizationId,
      organizationName,
      productId: product._id,
      productName: product.name,
      plan: dto.plan ?? SUBSCRIPTION_PERIOD_DEFAULT,
      startingDate: dto.startingDate ?? todayInDublin(now),
      // Nothing paid yet: the first period falls due on the starting date.
      nextDueDate: dto.startingDate ?? todayInDublin(now),
      searchText: searchTextOf(organizationName),
      createdAt: now,
      updatedAt: now,
    });
    return toSubscriptionView(row, []);
  }

  async get(id: string): Promise<SubscriptionView> {
    return this.view(await this.liveRow(id));
  }

  /** An organization's subscriptions (all of them), or a page of the /subscription list. */
  async search(dto: SearchSubscriptionsDto): Promise<Page<SubscriptionView>> {
    const pageNumber = dto.page ?? 1;
    const limit = dto.limit ?? (dto.organizationId ? MAX_PAGE_LIMIT : DEFAULT_PAGE_LIMIT);
    const { rows, orderIds, total, totalIsLowerBound } = await this.repository.search(
      filtersOf(dto),
      sortOf(dto),
      { offset: (pageNumber - 1) * limit, limit },
    );
    const now = new Date();
    const views = rows.map((row, index) => toSubscriptionView(row, orderIds[index], now));
    return page(views, total, pageNumber, limit, totalIsLowerBound);
  }

  /**
   * Exactly one change: the status (CURRENT, UNPAID, CANCELLED), an order linked (it pays one
   * period; an order pays one subscription at most) or an order unlinked. Answers the updated
   * subscription.
   */
  async update(id: string, dto: UpdateSubscriptionDto): Promise<SubscriptionView> {
    const given = (['status', 'addedOrder', 'deletedOrder'] as const).filter(
      (field) => dto[field] !== undefined,
    );
    if (given.length !== 1) {
      throw validationError(
        [{ field: 'body', message: 'Send exactly one of status, addedOrder, deletedOrder' }],
        'Send exactly one of status, addedOrder, deletedOrder',
      );
    }
    const current = await this.liveRow(id);
    const now = new Date();
    if (dto.status !== undefined) {
      const row = await this.repository.update(id, { status: dto.status, updatedAt: now });
      return this.view(row ?? current);
    }
    await this.orders.setSubscription(
      (dto.addedOrder ?? dto.deletedOrder) as string,
      id,
      dto.addedOrder !== undefined,
    );
    await this.repository.refreshNextDueDate(id);
    const row = await this.repository.update(id, { updatedAt: now });
    return this.view(row ?? current);
  }

  /** Soft delete; its orders are free to pay another subscription. */
  async delete(id: string): Promise<void> {
    if (!(await this.repository.softDelete(id, new Date()))) throw notFound('Subscription');
    await this.orders.releaseSubscription(id);
    // Its orders are released: restored, it would owe from its start again.
    await this.repository.refreshNextDueDate(id);
  }

  async exportInBatches(
    dto: SearchSubscriptionsDto,
    onBatch: (rows: SubscriptionView[]) => Promise<void>,
  ): Promise<number> {
    return this.repository.exportInBatches(filtersOf(dto), sortOf(dto), async (rows) =>
      onBatch(await this.views(rows)),
    );
  }

  private async liveRow(id: string): Promise<SubscriptionRow> {
    const row = await this.repository.findLive(id);
    if (!row) throw notFound('Subscription');
    return row;
  }

  private async view(row: SubscriptionRow): Promise<SubscriptionView> {
    const [view] = await this.views([row]);
    return view;
  }

  private async views(rows: SubscriptionRow[]): Promise<SubscriptionView[]> {
    const orderIds = await this.repository.orderIdsOf(rows.map((row) => row.id));
    const now = new Date();
    return rows.map((row) => toSubscriptionView(row, orderIds.get(row.id) ?? [], now));
  }
}
