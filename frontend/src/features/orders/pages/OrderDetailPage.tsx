import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { DETAIL_TABS, MESSAGES, ROUTES, formatDate, orderPath } from '@registra/domain';
import type { DetailTab } from '@registra/domain';
import { errorText } from '../../../lib/errors';
import { RecordHeader } from '../../../components/RecordHeader';
import { RecordLoading, RecordNotLoaded } from '../../../components/RecordLoading';
import { RawDataTab } from '../../../components/RawDataTab';
import { useGetOrderQuery, useSearchProductsQuery } from '../api';
import { OrderForm } from '../components/OrderForm';
import { useErrorToast } from '../../../components/useErrorToast';

const isDetailTab = (value: string | undefined): value is DetailTab =>
  (DETAIL_TABS as readonly string[]).includes(value ?? '');

/** /order/{id}/{INFORMATION|RAW_DATA}; Back returns to where it was opened from. */
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
    return <RecordLoading />;
  }
  if (isError || !order) {
    return (
      <RecordNotLoaded
        error={error}
        listPath={ROUTES.orders}
        deleted={{ kind: 'order', listLabel: 'Back to the orders' }}
        message={errorText(error, MESSAGES.orderDetailsFetchFailed)}
        retry={() => void refetch()}
      />
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
        // A phone scrolls the row of tabs sideways (app.css).
        data-scroll-frame=""
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
