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
      <p className="text-center small mt-3 mb-0">
        <Link to={ROUTES.forgotPassword}>Forgot password?</Link>
      </p>
    </AuthCard>
  );
}
