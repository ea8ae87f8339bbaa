import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazyPage';

const EmailActivityPage = lazyPage(() => import('./pages/EmailActivityPage'), 'EmailActivityPage');

/** /email, mounted inside the signed-in area (docs/product/mail.md). */
export const emailRoutes: RouteObject[] = [{ path: 'email', element: <EmailActivityPage /> }];
