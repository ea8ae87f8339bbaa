import type { RouteObject } from 'react-router-dom';
import { OrganizationDetailPage } from './pages/OrganizationDetailPage';
import { OrganizationListPage } from './pages/OrganizationListPage';

/** The organization routes, mounted inside the signed-in area (spec 01 §2: /organization/*). */
export const organizationRoutes: RouteObject[] = [
  { path: 'organization', element: <OrganizationListPage /> },
  { path: 'organization/:id/:tab?', element: <OrganizationDetailPage /> },
];
