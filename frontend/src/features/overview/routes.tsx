import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazyPage';

const OverviewPage = lazyPage(() => import('./pages/OverviewPage'), 'OverviewPage');

/** /overview: the book in charts, each with its table and CSV. */
export const overviewRoutes: RouteObject[] = [{ path: 'overview', element: <OverviewPage /> }];
