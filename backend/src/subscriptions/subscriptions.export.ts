import { formatDate } from '@registra/domain';
import type { CsvColumn } from '../platform/http/csv';
import type { SubscriptionView } from './subscription.view';

/** The /subscription list's columns. */
export const SUBSCRIPTION_CSV_COLUMNS: CsvColumn<SubscriptionView>[] = [
  { header: 'Organization', value: (s) => s.organizationName },
  { header: 'Product', value: (s) => s.productName },
  { header: 'Status', value: (s) => s.status },
  { header: 'Period (months)', value: (s) => s.plan },
  { header: 'Starting date', value: (s) => formatDate(s.startingDate) },
  { header: 'Next due date', value: (s) => formatDate(s.nextDueDate) },
  { header: 'Missing payments', value: (s) => s.missingPayments },
  { header: 'Linked orders', value: (s) => s.orderIds.length },
];
