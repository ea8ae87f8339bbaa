import { ROUTES } from '@registra/domain';
import { Navigate } from 'react-router-dom';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { useSigninTokenQuery } from '../../features/auth/api';
import { useCurrentUser } from '../../lib/hooks';
import { readToken } from '../../lib/session';
import { AppLayout } from './AppLayout';

/**
 * The gate of the signed-in area (docs/product/screens.md): asks the server for the session first,
 * shows a spinner meanwhile, and sends a visitor without a user to sign-in.
 */
export function RequireSession() {
  const user = useCurrentUser();
  // Without a token there is no session to ask about (e.g. right after signing out).
  const hasToken = readToken() !== null;
  const { isUninitialized, isFetching } = useSigninTokenQuery(undefined, {
    skip: !hasToken,
    // Every entry into the area re-checks the session and refreshes the token.
    refetchOnMountOrArgChange: true,
  });

  if (user) return <AppLayout user={user} />;
  if (hasToken && (isUninitialized || isFetching)) return <FullPageSpinner />;
  return <Navigate to={ROUTES.signIn} replace />;
}
