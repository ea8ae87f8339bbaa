import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazyPage';

const ActivityPage = lazyPage(() => import('./pages/ActivityPage'), 'ActivityPage');

/** /activity: the admins' change log. */
export const auditRoutes: RouteObject[] = [{ path: 'activity', element: <ActivityPage /> }];
