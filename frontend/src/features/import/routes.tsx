import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazyPage';

const ImportPage = lazyPage(() => import('./pages/ImportPage'), 'ImportPage');

/** /import, mounted inside the signed-in area: staff bring a book in from a spreadsheet. */
export const importRoutes: RouteObject[] = [{ path: 'import', element: <ImportPage /> }];
