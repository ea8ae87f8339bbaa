import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';
import type { RouteHandle } from '../../app/router';

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

/** The organization routes, mounted inside the signed-in area (spec 01 §2: /organization/*). */
export const organizationRoutes: RouteObject[] = [
  { path: 'organization', element: <OrganizationListPage /> },
  {
    path: 'organization/:id/:tab?',
    element: <OrganizationDetailPage />,
    handle: {
      // The record's request as the page's chunk starts loading (the API slice is a small chunk
      // of its own, which the page imports too).
      prefetch: ({ id }, dispatch) => {
        if (!id) return;
        void import('./api').then(({ organizationsApi }) =>
          dispatch(organizationsApi.util.prefetch('getOrganization', id, {})),
        );
      },
    } satisfies RouteHandle,
  },
];
