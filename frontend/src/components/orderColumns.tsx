import {
  NOT_SET,
  checkedLabel,
  formatDate,
  formatEuros,
  orderOriginName,
  orderPath,
} from '@registra/domain';
import type { OrderView } from '@registra/domain';
import type { DataColumn } from './DataTable';
import type { RecordCardView } from './RecordCards';

type OrderField = keyof OrderView & string;

const text = (label: string, field: OrderField, cell: (order: OrderView) => string) => ({
  label,
  sortField: field,
  cell,
});

/**
 * The order list's columns (ORDER_LIST_SORT_FIELDS), in their order, each sortable by its field:
 * the orders list shows them all, an organization's orders leave out the origin. Shared by the two
 * lists, which live in two features.
 */
export const ORDER_COLUMNS: DataColumn<OrderView, OrderField>[] = [
  text('Company', 'company', (o) => o.company),
  text('Organization', 'organizationName', (o) => o.organizationName ?? NOT_SET),
  text('Last name', 'lastName', (o) => o.lastName),
  text('First name', 'firstName', (o) => o.firstName),
  text('Email', 'email', (o) => o.email),
  text('From', 'from', (o) => orderOriginName(o.from)),
  text('Product', 'product', (o) => o.product),
  text('Total amount', 'totalAmountOrder', (o) => formatEuros(o.totalAmountOrder)),
  text('Deposit', 'amountDeposit', (o) => formatEuros(o.amountDeposit)),
  // The order's link: its name ("Order <who> <date>") holds the date.
  { ...text('Order date', 'dateOrder', (o) => formatDate(o.dateOrder)), namesRow: true },
  text('Deposit payment', 'paymentTypeDeposit', (o) => o.paymentTypeDeposit),
  text('Balance to pay', 'amountBalanceToPaid', (o) => formatEuros(o.amountBalanceToPaid)),
  text('Balance date', 'dateOfBalance', (o) => formatDate(o.dateOfBalance)),
  text('Balance payment', 'paymentTypeBalance', (o) => o.paymentTypeBalance),
  text('Paid totally', 'paidTotaly', (o) => checkedLabel(o.paidTotaly)),
  text('Balance paid', 'balancePaid', (o) => checkedLabel(o.balancePaid)),
  text('Total paid', 'totalPaid', (o) => formatEuros(o.totalPaid)),
  text('With VAT', 'withVat', (o) => checkedLabel(o.withVat)),
  text('VAT number', 'vatNumber', (o) => o.vatNumber),
];

/** Who ordered: the company, or the person's name. */
export const orderer = (order: OrderView) =>
  order.company || `${order.firstName} ${order.lastName}`.trim();

/** An order on a phone: who ordered, the product and total, the order date, paid or not. */
export const orderCard = (order: OrderView, state?: unknown): RecordCardView => ({
  id: order._id,
  title: orderer(order),
  href: orderPath(order._id),
  state,
  detail: [order.product, formatEuros(order.totalAmountOrder)].filter(Boolean).join(' · '),
  date: { label: 'Order date', value: order.dateOrder },
  status: order.paidTotaly
    ? { text: 'Paid', variant: 'success' }
    : { text: 'Not paid', variant: 'warning' },
});
