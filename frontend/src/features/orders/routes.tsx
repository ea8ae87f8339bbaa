import type { RouteObject } from 'react-router-dom';
import { lazyPage, prefetchRecord } from '../../lib/lazyPage';

const OrderListPage = lazyPage(() => import('./pages/OrderListPage'), 'OrderListPage');
const OrderDetailPage = lazyPage(() => import('./pages/OrderDetailPage'), 'OrderDetailPage');

/** /order and /order/{id}/{tab?}, inside the signed-in area. */
export const orderRoutes: RouteObject[] = [
  { path: 'order', element: <OrderListPage /> },
  {
    path: 'order/:id/:tab?',
    element: <OrderDetailPage />,
    handle: prefetchRecord((id, dispatch) =>
      import('./api').then(({ ordersApi }) =>
        dispatch(ordersApi.util.prefetch('getOrder', id, {})),
      ),
    ),
  },
];
