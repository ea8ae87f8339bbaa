import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import {
  MESSAGES,
  ORDER_ORIGIN_FILTERS,
  ORDER_ORIGIN_FILTER_LABELS,
  STORAGE_KEYS,
  formatDate,
} from '@registra/domain';
import { errorText } from '../../../lib/errors';
import { DataTable } from '../../../components/DataTable';
import type { DataTableLook } from '../../../components/DataTable';
import { ORDER_COLUMNS, orderCard, orderer } from '../../../components/orderColumns';
import { FilterSelect, choicesOf } from '../../../components/FilterFields';
import { ExportCsvButton } from '../../../components/ExportCsvButton';
import { ListHeader } from '../../../components/ListHeader';
import { ResetFilters } from '../../../components/ResetFilters';
import { SearchInput } from '../../../components/SearchInput';
import { useErrorToast } from '../../../components/useErrorToast';
import { defaultsOf, useListState } from '../../../components/useListState';
import { useSearchOrdersQuery, useSearchProductsQuery } from '../api';
import type { OrderView } from '../api';
import { AddOrderModal } from '../components/AddOrderModal';
import { ManageProductsModal } from '../components/ManageProductsModal';
import { OrganizationFilter } from '../components/OrganizationFilter';
import { ORDERS_LIST_STATE, toOrderSearch } from '../listFilters';

const ORIGIN_CHOICES = [
  { value: '', label: 'All origins' },
  ...choicesOf(ORDER_ORIGIN_FILTERS, ORDER_ORIGIN_FILTER_LABELS),
];

const ORDERS_TABLE: DataTableLook<OrderView, keyof OrderView & string> = {
  label: 'Orders',
  columns: ORDER_COLUMNS,
  card: orderCard,
  rowOpens: 'link',
  rowName: (order) => `Order ${orderer(order)} ${formatDate(order.dateOrder)}`,
  empty: 'No orders found',
  size: 'sm',
  className: 'text-nowrap',
};

/**
 * /order (docs/product/orders-and-subscriptions.md): the orders, their filters kept under
 * ordersFilters.
 */
export function OrderListPage() {
  const list = useListState(ORDERS_LIST_STATE, {
    in: 'storage',
    key: STORAGE_KEYS.ordersFilters,
  });
  const filters = list.state;
  const update = list.update;
  const [showProducts, setShowProducts] = useState(false);
  const [showAdd, setShowAdd] = useState(false);

  const query = useSearchOrdersQuery(toOrderSearch(filters));
  const { data, isFetching, isError, error } = query;
  const products = useSearchProductsQuery({ fetchAll: true });
  useErrorToast(isError, errorText(error, MESSAGES.ordersFetchErrorOccurred), 'orders-fetch');
  useErrorToast(products.isError, MESSAGES.productsFetchFailed, 'products-fetch');

  const search = toOrderSearch(filters);

  return (
    <>
      <ListHeader title="Orders" total={data}>
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
          <FilterSelect
            label="Origin"
            value={filters.from}
            choices={ORIGIN_CHOICES}
            onChange={(from) => update({ from })}
          />
        </Col>
        <Col xs={6} md={2}>
          <FilterSelect
            label="Product"
            value={filters.product}
            choices={[
              { value: '', label: 'All products' },
              ...(products.data?.data ?? []).map(({ _id, name }) => ({ value: _id, label: name })),
            ]}
            onChange={(product) => update({ product })}
          />
        </Col>
        <Col xs="auto" className="d-flex align-items-center gap-2">
          <ResetFilters
            onReset={() => list.replace(defaultsOf(ORDERS_LIST_STATE))}
            busy={isFetching}
          />
        </Col>
      </Row>
      <DataTable {...ORDERS_TABLE} answer={query} list={list} />
      <ManageProductsModal show={showProducts} onHide={() => setShowProducts(false)} />
      <AddOrderModal
        show={showAdd}
        products={products.data?.data ?? []}
        onHide={() => setShowAdd(false)}
      />
    </>
  );
}
