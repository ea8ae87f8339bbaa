import type { RouteObject } from 'react-router-dom';
import { PeopleDetailPage } from './pages/PeopleDetailPage';
import { PeopleListPage } from './pages/PeopleListPage';

/** The people routes, mounted inside the signed-in area (spec 01 §2: /people/*). */
export const peopleRoutes: RouteObject[] = [
  { path: 'people', element: <PeopleListPage /> },
  { path: 'people/:id/:tab?', element: <PeopleDetailPage /> },
];
