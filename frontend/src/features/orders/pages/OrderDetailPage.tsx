import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { DETAIL_TABS, MESSAGES, ROUTES, formatDate, orderPath } from '@registra/domain';
import type { DetailTab } from '@registra/domain';
import { errorText } from '../../../app/errors';
import { DeletedRecord, isDeletedRecordError } from '../../../components/DeletedRecord';
import { RecordHeader } from '../../../components/RecordHeader';
import { RawDataTab } from '../../../components/RawDataTab';
import { useGetOrderQuery, useSearchProductsQuery } from '../api';
import { OrderForm } from '../components/OrderForm';
import { useErrorToast } from '../../../components/useErrorToast';

const isDetailTab = (value: string | undefined): value is DetailTab =>
  (DETAIL_TABS as readonly string[]).includes(value ?? '');

/** /order/{id}/{INFORMATION|RAW_DATA} (spec 02 §2.8); Back returns to where it was opened from. */
export function OrderDetailPage() {
  const { id = '', tab } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const activeTab: DetailTab = isDetailTab(tab) ? tab : 'INFORMATION';
  const { data: order, isLoading, isError, error, refetch } = useGetOrderQuery(id);
  const products = useSearchProductsQuery({ fetchAll: true });
  useErrorToast(products.isError, MESSAGES.productFetchFailed, 'products-fetch');

  if (isLoading) {
    return (
      <div className="text-center py-5">
        <Spinner animation="border" role="status">
          <span className="visually-hidden">Loading...</span>
        </Spinner>
      </div>
    );
  }
  if (isError || !order) {
    if (isDeletedRecordError(error)) {
      return <DeletedRecord kind="order" listPath={ROUTES.orders} listLabel="Back to the orders" />;
    }
    if ((error as { status?: unknown } | undefined)?.status === 404) {
      return <Navigate to={ROUTES.orders} replace />;
    }
    return (
      <div className="py-5">
        <p className="text-danger">{errorText(error, MESSAGES.orderDetailsFetchFailed)}</p>
        <Button variant="outline-secondary" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const customer = order.company || `${order.firstName} ${order.lastName}`.trim() || 'Order';
  return (
    <>
      <RecordHeader
        title={
          <>
            {customer} · {order.product} · {formatDate(order.dateOrder)}
          </>
        }
        updatedAt={order.updatedAt}
        createdAt={order.createdAt}
        onBack={() => navigate(from ?? ROUTES.orders)}
      />
      <Tabs
        id="order-tabs"
        activeKey={activeTab}
        onSelect={(key) => {
          if (key && key !== activeTab)
            navigate(orderPath(id, key as DetailTab), { replace: true, state: location.state });
        }}
        className="mb-3"
      >
        <Tab eventKey="INFORMATION" title="Information">
          {products.data && (
            <OrderForm
              key={order.updatedAt}
              order={order}
              products={products.data.data}
              onReload={() => void refetch()}
            />
          )}
        </Tab>
        <Tab eventKey="RAW_DATA" title="Raw Data" mountOnEnter>
          <RawDataTab data={order} />
        </Tab>
      </Tabs>
    </>
  );
}
