import { useEffect, useState } from 'react';
import Table from 'react-bootstrap/Table';
import toast from 'react-hot-toast';
import {
  MESSAGES,
  ORDERS_PAGE_SIZE,
  checkedLabel,
  formatEuros,
  formatDate,
  orderPath,
} from '@registra/domain';
import { Pagination } from '../../../components/Pagination';
import { SearchInput } from '../../../components/SearchInput';
import { useOrganizationOrdersQuery } from '../api';

/**
 * The organization's orders (spec 01 §2): searchable, 25 a page; a row opens the order in a new
 * window.
 */
export function OrganizationOrders({ organizationId }: { organizationId: string }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const { data, isError } = useOrganizationOrdersQuery({
    organizationId,
    ...(search ? { search } : {}),
    page,
    limit: ORDERS_PAGE_SIZE,
  });
  useEffect(() => {
    if (isError) toast.error(MESSAGES.ordersFetchFailed, { id: 'organization-orders' });
  }, [isError]);
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
      <Table hover responsive size="sm" className="text-nowrap">
        <thead>
          <tr>
            <th scope="col">Company</th>
            <th scope="col">Organization</th>
            <th scope="col">Last name</th>
            <th scope="col">First name</th>
            <th scope="col">Email</th>
            <th scope="col">Product</th>
            <th scope="col">Total amount</th>
            <th scope="col">Deposit</th>
            <th scope="col">Order date</th>
            <th scope="col">Deposit payment</th>
            <th scope="col">Balance to pay</th>
            <th scope="col">Balance date</th>
            <th scope="col">Balance payment</th>
            <th scope="col">Paid totally</th>
            <th scope="col">Balance paid</th>
            <th scope="col">Total paid</th>
            <th scope="col">With VAT</th>
            <th scope="col">VAT number</th>
          </tr>
        </thead>
        <tbody>
          {(data?.data ?? []).map((order) => (
            <tr
              key={order._id}
              role="link"
              tabIndex={0}
              style={{ cursor: 'pointer' }}
              aria-label={`Order ${order.product} ${formatDate(order.dateOrder)}`}
              onClick={() => open(order._id)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') open(order._id);
              }}
            >
              <td>{order.company}</td>
              <td>{order.organizationName}</td>
              <td>{order.lastName}</td>
              <td>{order.firstName}</td>
              <td>{order.email}</td>
              <td>{order.product}</td>
              <td>{formatEuros(order.totalAmountOrder)}</td>
              <td>{formatEuros(order.amountDeposit)}</td>
              <td>{formatDate(order.dateOrder)}</td>
              <td>{order.paymentTypeDeposit}</td>
              <td>{formatEuros(order.amountBalanceToPaid)}</td>
              <td>{formatDate(order.dateOfBalance)}</td>
              <td>{order.paymentTypeBalance}</td>
              <td>{checkedLabel(order.paidTotaly)}</td>
              <td>{checkedLabel(order.balancePaid)}</td>
              <td>{formatEuros(order.totalPaid)}</td>
              <td>{checkedLabel(order.withVat)}</td>
              <td>{order.vatNumber}</td>
            </tr>
          ))}
          {data && data.data.length === 0 && (
            <tr>
              <td colSpan={18} className="text-center text-muted py-3">
                No orders
              </td>
            </tr>
          )}
        </tbody>
      </Table>
      <Pagination page={page} totalPages={data?.totalPages ?? 0} onChange={setPage} />
    </section>
  );
}
