import { ROUTES } from '@registra/domain';
import { Suspense } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, Outlet } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { accountRoutes } from '../features/account/routes';
import { auditRoutes } from '../features/audit/routes';
import { calendarRoutes } from '../features/calendar/routes';
import { overviewRoutes } from '../features/overview/routes';
import { userRoutes } from '../features/users/routes';
import { lazyPage, preloadPageOf } from '../lib/lazyPage';
import type { RouteHandle } from '../lib/lazyPage';
import { dashboardRoutes } from '../features/dashboard/routes';
import { emailRoutes } from '../features/email/routes';
import { followUpRoutes } from '../features/follow-ups/routes';
import { importRoutes } from '../features/import/routes';
import { privacyRoutes } from '../features/privacy/routes';
import { formRoutes, publicFormRoutes } from '../features/forms/routes';
import { orderRoutes } from '../features/orders/routes';
import { subscriptionRoutes } from '../features/subscriptions/routes';
import { organizationRoutes } from '../features/organizations/routes';
import { peopleRoutes } from '../features/people/routes';
import { taskRoutes } from '../features/tasks/routes';
import { ErrorPage } from './ErrorPage';
import { GuestOnly } from './layout/GuestOnly';
import { RequireSession } from './layout/RequireSession';
import { readToken } from '../lib/session';
import type { AppDispatch } from '../lib/store';

// Lazy too (the first screen's JavaScript budget, docs/benchmarks.md): a signed-in user's first screen does not need the forms and their
// validation; a visitor's sign-in page loads its chunk under the same spinner.
const SignInPage = lazyPage(() => import('../features/auth/pages/SignInPage'), 'SignInPage');
const SignUpPage = lazyPage(() => import('../features/auth/pages/SignUpPage'), 'SignUpPage');
const ForgotPasswordPage = lazyPage(
  () => import('../features/auth/pages/ForgotPasswordPage'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyPage(
  () => import('../features/auth/pages/ResetPasswordPage'),
  'ResetPasswordPage',
);

/**
 * The route tree (docs/product/screens.md); exported so tests can mount it in a memory router.
 * Every page is a chunk of its own (the sign-in and sign-up pages too), loaded on the first
 * visit under the same spinner as the session check (a chunk that fails to load shows the error
 * page).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <Suspense fallback={<FullPageSpinner />}>
        <Outlet />
      </Suspense>
    ),
    errorElement: <ErrorPage />,
    children: [
      {
        element: <GuestOnly />,
        children: [
          { path: 'auth/signin', element: <SignInPage /> },
          { path: 'signin', element: <SignInPage /> },
          { path: 'auth/signup', element: <SignUpPage /> },
          { path: 'signup', element: <SignUpPage /> },
          { path: 'auth/forgot-password', element: <ForgotPasswordPage /> },
        ],
      },
      // A reset link works signed in or not (it ends every session of its account).
      { path: 'reset-password', element: <ResetPasswordPage /> },
      // The prospects' form answers anyone, signed in or not (docs/product/forms.md).
      ...publicFormRoutes,
      {
        element: <RequireSession />,
        children: [
          ...dashboardRoutes,
          ...organizationRoutes,
          ...followUpRoutes,
          ...calendarRoutes,
          ...overviewRoutes,
          ...peopleRoutes,
          ...taskRoutes,
          ...formRoutes,
          ...orderRoutes,
          ...subscriptionRoutes,
          ...emailRoutes,
          ...accountRoutes,
          ...auditRoutes,
          ...importRoutes,
          ...userRoutes,
          ...privacyRoutes,
        ],
      },
      { path: '*', element: <Navigate to={ROUTES.home} replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);

/**
 * Starts loading the page of an address at once, and, signed in, the record it shows. The
 * signed-in area renders its pages only once the server has confirmed the session: without this,
 * the page's chunk would be asked for only after that answer, and its record after the chunk and
 * everything it imports had loaded (each a network round trip, a second or more on a phone).
 */
export function preloadPagesOf(pathname: string, dispatch: AppDispatch): void {
  const signedIn = readToken() !== null;
  for (const match of matchRoutes(routes, pathname) ?? []) {
    preloadPageOf(match.route.element);
    const handle = match.route.handle as RouteHandle | undefined;
    if (signedIn) handle?.prefetch?.(match.params, dispatch);
  }
}
