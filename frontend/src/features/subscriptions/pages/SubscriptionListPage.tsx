import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import {
  DEFAULT_PAGE_SIZE,
  MESSAGES,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_STATUS_LABELS,
  inWords,
  formatDate,
  organizationPath,
} from '@registra/domain';
import type { SubscriptionStatus } from '@registra/domain';
import { DataTable } from '../../../components/DataTable';
import type { DataColumn, DataTableLook } from '../../../components/DataTable';
import type { RecordCardView } from '../../../components/RecordCards';
import { FilterSelect, choicesOf } from '../../../components/FilterFields';
import type { FilterChoice } from '../../../components/FilterFields';
import { ExportCsvButton } from '../../../components/ExportCsvButton';
import { ListHeader } from '../../../components/ListHeader';
import { SearchInput } from '../../../components/SearchInput';
import { useErrorToast } from '../../../components/useErrorToast';
import {
  choiceField,
  defaultsOf,
  orderField,
  pageField,
  textField,
  useListState,
} from '../../../components/useListState';
import { useSearchSubscriptionsQuery, useSubscriptionProductsQuery } from '../api';
import type { SubscriptionSortField, SubscriptionView } from '../api';

const SORTS: { value: SubscriptionSortField; label: string }[] = [
  { value: 'createdAt', label: 'Created' },
  { value: 'organizationName', label: 'Organization' },
  { value: 'productName', label: 'Product' },
  { value: 'status', label: 'Status' },
  { value: 'startingDate', label: 'Starting date' },
  { value: 'plan', label: 'Period' },
];

const STATUS_CHOICES = [
  { value: '', label: 'All statuses' },
  ...choicesOf(SUBSCRIPTION_STATUSES, SUBSCRIPTION_STATUS_LABELS),
];
const ORDER_CHOICES = [
  { value: 'desc', label: 'Descending' },
  { value: 'asc', label: 'Ascending' },
];

export const STATUS_BADGE: Record<SubscriptionStatus, string> = {
  CURRENT: 'success',
  UNPAID: 'danger',
  CANCELLED: 'secondary',
};

const SORT_FIELDS = SORTS.map((sort) => sort.value);

/** The list's filters, sort and page live in the address, so Back returns to the same page. */
const LIST_STATE = {
  organization_name: textField(),
  product_name: textField(),
  status: choiceField<SubscriptionStatus | ''>(['', ...SUBSCRIPTION_STATUSES], ''),
  sortField: choiceField(SORT_FIELDS, 'createdAt'),
  sortOrder: orderField('desc'),
  page: pageField,
};

/** Late: a payment is missing, the due date and the count are shown in red. */
const lateClass = (subscription: SubscriptionView) =>
  subscription.missingPayments > 0 ? 'text-danger fw-semibold' : undefined;

const COLUMNS: DataColumn<SubscriptionView, SubscriptionSortField>[] = [
  {
    label: 'Organization',
    sortField: 'organizationName',
    cell: (subscription) => subscription.organizationName,
  },
  { label: 'Product', sortField: 'productName', cell: (subscription) => subscription.productName },
  {
    label: 'Status',
    sortField: 'status',
    cell: (subscription) => (
      <Badge bg={STATUS_BADGE[subscription.status]}>
        {inWords(SUBSCRIPTION_STATUS_LABELS, subscription.status)}
      </Badge>
    ),
  },
  { label: 'Period', sortField: 'plan', cell: (subscription) => `${subscription.plan} months` },
  {
    label: 'Starting date',
    sortField: 'startingDate',
    cell: (subscription) => formatDate(subscription.startingDate),
  },
  {
    label: 'Next due date',
    cell: (subscription) => (
      <span className={lateClass(subscription)}>{formatDate(subscription.nextDueDate)}</span>
    ),
  },
  {
    label: 'Missing payments',
    cell: (subscription) => (
      <span className={lateClass(subscription)}>{subscription.missingPayments}</span>
    ),
  },
];

