import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';

const pages = () => import('./pages/OrganizationPages');
const OrganizationListPage = lazyPage(pages, 'OrganizationListPage');
const OrganizationDetailPage = lazyPage(pages, 'OrganizationDetailPage');

/** The organization routes, mounted inside the signed-in area (spec 01 §2: /organization/*). */
export const organizationRoutes: RouteObject[] = [
  { path: 'organization', element: <OrganizationListPage /> },
  { path: 'organization/:id/:tab?', element: <OrganizationDetailPage /> },
];
