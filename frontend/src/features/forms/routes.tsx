import type { RouteObject } from 'react-router-dom';
import { lazyPage, prefetchRecord } from '../../lib/lazyPage';

const FormListPage = lazyPage(() => import('./pages/FormListPage'), 'FormListPage');
const FormDetailPage = lazyPage(() => import('./pages/FormDetailPage'), 'FormDetailPage');
const PublicFormPage = lazyPage(() => import('./pages/PublicFormPage'), 'PublicFormPage');
const PublicFormThankYouPage = lazyPage(
  () => import('./pages/PublicFormThankYouPage'),
  'PublicFormThankYouPage',
);

/** The staff side, inside the signed-in area: /form and /form/{id}/{tab?}. */
export const formRoutes: RouteObject[] = [
  { path: 'form', element: <FormListPage /> },
  {
    path: 'form/:id/:tab?',
    element: <FormDetailPage />,
    handle: prefetchRecord((id, dispatch) =>
      import('./api').then(({ formsApi }) => dispatch(formsApi.util.prefetch('getForm', id, {}))),
    ),
  },
];

/** The public form and its thank-you page: no session asked, signed in or not. */
export const publicFormRoutes: RouteObject[] = [
  { path: 'publicform', element: <PublicFormPage /> },
  { path: 'publicform/validate', element: <PublicFormThankYouPage /> },
];