/** A subscription on a phone: the organization, product and period, the next due date, status. */
const subscriptionCard = (subscription: SubscriptionView): RecordCardView => ({
  id: subscription._id,
  title: subscription.organizationName,
  href: organizationPath(subscription.organizationId, 'SERVICE_TAB_BETA'),
  detail: `${subscription.productName} · ${subscription.plan} months${subscription.missingPayments > 0 ? ` · ${subscription.missingPayments} missing payments` : ''}`,
  date: { label: 'Next due date', value: subscription.nextDueDate },
  status: {
    text: inWords(SUBSCRIPTION_STATUS_LABELS, subscription.status),
    variant: STATUS_BADGE[subscription.status],
  },
});

const SUBSCRIPTIONS_TABLE: DataTableLook<SubscriptionView, SubscriptionSortField> = {
  label: 'Subscriptions',
  columns: COLUMNS,
  card: subscriptionCard,
  rowOpens: 'link',
  rowName: (subscription) => `${subscription.organizationName} ${subscription.productName}`,
  empty: 'No subscriptions found',
};

/**
 * /subscription (docs/product/orders-and-subscriptions.md): every subscription, filtered; a row
 * opens its organization's subscriptions (SERVICE_TAB_BETA).
 */
export function SubscriptionListPage() {
  const list = useListState(LIST_STATE, { in: 'address' });
  const filters = list.state;
  const update = list.update;
  const body = {
    ...(filters.organization_name ? { organization_name: filters.organization_name } : {}),
    ...(filters.product_name ? { product_name: filters.product_name } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    sortField: filters.sortField,
    sortOrder: filters.sortOrder,
  };
  const query = useSearchSubscriptionsQuery({
    ...body,
    page: filters.page,
    limit: DEFAULT_PAGE_SIZE,
  });
  const { data, isError } = query;
  const products = useSubscriptionProductsQuery({ subscription: true });
  useErrorToast(isError, MESSAGES.subscriptionsFetchError, 'subscriptions-fetch');
  useErrorToast(products.isError, MESSAGES.productsFetchFailed, 'products-fetch');

  /** The toolbar's selects: the two filters, then the sort. */
  const selects: {
    key: 'product_name' | 'status' | 'sortField' | 'sortOrder';
    label: string;
    choices: FilterChoice[];
    md: number;
  }[] = [
    {
      key: 'product_name',
      label: 'Product',
      choices: [
        { value: '', label: 'All products' },
        ...(products.data?.data ?? []).map(({ name }) => ({ value: name, label: name })),
      ],
      md: 3,
    },
    { key: 'status', label: 'Status', choices: STATUS_CHOICES, md: 2 },
    { key: 'sortField', label: 'Sort by', choices: SORTS, md: 2 },
    { key: 'sortOrder', label: 'Sort order', choices: ORDER_CHOICES, md: 2 },
  ];

  return (
    <>
      <ListHeader title="Subscriptions" total={data}>
        <ExportCsvButton path="/subscription/export" filters={body} />
      </ListHeader>
      <Row className="g-2 align-items-end mb-3">
        <Col xs={12} md={3}>
          <SearchInput
            value={filters.organization_name}
            label="Organization name"
            placeholder="Organization name"
            onChange={(organization_name) => update({ organization_name })}
          />
        </Col>
        {selects.map(({ key, label, choices, md }) => (
          <Col xs={6} md={md} key={key}>
            <FilterSelect
              label={label}
              value={filters[key]}
              choices={choices}
              onChange={(value) => update({ [key]: value })}
            />
          </Col>
        ))}
      </Row>
      <DataTable {...SUBSCRIPTIONS_TABLE} answer={query} list={list} />
      <Button variant="link" className="px-0" onClick={() => list.replace(defaultsOf(LIST_STATE))}>
        Reset filters
      </Button>
    </>
  );
}
