import { useEffect } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import toast from 'react-hot-toast';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  DEFAULT_PAGE_SIZE,
  MESSAGES,
  SUBSCRIPTION_STATUSES,
  formatDate,
  organizationPath,
} from '@registra/domain';
import type { SubscriptionStatus } from '@registra/domain';
import { ExportCsvButton } from '../../../components/ExportCsvButton';
import { ListHeader } from '../../../components/ListHeader';
import { Pagination } from '../../../components/Pagination';
import { SearchInput } from '../../../components/SearchInput';
import { useSearchSubscriptionsQuery, useSubscriptionProductsQuery } from '../api';
import type { SubscriptionSortField } from '../api';

const SORTS: { value: SubscriptionSortField; label: string }[] = [
  { value: 'createdAt', label: 'Created' },
  { value: 'organizationName', label: 'Organization' },
  { value: 'productName', label: 'Product' },
  { value: 'status', label: 'Status' },
  { value: 'startingDate', label: 'Starting date' },
];

export const STATUS_BADGE: Record<SubscriptionStatus, string> = {
  CURRENT: 'success',
  UNPAID: 'danger',
  CANCELLED: 'secondary',
};

/** /subscription (spec 02 §2.6): every subscription, filtered; a row opens its organization's services. */
export function SubscriptionListPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = {
    organization_name: params.get('organization_name') ?? '',
    product_name: params.get('product_name') ?? '',
    status: (params.get('status') ?? '') as SubscriptionStatus | '',
    sortField: (params.get('sortField') ?? 'createdAt') as SubscriptionSortField,
    sortOrder: (params.get('sortOrder') === 'asc' ? 'asc' : 'desc') as 'asc' | 'desc',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const update = (changes: Partial<typeof filters>) => {
    const next = { ...filters, page: 1, ...changes };
    const out = new URLSearchParams();
    for (const [key, value] of Object.entries(next)) {
      if (value !== '' && !(key === 'page' && value === 1)) out.set(key, String(value));
    }
    setParams(out, { replace: true });
  };
  const body = {
    ...(filters.organization_name ? { organization_name: filters.organization_name } : {}),
    ...(filters.product_name ? { product_name: filters.product_name } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    sortField: filters.sortField,
    sortOrder: filters.sortOrder,
  };
  const { data, isError, isFetching } = useSearchSubscriptionsQuery({
    ...body,
    page: filters.page,
    limit: DEFAULT_PAGE_SIZE,
  });
  const products = useSubscriptionProductsQuery({ subscription: true });
  useEffect(() => {
    if (isError) toast.error(MESSAGES.subscriptionsFetchError, { id: 'subscriptions-fetch' });
  }, [isError]);
  useEffect(() => {
    if (products.isError) toast.error(MESSAGES.productsFetchFailed, { id: 'products-fetch' });
  }, [products.isError]);
  const rows = data?.data ?? [];

  return (
    <>
      <ListHeader title="Subscriptions" total={data?.totalItems}>
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
        <Col xs={6} md={3}>
          <Form.Select
            aria-label="Product"
            value={filters.product_name}
            onChange={(event) => update({ product_name: event.target.value })}
          >
            <option value="">All products</option>
            {(products.data?.data ?? []).map((product) => (
              <option key={product._id} value={product.name}>
                {product.name}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={6} md={2}>
          <Form.Select
            aria-label="Status"
            value={filters.status}
            onChange={(event) => update({ status: event.target.value as SubscriptionStatus | '' })}
          >
            <option value="">All statuses</option>
            {SUBSCRIPTION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={6} md={2}>
          <Form.Select
            aria-label="Sort by"
            value={filters.sortField}
            onChange={(event) => update({ sortField: event.target.value as SubscriptionSortField })}
          >
            {SORTS.map((sort) => (
              <option key={sort.value} value={sort.value}>
                {sort.label}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={6} md={2}>
          <Form.Select
            aria-label="Sort order"
            value={filters.sortOrder}
            onChange={(event) => update({ sortOrder: event.target.value as 'asc' | 'desc' })}
          >
            <option value="desc">Descending</option>
            <option value="asc">Ascending</option>
          </Form.Select>
        </Col>
      </Row>
      <Table hover responsive className={`align-middle ${isFetching ? 'opacity-50' : ''}`}>
        <thead>
          <tr>
            <th scope="col">Organization</th>
            <th scope="col">Product</th>
            <th scope="col">Status</th>
            <th scope="col">Period</th>
            <th scope="col">Starting date</th>
            <th scope="col">Next due date</th>
            <th scope="col">Missing payments</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((subscription) => {
            const open = () =>
              navigate(organizationPath(subscription.organizationId, 'SERVICE_TAB'));
            return (
              <tr
                key={subscription._id}
                role="link"
                tabIndex={0}
                style={{ cursor: 'pointer' }}
                aria-label={`${subscription.organizationName} ${subscription.productName}`}
                onClick={open}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') open();
                }}
              >
                <td>{subscription.organizationName}</td>
                <td>{subscription.productName}</td>
                <td>
                  <Badge bg={STATUS_BADGE[subscription.status]}>{subscription.status}</Badge>
                </td>
                <td>{subscription.plan} months</td>
                <td>{formatDate(subscription.startingDate)}</td>
                <td
                  className={
                    subscription.missingPayments > 0 ? 'text-danger fw-semibold' : undefined
                  }
                >
                  {formatDate(subscription.nextDueDate)}
                </td>
                <td
                  className={
                    subscription.missingPayments > 0 ? 'text-danger fw-semibold' : undefined
                  }
                >
                  {subscription.missingPayments}
                </td>
              </tr>
            );
          })}
          {!isFetching && data && rows.length === 0 && (
            <tr>
              <td colSpan={7} className="text-center text-muted py-4">
                No subscriptions found
              </td>
            </tr>
          )}
        </tbody>
      </Table>
      <Pagination
        page={filters.page}
        totalPages={data?.totalPages ?? 0}
        onChange={(page) => update({ page })}
      />
      <Button
        variant="link"
        className="px-0"
        onClick={() => setParams(new URLSearchParams(), { replace: true })}
      >
        Reset filters
      </Button>
    </>
  );
}
