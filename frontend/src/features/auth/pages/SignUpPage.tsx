import { ROUTES } from '@registra/domain';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AuthCard } from '../components/AuthCard';
import { RequiredEnrolmentCard } from '../components/RequiredEnrolment';
import { SignUpForm } from '../components/SignUpForm';

export function SignUpPage() {
  const navigate = useNavigate();
  // An invitation's link: APP_URL/signup?invite=<token>.
  const invite = useSearchParams()[0].get('invite') ?? undefined;
  // The account exists; the firm requires two-factor sign-in before its first session.
  const [enrolmentToken, setEnrolmentToken] = useState<string | null>(null);
  const home = () => navigate(ROUTES.home, { replace: true });
  if (enrolmentToken) {
    return (
      <RequiredEnrolmentCard
        enrolmentToken={enrolmentToken}
        onSignedIn={home}
        onRestart={() => navigate(ROUTES.signIn, { replace: true })}
      />
    );
  }
  return (
    <AuthCard
      title={invite ? 'Accept your invitation' : 'Sign up'}
      footer={
        <>
          Already have an account? <Link to={ROUTES.signIn}>Sign in</Link>
        </>
      }
    >
      <SignUpForm invite={invite} onSuccess={home} onEnrolmentRequired={setEnrolmentToken} />
    </AuthCard>
  );
}
