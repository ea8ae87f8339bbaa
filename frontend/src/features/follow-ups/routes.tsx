import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazyPage';

const FollowUpListPage = lazyPage(() => import('./pages/FollowUpListPage'), 'FollowUpListPage');

/** The follow-up list, mounted inside the signed-in area (/followUp). */
export const followUpRoutes: RouteObject[] = [
  { path: 'followUp/*', element: <FollowUpListPage /> },
];
