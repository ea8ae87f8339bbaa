import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazyPage';

const AccountPage = lazyPage(() => import('./pages/AccountPage'), 'AccountPage');

/** /account, mounted inside the signed-in area (spec 02 §2.1); the user's name links here. */
export const accountRoutes: RouteObject[] = [{ path: 'account', element: <AccountPage /> }];
