// The feature's pages, one chunk: the routes load them on the first visit.
export { OrganizationDetailPage } from './OrganizationDetailPage';
export { OrganizationListPage } from './OrganizationListPage';
