import type { RouteObject } from 'react-router-dom';
import { lazyPage, prefetchRecord } from '../../lib/lazyPage';

// Each page its own chunk: the list does not carry the record's tabs and forms, nor the
// record the list's filters.
const OrganizationListPage = lazyPage(
  () => import('./pages/OrganizationListPage'),
  'OrganizationListPage',
);
const OrganizationDetailPage = lazyPage(
  () => import('./pages/OrganizationDetailPage'),
  'OrganizationDetailPage',
);

/** The organization routes, mounted inside the signed-in area (/organization/*). */
export const organizationRoutes: RouteObject[] = [
  { path: 'organization', element: <OrganizationListPage /> },
  {
    path: 'organization/:id/:tab?',
    element: <OrganizationDetailPage />,
    handle: prefetchRecord((id, dispatch) =>
      import('./api').then(({ organizationsApi }) =>
        dispatch(organizationsApi.util.prefetch('getOrganization', id, {})),
      ),
    ),
  },
];
