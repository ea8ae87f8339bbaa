import type { RouteObject } from 'react-router-dom';
import { lazyPage, prefetchRecord } from '../../lib/lazyPage';

// Each page its own chunk, as the organizations' pages.
const PeopleListPage = lazyPage(() => import('./pages/PeopleListPage'), 'PeopleListPage');
const PeopleDetailPage = lazyPage(() => import('./pages/PeopleDetailPage'), 'PeopleDetailPage');

/** The people routes, mounted inside the signed-in area (/people/*). */
export const peopleRoutes: RouteObject[] = [
  { path: 'people', element: <PeopleListPage /> },
  {
    path: 'people/:id/:tab?',
    element: <PeopleDetailPage />,
    handle: prefetchRecord((id, dispatch) =>
      import('./api').then(({ peopleApi }) =>
        dispatch(peopleApi.util.prefetch('getPerson', id, {})),
      ),
    ),
  },
];
