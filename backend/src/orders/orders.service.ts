import { HttpStatus, Injectable, OnModuleInit } from '@nestjs/common';
import { ErrorCode, eurosToCents } from '@registra/domain';
import {
  AppException,
  deletedRecord,
  notFound,
  validationError,
} from '../platform/errors/app-exception';
import { parseExpectedVersion, updateWithVersion } from '../platform/database/versioned-update';
import { searchTextOf } from '../platform/database/search';
import { jsonPage } from '../platform/http/envelope';
import { DEFAULT_PAGE_LIMIT, listSort } from '../platform/http/list-query.dto';
import { RecordMerge } from '../platform/ports/record-merge';
import { SubscriptionPayments } from '../platform/ports/subscription-payments';
import { ProductsService } from '../products/products.service';
import { OrganizationsService } from '../organizations/organizations.service';
import { CreateOrderDto, SearchOrdersDto, UpdateOrderDto } from './dto/order.dto';
import { toOrderView } from './order.view';
import type { OrderView } from './order.view';
import { OrdersRepository } from './orders.repository';
import type { OrderFilters } from './orders.repository';
import type { NewOrderRow, OrderRow } from './orders.schema';
import type { SearchHit } from '@registra/domain';
import { FIRST_HITS, hitsOf } from '../platform/http/search-hits';
import { formatDate } from '@registra/domain';

const cents = (euros: number | null | undefined) =>
  euros === null || euros === undefined ? null : eurosToCents(euros);

/** "amountBalanceToPaid is derived on the server from the total and the deposit." */
const balanceCents = (total: number | null, deposit: number | null) =>
  total === null ? null : total - (deposit ?? 0);

const orderSearchText = (
  row: Pick<
    OrderRow,
    'company' | 'firstName' | 'lastName' | 'email' | 'product' | 'organizationName'
  >,
) =>
  searchTextOf(
    row.company,
    row.organizationName,
    row.firstName,
    row.lastName,
    row.email,
    row.product,
  );

export const filtersOf = (dto: SearchOrdersDto): OrderFilters => ({
  search: dto.search?.trim() || undefined,
  from: dto.from,
  productId: dto.product,
  organizationId: dto.organizationId,
  orderIds: dto.orderIds,
});

export const sortOf = (dto: SearchOrdersDto) => listSort(dto, 'dateOrder');

@Injectable()
export class OrdersService implements OnModuleInit {
  constructor(
    private readonly repository: OrdersRepository,
    private readonly products: ProductsService,
    private readonly organizations: OrganizationsService,
    private readonly recordMerge: RecordMerge,
    private readonly subscriptionPayments: SubscriptionPayments,
  ) {}

  onModuleInit(): void {
    this.recordMerge.register({
      name: 'orders',
      moveOrganization: (fromId, toId) =>
        this.repository.moveOrganization(fromId, toId, new Date()),
    });
  }

  /**
   * "Creation requires totalPaid, dateOrder, product and (an organization, or a new organization
   * with first and last name)." A customer whose organization does not exist yet is named on the
   * order; the order has no organization (N/A) until staff set one.
   */
  async create(dto: CreateOrderDto): Promise<OrderView> {
    const product = await this.products.find(dto.productId);
    if (!product) throw validationError([{ field: 'productId', message: 'No such product' }]);
    let organizationId: string | null = null;
    let organizationName: string | null = null;
    if (dto.newOrganization) {
      const missing = (['firstName', 'lastName'] as const).filter((field) => !dto[field]);
      if (missing.length > 0) {
        throw validationError(
          missing.map((field) => ({
            field,
            message: `${field} is required for a new organization`,
          })),
        );
      }
    } else {
      if (!dto.organizationId) {
        throw validationError([
          { field: 'organizationId', message: 'Choose an organization, or tick newOrganization' },
        ]);
      }
      organizationName = (await this.organizations.findLiveName(dto.organizationId)) ?? null;
      if (organizationName === null) {
        throw validationError([{ field: 'organizationId', message: 'No such organization' }]);
      }
      organizationId = dto.organizationId;
    }
    const now = new Date();
    const values = {
      company: organizationName ?? '',
      organizationId,
      organizationName,
      firstName: dto.newOrganization ? (dto.firstName ?? '') : '',
      lastName: dto.newOrganization ? (dto.lastName ?? '') : '',
      email: '',
      productId: product._id,
      product: product.name,
      dateOrder: dto.dateOrder,
      totalPaidCents: eurosToCents(dto.totalPaid),
      createdAt: now,
      updatedAt: now,
    };
    const row = await this.repository.insert({ ...values, searchText: orderSearchText(values) });
    return toOrderView(row);
  }

  async get(id: string): Promise<OrderView> {
    const row = await this.repository.findLive(id);
    if (row) return toOrderView(row);
    // A deleted order's address says so (`deleted: true`), like a person's.
    throw (await this.repository.isDeleted(id)) ? deletedRecord('Order') : notFound('Order');
  }

