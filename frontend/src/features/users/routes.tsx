import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazyPage';

const UsersPage = lazyPage(() => import('./pages/UsersPage'), 'UsersPage');

/** /users: the administrators' staff accounts, linked from the account menu. */
export const userRoutes: RouteObject[] = [{ path: 'users', element: <UsersPage /> }];
