import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazyPage';

const HomePage = lazyPage(() => import('./pages/HomePage'), 'HomePage');

/** The home page, the signed-in area's index (docs/product/calendar-and-overview.md). */
export const dashboardRoutes: RouteObject[] = [{ index: true, element: <HomePage /> }];
