import { ROUTES } from '@registra/domain';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AuthCard } from '../components/AuthCard';
import { RequiredEnrolment } from '../components/RequiredEnrolment';
import { SignInForm } from '../components/SignInForm';

export function SignInPage() {
  const navigate = useNavigate();
  // Set when the firm requires two-factor sign-in and this account must enrol first.
  const [enrolmentToken, setEnrolmentToken] = useState<string | null>(null);
  const home = () => navigate(ROUTES.home, { replace: true });
  if (enrolmentToken) {
    return (
      <AuthCard
        title="Set up two-factor sign-in"
        footer={<>Two-factor sign-in is required by the firm.</>}
      >
        <RequiredEnrolment
          enrolmentToken={enrolmentToken}
          onSignedIn={home}
          onRestart={() => setEnrolmentToken(null)}
        />
      </AuthCard>
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
      <SignInForm onSuccess={home} onEnrolmentRequired={setEnrolmentToken} />
      <p className="text-center small mt-3 mb-0">
        <Link to={ROUTES.forgotPassword}>Forgot password?</Link>
      </p>
    </AuthCard>
  );
}
