import { checkedLabel, formatDate } from '@registra/domain';
import type { CsvColumn } from '../platform/http/csv';
import type { OrderView } from './order.view';

const amount = (value: number | null) => (value === null ? '' : value.toFixed(2));

/** The order list's 19 columns, as the list shows them (euros with 2 decimals, Checked/No). */
export const ORDER_CSV_COLUMNS: CsvColumn<OrderView>[] = [
  { header: 'Company', value: (order) => order.company },
  { header: 'Organization', value: (order) => order.organizationName ?? 'N/A' },
  { header: 'Last name', value: (order) => order.lastName },
  { header: 'First name', value: (order) => order.firstName },
  { header: 'Email', value: (order) => order.email },
  { header: 'From', value: (order) => order.from ?? 'N/A' },
  { header: 'Product', value: (order) => order.product },
  { header: 'Total amount (EUR)', value: (order) => amount(order.totalAmountOrder) },
  { header: 'Deposit (EUR)', value: (order) => amount(order.amountDeposit) },
  { header: 'Order date', value: (order) => formatDate(order.dateOrder) },
  { header: 'Deposit payment type', value: (order) => order.paymentTypeDeposit },
  { header: 'Balance to pay (EUR)', value: (order) => amount(order.amountBalanceToPaid) },
  { header: 'Balance date', value: (order) => formatDate(order.dateOfBalance) },
  { header: 'Balance payment type', value: (order) => order.paymentTypeBalance },
  { header: 'Paid totally', value: (order) => checkedLabel(order.paidTotaly) },
  { header: 'Balance paid', value: (order) => checkedLabel(order.balancePaid) },
  { header: 'Total paid (EUR)', value: (order) => amount(order.totalPaid) },
  { header: 'With VAT', value: (order) => checkedLabel(order.withVat) },
  { header: 'VAT number', value: (order) => order.vatNumber },
];
