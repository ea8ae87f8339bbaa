import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazyPage';

const HomePage = lazyPage(() => import('./pages/HomePage'), 'HomePage');

/** The home page, the signed-in area's index (spec 01 §2 Dashboard). */
export const dashboardRoutes: RouteObject[] = [{ index: true, element: <HomePage /> }];
