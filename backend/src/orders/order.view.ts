import type { OrderView } from '@registra/domain';
import { centsToEuros } from '@registra/domain';
import { JsonView } from '../platform/database/json-view';
import type { ViewConversion } from '../platform/database/json-view';
import { ORDER_DERIVED_COLUMNS, orders } from './orders.schema';
import type { OrderRow } from './orders.schema';

export type { OrderView };

/** Integer cents on the wire as euros, on both sides (the same doubles divided). */
const euros: ViewConversion = {
  sql: (cents) => `${cents}::float8 / 100`,
  js: centsToEuros,
};

/**
 * An order as the API shows it (docs/api/orders.md), for a single record and for a list's
 * page written by PostgreSQL (ADR 0090): amounts in euros, the origin as `from`.
 */
export const ORDER_VIEW = new JsonView(orders, {
  hidden: [...ORDER_DERIVED_COLUMNS, 'deletedAt'],
  renamed: {
    origin: 'from',
    totalAmountOrderCents: 'totalAmountOrder',
    amountDepositCents: 'amountDeposit',
    amountBalanceToPaidCents: 'amountBalanceToPaid',
    totalPaidCents: 'totalPaid',
  },
  converted: {
    totalAmountOrderCents: euros,
    amountDepositCents: euros,
    amountBalanceToPaidCents: euros,
    totalPaidCents: euros,
  },
});

export function toOrderView(row: OrderRow): OrderView {
  return ORDER_VIEW.toView(row) as unknown as OrderView;
}
