import { ROUTES } from '@registra/domain';
import { Link, useNavigate } from 'react-router-dom';
import { AuthCard } from '../components/AuthCard';
import { SignInForm } from '../components/SignInForm';

export function SignInPage() {
  const navigate = useNavigate();
  return (
    <AuthCard
      title="Sign in"
      footer={
        <>
          No account yet? <Link to={ROUTES.signUp}>Sign up</Link>
        </>
      }
    >
      <SignInForm onSuccess={() => navigate(ROUTES.home, { replace: true })} />
    </AuthCard>
  );
}
