import type { OrderOrigin, SubscriptionStatus } from '../enums';

/** A product the firm sells (docs/api/orders.md). */
export interface ProductView {
  _id: string;
  name: string;
  subscription: boolean;
  createdAt: string;
  updatedAt: string;
}

/** POST /product/search: the products, and the management modal's counts. */
export interface ProductSearchAnswer {
  ok: true;
  data: ProductView[];
  counts: { products: number; subscriptions: number };
}

/**
 * An order (docs/api/orders.md). Amounts are euros with at most 2 decimals, stored as
 * integer cents; `amountBalanceToPaid` is the server's (total − deposit).
 */
export interface OrderView {
  _id: string;
  company: string;
  organizationId: string | null;
  organizationName: string | null;
  lastName: string;
  firstName: string;
  email: string;
  from: OrderOrigin | null;
  productId: string | null;
  product: string;
  totalAmountOrder: number | null;
  amountDeposit: number | null;
  dateOrder: string | null;
  paymentTypeDeposit: string;
  amountBalanceToPaid: number | null;
  dateOfBalance: string | null;
  paymentTypeBalance: string;
  toInvoice: boolean;
  totalPaid: number;
  paidTotaly: boolean;
  balancePaid: boolean;
  noVat: boolean;
  withVat: boolean;
  vatNumber: string;
  comment: string;
  /** The subscription this order pays a period of, if any. */
  subscriptionId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A subscription of an organization (docs/api/orders.md). */
export interface SubscriptionView {
  _id: string;
  /** The product's name, as the API's `name`. */
  name: string;
  organizationId: string;
  organizationName: string;
  productId: string;
  productName: string;
  status: SubscriptionStatus;
  plan: number;
  startingDate: string;
  nextDueDate: string | null;
  missingPayments: number;
  orderIds: string[];
  createdAt: string;
  updatedAt: string;
}

/**
 * The order list's columns, each sortable (docs/product/orders-and-subscriptions.md); the API also
 * sorts by `createdAt`, which the list does not show.
 */
export const ORDER_LIST_SORT_FIELDS = [
  'company',
  'organizationName',
  'lastName',
  'firstName',
  'email',
  'from',
  'product',
  'totalAmountOrder',
  'amountDeposit',
  'dateOrder',
  'paymentTypeDeposit',
  'amountBalanceToPaid',
  'dateOfBalance',
  'paymentTypeBalance',
  'paidTotaly',
  'balancePaid',
  'totalPaid',
  'withVat',
  'vatNumber',
] as const;
export type OrderListSortField = (typeof ORDER_LIST_SORT_FIELDS)[number];
