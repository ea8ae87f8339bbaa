import { ROUTES } from '@registra/domain';
import { Link, useNavigate } from 'react-router-dom';
import { AuthCard } from '../components/AuthCard';
import { SignUpForm } from '../components/SignUpForm';

export function SignUpPage() {
  const navigate = useNavigate();
  return (
    <AuthCard
      title="Sign up"
      footer={
        <>
          Already have an account? <Link to={ROUTES.signIn}>Sign in</Link>
        </>
      }
    >
      <SignUpForm onSuccess={() => navigate(ROUTES.home, { replace: true })} />
    </AuthCard>
  );
}
