import { ROUTES } from '@registra/domain';
import { createBrowserRouter, Navigate } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { accountRoutes } from '../features/account/routes';
import { SignInPage } from '../features/auth/pages/SignInPage';
import { SignUpPage } from '../features/auth/pages/SignUpPage';
import { HomePage } from '../features/dashboard/pages/HomePage';
import { emailRoutes } from '../features/email/routes';
import { organizationRoutes } from '../features/organizations/routes';
import { peopleRoutes } from '../features/people/routes';
import { ErrorPage } from './ErrorPage';
import { GuestOnly } from './layout/GuestOnly';
import { RequireSession } from './layout/RequireSession';

/** The route tree of spec 01 §2 "App shell"; exported so tests can mount it in a memory router. */
export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <ErrorPage />,
    children: [
      {
        element: <GuestOnly />,
        children: [
          { path: 'auth/signin', element: <SignInPage /> },
          { path: 'signin', element: <SignInPage /> },
          { path: 'auth/signup', element: <SignUpPage /> },
          { path: 'signup', element: <SignUpPage /> },
        ],
      },
      {
        element: <RequireSession />,
        children: [
          { index: true, element: <HomePage /> },
          ...organizationRoutes,
          ...peopleRoutes,
          ...emailRoutes,
          ...accountRoutes,
        ],
      },
      { path: '*', element: <Navigate to={ROUTES.home} replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