  /**
   * Every editable field; a field left out keeps its value. VAT (toggleVat): 'No VAT' and
   * 'With VAT' are never both ticked, and the VAT number is kept only with VAT.
   */
  async update(id: string, dto: UpdateOrderDto): Promise<OrderView> {
    const product =
      dto.productId === undefined ? undefined : await this.products.find(dto.productId);
    if (dto.productId !== undefined && !product) {
      throw validationError([{ field: 'productId', message: 'No such product' }]);
    }
    let organizationName: string | null | undefined;
    if (dto.organizationId) {
      organizationName = (await this.organizations.findLiveName(dto.organizationId)) ?? null;
      if (organizationName === null) {
        throw validationError([{ field: 'organizationId', message: 'No such organization' }]);
      }
    } else if (dto.organizationId === null) {
      organizationName = null;
    }
    const row = await updateWithVersion<OrderRow, OrderRow>({
      what: 'Order',
      expected: parseExpectedVersion(dto.updatedAt),
      load: () => this.repository.findLive(id),
      write: (current, updatedAt) => {
        const noVat = dto.noVat ?? current.noVat;
        const withVat = dto.withVat ?? current.withVat;
        if (noVat && withVat) {
          throw validationError(
            [{ field: 'withVat', message: "'No VAT' and 'With VAT' cannot both be ticked" }],
            "'No VAT' and 'With VAT' cannot both be ticked",
          );
        }
        const total =
          dto.totalAmountOrder === undefined
            ? current.totalAmountOrderCents
            : cents(dto.totalAmountOrder);
        const deposit =
          dto.amountDeposit === undefined ? current.amountDepositCents : cents(dto.amountDeposit);
        const company = dto.company ?? current.company;
        const next: Partial<NewOrderRow> = {
          // An order given its organization is that company, unless staff named another.
          company: company || (dto.organizationId ? (organizationName ?? '') : ''),
          ...(dto.organizationId !== undefined
            ? { organizationId: dto.organizationId, organizationName }
            : {}),
          lastName: dto.lastName ?? current.lastName,
          firstName: dto.firstName ?? current.firstName,
          email: dto.email ?? current.email,
          ...(dto.from !== undefined ? { origin: dto.from } : {}),
          ...(product ? { productId: product._id, product: product.name } : {}),
          totalAmountOrderCents: total,
          amountDepositCents: deposit,
          amountBalanceToPaidCents: balanceCents(total, deposit),
          ...(dto.totalPaid !== undefined ? { totalPaidCents: eurosToCents(dto.totalPaid) } : {}),
          ...(dto.dateOrder !== undefined ? { dateOrder: dto.dateOrder } : {}),
          ...(dto.dateOfBalance !== undefined ? { dateOfBalance: dto.dateOfBalance } : {}),
          paymentTypeDeposit: dto.paymentTypeDeposit ?? current.paymentTypeDeposit,
          paymentTypeBalance: dto.paymentTypeBalance ?? current.paymentTypeBalance,
          toInvoice: dto.toInvoice ?? current.toInvoice,
          paidTotaly: dto.paidTotaly ?? current.paidTotaly,
          balancePaid: dto.balancePaid ?? current.balancePaid,
          noVat,
          withVat,
          vatNumber: withVat ? (dto.vatNumber ?? current.vatNumber) : '',
          comment: dto.comment ?? current.comment,
          updatedAt,
        };
        const merged = { ...current, ...next };
        next.searchText = orderSearchText(merged as OrderRow);
        return this.repository.update(id, next, current.updatedAt);
      },
    });
    return toOrderView(row);
  }

  /** Soft delete; a linked order stops paying its subscription's period. */
  async delete(id: string): Promise<void> {
    const order = await this.repository.findLiveForUpdate(id);
    if (!order || !(await this.repository.softDelete(id, new Date()))) throw notFound('Order');
    if (order.subscriptionId) await this.subscriptionPayments.paymentsChanged(order.subscriptionId);
  }

  /** The top bar's search: the latest orders whose customer or product holds the term. */
  async find(term: string): Promise<SearchHit[]> {
    const sort = { field: 'dateOrder', order: 'desc' } as const;
    const items = await this.repository.firstViews({ searchBox: term }, sort, FIRST_HITS, true);
    return hitsOf<OrderView>(items, (order) => {
      const customer = `${order.firstName} ${order.lastName}`.trim();
      return {
        _id: order._id,
        label: order.company || customer || order.product,
        detail: [order.product, order.dateOrder ? formatDate(order.dateOrder) : '']
          .filter(Boolean)
          .join(' · '),
      };
    });
  }

  /** A page of the list as JSON text: the views are written by PostgreSQL (ADR 0090). */
  async search(dto: SearchOrdersDto): Promise<string> {
    return jsonPage(dto, DEFAULT_PAGE_LIMIT, (range) =>
      this.repository.searchViews(filtersOf(dto), sortOf(dto), range),
    );
  }

  exportInBatches(dto: SearchOrdersDto, onBatch: (rows: OrderView[]) => Promise<void>) {
    return this.repository.exportInBatches(filtersOf(dto), sortOf(dto), (rows) =>
      onBatch(rows.map(toOrderView)),
    );
  }

  /**
   * Links an order to a subscription, or unlinks it (the subscriptions context asks): an order
   * pays at most one subscription's period.
   */
  async setSubscription(orderId: string, subscriptionId: string, link: boolean): Promise<void> {
    const order = await this.repository.findLiveForUpdate(orderId);
    if (!order) throw notFound('Order');
    if (link) {
      if (order.subscriptionId && order.subscriptionId !== subscriptionId) {
        throw new AppException(
          HttpStatus.CONFLICT,
          ErrorCode.ORDER_ALREADY_LINKED,
          'This order already pays a period of another subscription',
        );
      }
      await this.repository.setSubscription(orderId, subscriptionId, new Date());
    } else {
      if (order.subscriptionId !== subscriptionId) {
        throw validationError([
          { field: 'deletedOrder', message: 'This order is not linked to this subscription' },
        ]);
      }
      await this.repository.setSubscription(orderId, null, new Date());
    }
  }

  releaseSubscription(subscriptionId: string): Promise<void> {
    return this.repository.releaseSubscription(subscriptionId, new Date());
  }
}
