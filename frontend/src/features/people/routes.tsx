import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';

const pages = () => import('./pages/PeoplePages');
const PeopleListPage = lazyPage(pages, 'PeopleListPage');
const PeopleDetailPage = lazyPage(pages, 'PeopleDetailPage');

/** The people routes, mounted inside the signed-in area (spec 01 §2: /people/*). */
export const peopleRoutes: RouteObject[] = [
  { path: 'people', element: <PeopleListPage /> },
  { path: 'people/:id/:tab?', element: <PeopleDetailPage /> },
];
