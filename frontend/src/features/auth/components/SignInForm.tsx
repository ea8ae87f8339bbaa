import { canSubmitSignIn, signInSchema } from '@registra/domain';
import { Formik } from 'formik';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import toast from 'react-hot-toast';
import { useSigninMutation } from '../api';
import type { SigninRequest } from '../api';
import { signinErrorText } from '../errors';

/** The account the development seed creates; offered only by the dev server (spec 01 §2). */
const DEV_ACCOUNT: SigninRequest = { email: 'dev@registra.local', password: 'devpassword' };

const initialValues: SigninRequest = { email: '', password: '' };

export function SignInForm({ onSuccess }: { onSuccess: () => void }) {
  const [signin] = useSigninMutation();

  return (
    <Formik
      initialValues={initialValues}
      validationSchema={signInSchema}
      onSubmit={async (values) => {
        try {
          // The mutation stores the token and the user itself.
          await signin(values).unwrap();
          onSuccess();
        } catch (error) {
          toast.error(signinErrorText(error));
        }
      }}
    >
      {({ handleSubmit, getFieldProps, setValues, values, errors, touched, isSubmitting }) => (
        <Form noValidate onSubmit={handleSubmit}>
          <Form.Group className="mb-3" controlId="signin-email">
            <Form.Label>Email</Form.Label>
            <Form.Control
              type="email"
              autoComplete="username"
              required
              {...getFieldProps('email')}
              isInvalid={touched.email && !!errors.email}
            />
            <Form.Control.Feedback type="invalid">{errors.email}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="mb-4" controlId="signin-password">
            <Form.Label>Password</Form.Label>
            <Form.Control
              type="password"
              autoComplete="current-password"
              required
              {...getFieldProps('password')}
              isInvalid={touched.password && !!errors.password}
            />
            <Form.Control.Feedback type="invalid">{errors.password}</Form.Control.Feedback>
          </Form.Group>
          <div className="d-grid gap-2">
            <Button
              type="submit"
              variant="primary"
              disabled={!canSubmitSignIn({ ...values, busy: isSubmitting })}
            >
              {isSubmitting ? 'Signing in...' : 'Sign in'}
            </Button>
            {import.meta.env.DEV && (
              <Button
                type="button"
                variant="outline-secondary"
                disabled={isSubmitting}
                onClick={() => void setValues(DEV_ACCOUNT)}
              >
                Prefill Dev Account
              </Button>
            )}
          </div>
        </Form>
      )}
    </Formik>
  );
}
