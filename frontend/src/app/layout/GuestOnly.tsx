import { ROUTES } from '@registra/domain';
import { useState } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { useSigninTokenQuery } from '../../features/auth/api';
import { useCurrentUser } from '../../lib/hooks';
import { readToken } from '../../lib/session';

/**
 * Wraps the sign-in and sign-up screens: a visitor who is already signed in (a held user, or a
 * stored token that the server accepts) goes to the home page instead.
 */
export function GuestOnly() {
  const user = useCurrentUser();
  // Read once: the token stored by a successful sign-in must not start a second session check.
  const [hadToken] = useState(() => readToken() !== null);
  const { isUninitialized, isFetching } = useSigninTokenQuery(undefined, {
    skip: user !== null || !hadToken,
  });

  if (user) return <Navigate to={ROUTES.home} replace />;
  if (hadToken && (isUninitialized || isFetching)) return <FullPageSpinner />;
  return <Outlet />;
}
