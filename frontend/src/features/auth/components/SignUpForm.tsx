import { canSubmitSignUp, signUpSchema } from '@registra/domain';
import { Formik } from 'formik';
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import toast from 'react-hot-toast';
import { useSignupMutation } from '../api';
import type { SignupRequest } from '../api';
import { signupErrorText } from '../errors';

const initialValues: SignupRequest = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  secretCode: '',
};

/** Spec 01 §5: the names are marked required; the button only waits for the other three. */
const RequiredMark = () => (
  <span className="text-danger" aria-hidden="true">
    {' *'}
  </span>
);

export function SignUpForm({ onSuccess }: { onSuccess: () => void }) {
  const [signup] = useSignupMutation();

  return (
    <Formik
      initialValues={initialValues}
      validationSchema={signUpSchema}
      onSubmit={async (values) => {
        try {
          // The mutation stores the token and the user itself.
          await signup(values).unwrap();
          onSuccess();
        } catch (error) {
          toast.error(signupErrorText(error));
        }
      }}
    >
      {({ handleSubmit, getFieldProps, values, errors, touched, isSubmitting }) => {
        const field = (
          name: keyof SignupRequest,
          label: ReactNode,
          props: { type?: string; autoComplete?: string } = {},
        ) => (
          <Form.Group className="mb-3" controlId={`signup-${name}`}>
            <Form.Label>{label}</Form.Label>
            <Form.Control
              type={props.type ?? 'text'}
              autoComplete={props.autoComplete}
              required
              {...getFieldProps(name)}
              isInvalid={touched[name] && !!errors[name]}
            />
            <Form.Control.Feedback type="invalid">{errors[name]}</Form.Control.Feedback>
          </Form.Group>
        );

        return (
          <Form noValidate onSubmit={handleSubmit}>
            {field(
              'firstName',
              <>
                First Name
                <RequiredMark />
              </>,
              { autoComplete: 'given-name' },
            )}
            {field(
              'lastName',
              <>
                Last Name
                <RequiredMark />
              </>,
              { autoComplete: 'family-name' },
            )}
            {field('email', 'E-mail', { type: 'email', autoComplete: 'username' })}
            {field('password', 'Password', { type: 'password', autoComplete: 'new-password' })}
            {field('secretCode', 'Secret Code', { autoComplete: 'off' })}
            <div className="d-grid mt-4">
              <Button
                type="submit"
                variant="primary"
                disabled={!canSubmitSignUp({ ...values, busy: isSubmitting })}
              >
                {isSubmitting ? 'Signing up...' : 'Sign up'}
              </Button>
            </div>
          </Form>
        );
      }}
    </Formik>
  );
}
