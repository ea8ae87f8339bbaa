import { ROUTES } from '@registra/domain';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AuthCard } from '../components/AuthCard';
import { SignUpForm } from '../components/SignUpForm';

export function SignUpPage() {
  const navigate = useNavigate();
  // An invitation's link: APP_URL/signup?invite=<token>.
  const invite = useSearchParams()[0].get('invite') ?? undefined;
  return (
    <AuthCard
      title={invite ? 'Accept your invitation' : 'Sign up'}
      footer={
        <>
          Already have an account? <Link to={ROUTES.signIn}>Sign in</Link>
        </>
      }
    >
      <SignUpForm invite={invite} onSuccess={() => navigate(ROUTES.home, { replace: true })} />
    </AuthCard>
  );
}
