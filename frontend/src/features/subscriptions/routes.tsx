import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazyPage';

const SubscriptionListPage = lazyPage(
  () => import('./pages/SubscriptionListPage'),
  'SubscriptionListPage',
);

/** /subscription, inside the signed-in area. */
export const subscriptionRoutes: RouteObject[] = [
  { path: 'subscription', element: <SubscriptionListPage /> },
];
