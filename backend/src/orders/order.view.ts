import type { OrderView } from '@registra/domain';
import { centsToEuros } from '@registra/domain';
import type { OrderRow } from './orders.schema';

export type { OrderView };

const euros = (cents: number | null) => (cents === null ? null : centsToEuros(cents));

export function toOrderView(row: OrderRow): OrderView {
  return {
    _id: row.id,
    company: row.company,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    lastName: row.lastName,
    firstName: row.firstName,
    email: row.email,
    from: row.origin,
    productId: row.productId,
    product: row.product,
    totalAmountOrder: euros(row.totalAmountOrderCents),
    amountDeposit: euros(row.amountDepositCents),
    dateOrder: row.dateOrder,
    paymentTypeDeposit: row.paymentTypeDeposit,
    amountBalanceToPaid: euros(row.amountBalanceToPaidCents),
    dateOfBalance: row.dateOfBalance,
    paymentTypeBalance: row.paymentTypeBalance,
    toInvoice: row.toInvoice,
    totalPaid: centsToEuros(row.totalPaidCents),
    paidTotaly: row.paidTotaly,
    balancePaid: row.balancePaid,
    noVat: row.noVat,
    withVat: row.withVat,
    vatNumber: row.vatNumber,
    comment: row.comment,
    subscriptionId: row.subscriptionId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
