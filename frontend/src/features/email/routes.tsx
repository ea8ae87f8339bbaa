import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazyPage';

const EmailActivityPage = lazyPage(() => import('./pages/EmailActivityPage'), 'EmailActivityPage');

/** /email, mounted inside the signed-in area (spec 02 §2.1). */
export const emailRoutes: RouteObject[] = [{ path: 'email', element: <EmailActivityPage /> }];
