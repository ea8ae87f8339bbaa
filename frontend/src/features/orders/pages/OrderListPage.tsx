import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import toast from 'react-hot-toast';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  MESSAGES,
  NOT_AVAILABLE,
  ORDER_ORIGINS,
  checkedLabel,
  formatDate,
  formatEuros,
  nextSort,
  orderPath,
} from '@registra/domain';
import { errorText } from '../../../app/errors';
import { ExportCsvButton } from '../../../components/ExportCsvButton';
import { ListHeader } from '../../../components/ListHeader';
import { Pagination } from '../../../components/Pagination';
import { SearchInput } from '../../../components/SearchInput';
import { SortableHeader } from '../../../components/SortableHeader';
import { useSearchOrdersQuery, useSearchProductsQuery } from '../api';
import type { OrderSortField, OrderView } from '../api';
import { AddOrderModal } from '../components/AddOrderModal';
import { ManageProductsModal } from '../components/ManageProductsModal';
import { OrganizationFilter } from '../components/OrganizationFilter';
import {
  DEFAULT_ORDERS_FILTERS,
  readOrdersFilters,
  toOrderSearch,
  writeOrdersFilters,
} from '../listFilters';
import type { OrdersFilters } from '../listFilters';

/** The 19 columns of spec 02 §2.8, each sortable. */
const COLUMNS: { field: OrderSortField; label: string; cell: (order: OrderView) => string }[] = [
  { field: 'company', label: 'Company', cell: (o) => o.company },
  {
    field: 'organizationName',
    label: 'Organization',
    cell: (o) => o.organizationName ?? NOT_AVAILABLE,
  },
  { field: 'lastName', label: 'Last name', cell: (o) => o.lastName },
  { field: 'firstName', label: 'First name', cell: (o) => o.firstName },
  { field: 'email', label: 'Email', cell: (o) => o.email },
  { field: 'from', label: 'From', cell: (o) => o.from ?? NOT_AVAILABLE },
  { field: 'product', label: 'Product', cell: (o) => o.product },
  {
    field: 'totalAmountOrder',
    label: 'Total amount',
    cell: (o) => formatEuros(o.totalAmountOrder),
  },
  { field: 'amountDeposit', label: 'Deposit', cell: (o) => formatEuros(o.amountDeposit) },
  { field: 'dateOrder', label: 'Order date', cell: (o) => formatDate(o.dateOrder) },
  { field: 'paymentTypeDeposit', label: 'Deposit payment', cell: (o) => o.paymentTypeDeposit },
  {
    field: 'amountBalanceToPaid',
    label: 'Balance to pay',
    cell: (o) => formatEuros(o.amountBalanceToPaid),
  },
  { field: 'dateOfBalance', label: 'Balance date', cell: (o) => formatDate(o.dateOfBalance) },
  { field: 'paymentTypeBalance', label: 'Balance payment', cell: (o) => o.paymentTypeBalance },
  { field: 'paidTotaly', label: 'Paid totally', cell: (o) => checkedLabel(o.paidTotaly) },
  { field: 'balancePaid', label: 'Balance paid', cell: (o) => checkedLabel(o.balancePaid) },
  { field: 'totalPaid', label: 'Total paid', cell: (o) => formatEuros(o.totalPaid) },
  { field: 'withVat', label: 'With VAT', cell: (o) => checkedLabel(o.withVat) },
  { field: 'vatNumber', label: 'VAT number', cell: (o) => o.vatNumber },
];

