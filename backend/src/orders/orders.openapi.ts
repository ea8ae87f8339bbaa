// Record shapes of orders in the OpenAPI document (libs/domain/src/contract/orders.ts).
import { ORDER_ORIGINS } from '@registra/domain';
import { api } from '../platform/http/openapi';

/** Euros, at most 2 decimals. */
const euros = api.nullable({ type: 'number', multipleOf: 0.01 });

export const ORDER_VIEW = api.record('OrderView', {
  _id: api.id,
  company: api.string,
  organizationId: api.nullableId,
  organizationName: api.nullableString,
  lastName: api.string,
  firstName: api.string,
  email: api.string,
  from: api.nullable(api.enum(ORDER_ORIGINS)),
  productId: api.nullableId,
  product: api.string,
  totalAmountOrder: euros,
  amountDeposit: euros,
  dateOrder: api.nullableDate,
  paymentTypeDeposit: api.string,
  amountBalanceToPaid: euros,
  dateOfBalance: api.nullableDate,
  paymentTypeBalance: api.string,
  toInvoice: api.boolean,
  totalPaid: api.number,
  paidTotaly: api.boolean,
  balancePaid: api.boolean,
  noVat: api.boolean,
  withVat: api.boolean,
  vatNumber: api.string,
  comment: api.string,
  subscriptionId: api.nullableId,
  createdAt: api.timestamp,
  updatedAt: api.timestamp,
});
