import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazyPage';

const FollowUpListPage = lazyPage(() => import('./pages/FollowUpListPage'), 'FollowUpListPage');

/** The follow-up list, mounted inside the signed-in area (spec 02 §2.1: /followUp). */
export const followUpRoutes: RouteObject[] = [
  { path: 'followUp/*', element: <FollowUpListPage /> },
];
