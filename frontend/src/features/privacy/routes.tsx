import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazyPage';

const RetentionReviewPage = lazyPage(
  () => import('./pages/RetentionReviewPage'),
  'RetentionReviewPage',
);

/** /retention, mounted inside the signed-in area: administrators review what may be erased. */
export const privacyRoutes: RouteObject[] = [
  { path: 'retention', element: <RetentionReviewPage /> },
];
