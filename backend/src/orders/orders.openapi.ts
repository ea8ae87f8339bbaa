// Record shapes of orders in the OpenAPI document (libs/domain/src/contract/orders.ts).
import { ORDER_ORIGINS } from '@registra/domain';
import {
  apiBoolean,
  apiEnum,
  apiId,
  apiNullable,
  apiNullableDate,
  apiNullableId,
  apiNullableString,
  apiNumber,
  apiObject,
  apiSchema,
  apiString,
  apiTimestamp,
} from '../platform/http/openapi';

/** Euros, at most 2 decimals. */
const euros = apiNullable({ type: 'number', multipleOf: 0.01 });

export const ORDER_VIEW = apiSchema(
  'OrderView',
  apiObject({
    _id: apiId,
    company: apiString,
    organizationId: apiNullableId,
    organizationName: apiNullableString,
    lastName: apiString,
    firstName: apiString,
    email: apiString,
    from: apiNullable(apiEnum(ORDER_ORIGINS)),
    productId: apiNullableId,
    product: apiString,
    totalAmountOrder: euros,
    amountDeposit: euros,
    dateOrder: apiNullableDate,
    paymentTypeDeposit: apiString,
    amountBalanceToPaid: euros,
    dateOfBalance: apiNullableDate,
    paymentTypeBalance: apiString,
    toInvoice: apiBoolean,
    totalPaid: apiNumber,
    paidTotaly: apiBoolean,
    balancePaid: apiBoolean,
    noVat: apiBoolean,
    withVat: apiBoolean,
    vatNumber: apiString,
    comment: apiString,
    subscriptionId: apiNullableId,
    createdAt: apiTimestamp,
    updatedAt: apiTimestamp,
  }),
);
