import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazyPage';

const CalendarPage = lazyPage(() => import('./pages/CalendarPage'), 'CalendarPage');

/** /calendar: every dated obligation, by month or as an agenda. */
export const calendarRoutes: RouteObject[] = [{ path: 'calendar', element: <CalendarPage /> }];
