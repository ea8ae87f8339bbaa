import { useState } from 'react';
import { MESSAGES, ORDERS_PAGE_SIZE, formatDate, orderPath } from '@registra/domain';
import { DataTable } from '../../../components/DataTable';
import { ORDER_COLUMNS, orderCard } from '../../../components/orderColumns';
import { SearchInput } from '../../../components/SearchInput';
import { useErrorToast } from '../../../components/useErrorToast';
import { useOrganizationOrdersQuery } from '../api';

/** The orders list's columns but the origin. */
const COLUMNS = ORDER_COLUMNS.filter((column) => column.sortField !== 'from');

/**
 * The organization's orders: searchable, 25 a page; a row opens the order in a new
 * window.
 */
export function OrganizationOrders({ organizationId }: { organizationId: string }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useOrganizationOrdersQuery({
    organizationId,
    ...(search ? { search } : {}),
    page,
    limit: ORDERS_PAGE_SIZE,
  });
  const { isError } = query;
  useErrorToast(isError, MESSAGES.ordersFetchFailed, 'organization-orders');
  const open = (id: string) => window.open(orderPath(id), '_blank', 'noopener');
  return (
    <section aria-labelledby="organization-orders" className="mt-4">
      <h2 id="organization-orders" className="h5">
        Orders
      </h2>
      <div className="mb-2" style={{ maxWidth: '24rem' }}>
        <SearchInput
          value={search}
          label="Search the organization's orders"
          placeholder="Search orders"
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
      </div>
      <DataTable
        label="The organization's orders"
        columns={COLUMNS}
        answer={query}
        list={{ state: { page }, setPage }}
        rowLink={{
          open: (order) => open(order._id),
          link: (order) => ({
            name: `Order ${order.product} ${formatDate(order.dateOrder)}`,
            to: orderPath(order._id),
            newWindow: true,
          }),
        }}
        empty="No orders"
        size="sm"
        className="text-nowrap"
        card={(order) => orderCard(order)}
      />
    </section>
  );
}
