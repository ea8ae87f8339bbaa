import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazyPage';

const AccountPage = lazyPage(() => import('./pages/AccountPage'), 'AccountPage');

/**
 * /account, mounted inside the signed-in area (docs/product/staff-accounts.md); the user's name
 * links here.
 */
export const accountRoutes: RouteObject[] = [{ path: 'account', element: <AccountPage /> }];