/** /order (spec 02 §2.8): the orders, their filters kept under ordersFilters. */
export function OrderListPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [filters, setFilters] = useState<OrdersFilters>(() => readOrdersFilters());
  const [showProducts, setShowProducts] = useState(false);
  const [showAdd, setShowAdd] = useState(false);
  useEffect(() => writeOrdersFilters(filters), [filters]);
  const update = (changes: Partial<OrdersFilters>) =>
    setFilters((current) => ({ ...current, ...changes, page: changes.page ?? 1 }));

  const { data, isFetching, isError, error } = useSearchOrdersQuery(toOrderSearch(filters));
  const products = useSearchProductsQuery({ fetchAll: true });
  useEffect(() => {
    if (isError)
      toast.error(errorText(error, MESSAGES.ordersFetchErrorOccurred), { id: 'orders-fetch' });
  }, [isError, error]);
  useEffect(() => {
    if (products.isError) toast.error(MESSAGES.productsFetchFailed, { id: 'products-fetch' });
  }, [products.isError]);

  const orders = data?.data ?? [];
  const sortBy = (field: OrderSortField) => {
    const next = nextSort({ sortField: filters.sortField, sortOrder: filters.sortOrder }, field);
    update({ sortField: field, sortOrder: next.sortOrder ?? 'asc' });
  };
  const open = (id: string) => navigate(orderPath(id), { state: { from: location.pathname } });
  const search = toOrderSearch(filters);

  return (
    <>
      <ListHeader title="Orders" total={data?.totalItems}>
        <ExportCsvButton
          path="/order/export"
          filters={{ ...search, page: undefined, limit: undefined }}
        />
        <Button variant="outline-secondary" onClick={() => setShowProducts(true)}>
          Manage products
        </Button>
        <Button onClick={() => setShowAdd(true)}>Add a new order</Button>
      </ListHeader>
      <Row className="g-2 align-items-end mb-3">
        <Col xs={12} md={3}>
          <SearchInput
            value={filters.search}
            label="Search orders"
            placeholder="Company, name, e-mail or product"
            onChange={(value) => update({ search: value })}
          />
        </Col>
        <Col xs={12} md={3}>
          <OrganizationFilter
            value={filters.organizationId}
            valueLabel={filters.organizationName}
            onChange={(organizationId, organizationName) =>
              update({ organizationId, organizationName })
            }
          />
        </Col>
        <Col xs={6} md={2}>
          <Form.Select
            aria-label="Origin"
            value={filters.from}
            onChange={(event) => update({ from: event.target.value })}
          >
            <option value="">All origins</option>
            {[...ORDER_ORIGINS, NOT_AVAILABLE].map((origin) => (
              <option key={origin} value={origin}>
                {origin}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={6} md={2}>
          <Form.Select
            aria-label="Product"
            value={filters.product}
            onChange={(event) => update({ product: event.target.value })}
          >
            <option value="">All products</option>
            {(products.data?.data ?? []).map((product) => (
              <option key={product._id} value={product._id}>
                {product.name}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs="auto" className="d-flex align-items-center gap-2">
          <Button variant="link" onClick={() => setFilters(DEFAULT_ORDERS_FILTERS)}>
            Reset filters
          </Button>
          {isFetching && (
            <Spinner animation="border" size="sm" role="status">
              <span className="visually-hidden">Loading...</span>
            </Spinner>
          )}
        </Col>
      </Row>
      <Table hover responsive size="sm" className="align-middle text-nowrap">
        <thead>
          <tr>
            {COLUMNS.map(({ field, label }) => (
              <SortableHeader
                key={field}
                field={field}
                label={label}
                sortField={filters.sortField}
                sortOrder={filters.sortOrder}
                onSort={sortBy}
              />
            ))}
          </tr>
        </thead>
        <tbody className={isFetching ? 'opacity-50' : undefined}>
          {orders.map((order) => (
            <tr
              key={order._id}
              role="link"
              tabIndex={0}
              style={{ cursor: 'pointer' }}
              aria-label={`Order ${order.company || `${order.firstName} ${order.lastName}`.trim()} ${formatDate(order.dateOrder)}`}
              onClick={() => open(order._id)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') open(order._id);
              }}
            >
              {COLUMNS.map(({ field, cell }) => (
                <td key={field}>{cell(order)}</td>
              ))}
            </tr>
          ))}
          {!isFetching && data && orders.length === 0 && (
            <tr>
              <td colSpan={COLUMNS.length} className="text-center text-muted py-4">
                No orders found
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
      <ManageProductsModal show={showProducts} onHide={() => setShowProducts(false)} />
      <AddOrderModal
        show={showAdd}
        products={products.data?.data ?? []}
        onHide={() => setShowAdd(false)}
      />
    </>
  );
}
