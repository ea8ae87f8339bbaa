import { isEmailAddress, MESSAGES, ROUTES } from '@registra/domain';
import { Formik } from 'formik';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import * as yup from 'yup';
import { FormikTextField } from '../../../components/FormikTextField';
import { AuthCard, AuthSubmit } from '../components/AuthCard';
import { useForgotPasswordMutation } from '../api';
import { failureMessage } from '../errors';

const schema = yup.object({
  email: yup
    .string()
    .trim()
    .required(MESSAGES.emailRequired)
    .test('email', MESSAGES.emailInvalid, (value) => isEmailAddress(value)),
});

/**
 * "Forgot password?": asks for the address and says the same thing whether or not an account
 * uses it (the server answers alike), so the page tells no one which addresses exist.
 */
export function ForgotPasswordPage() {
  const [forgot] = useForgotPasswordMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <AuthCard title="Forgot password?" footer={<Link to={ROUTES.signIn}>Back to sign in</Link>}>
      {sentTo ? (
        <Alert variant="success" className="mb-0">
          If an account uses {sentTo}, an e-mail with a link to choose a new password is on its way.
          The link works once, for 1 hour.
        </Alert>
      ) : (
        <Formik
          initialValues={{ email: '' }}
          validationSchema={schema}
          onSubmit={async ({ email }) => {
            try {
              await forgot({ email: email.trim() }).unwrap();
              setSentTo(email.trim());
            } catch (error) {
              toast.error(failureMessage(error));
            }
          }}
        >
          {({ handleSubmit, isSubmitting }) => (
            <Form noValidate onSubmit={handleSubmit}>
              <FormikTextField
                name="email"
                label="E-mail"
                controlId="forgot-email"
                type="email"
                autoComplete="username"
                required
              />
              <AuthSubmit sending={isSubmitting} sendingText="Sending">
                Send me a link
              </AuthSubmit>
            </Form>
          )}
        </Formik>
      )}
    </AuthCard>
  );
}
