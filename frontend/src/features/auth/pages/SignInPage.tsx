import { ROUTES, errorSentence } from '@registra/domain';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../../lib/hooks';
import { selectSessionEndReason } from '../../../lib/session';
import { AuthCard } from '../components/AuthCard';
import { RequiredEnrolmentCard } from '../components/RequiredEnrolment';
import { SignInForm } from '../components/SignInForm';

export function SignInPage() {
  const navigate = useNavigate();
  // Why the last session ended, when the server said so (not after one's own sign-out).
  const endedBecause = useAppSelector(selectSessionEndReason);
  // Set when the firm requires two-factor sign-in and this account must enrol first.
  const [enrolmentToken, setEnrolmentToken] = useState<string | null>(null);
  const home = () => navigate(ROUTES.home, { replace: true });
  if (enrolmentToken) {
    return (
      <RequiredEnrolmentCard
        enrolmentToken={enrolmentToken}
        onSignedIn={home}
        onRestart={() => setEnrolmentToken(null)}
      />
    );
  }
  return (
    <AuthCard
      title="Sign in"
      footer={
        <>
          No account yet? <Link to={ROUTES.signUp}>Sign up</Link>
        </>
      }
    >
      {endedBecause && (
        <Alert variant="warning" className="small" data-testid="session-ended">
          {errorSentence(endedBecause)}
        </Alert>
      )}
      <SignInForm onSuccess={home} onEnrolmentRequired={setEnrolmentToken} />
      <p className="text-center small mt-3 mb-0">
        <Link to={ROUTES.forgotPassword}>Forgot password?</Link>
      </p>
    </AuthCard>
  );
}
