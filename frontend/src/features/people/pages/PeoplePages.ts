// The feature's pages, one chunk: the routes load them on the first visit.
export { PeopleDetailPage } from './PeopleDetailPage';
export { PeopleListPage } from './PeopleListPage';
