import { MESSAGES, newPasswordSchema, ROUTES } from '@registra/domain';
import { Formik } from 'formik';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import toast from 'react-hot-toast';
import { Link, useSearchParams } from 'react-router-dom';
import * as yup from 'yup';
import { FormikTextField } from '../../../components/FormikTextField';
import { AuthCard, AuthSubmit } from '../components/AuthCard';
import { useResetPasswordMutation } from '../api';
import { failureMessage } from '../errors';

const schema = yup.object({
  newPassword: newPasswordSchema,
  confirmPassword: yup
    .string()
    .required(MESSAGES.passwordRequired)
    .oneOf([yup.ref('newPassword')], MESSAGES.passwordsDiffer),
});

/** Where a password-reset link leads: APP_URL/reset-password?token=<token>. */
export function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const [reset] = useResetPasswordMutation();
  const [done, setDone] = useState(false);
  return (
    <AuthCard
      title="Choose a new password"
      footer={<Link to={ROUTES.signIn}>Back to sign in</Link>}
    >
      {done ? (
        <Alert variant="success" className="mb-0">
          Your password is changed and every session of your account has ended.{' '}
          <Link to={ROUTES.signIn}>Sign in</Link> with the new one.
        </Alert>
      ) : !token ? (
        <Alert variant="warning" className="mb-0">
          This page opens from the link of a password-reset e-mail.{' '}
          <Link to={ROUTES.forgotPassword}>Ask for one</Link>.
        </Alert>
      ) : (
        <Formik
          initialValues={{ newPassword: '', confirmPassword: '' }}
          validationSchema={schema}
          onSubmit={async ({ newPassword }) => {
            try {
              await reset({ token, newPassword }).unwrap();
              setDone(true);
            } catch (error) {
              toast.error(failureMessage(error));
            }
          }}
        >
          {({ handleSubmit, isSubmitting }) => (
            <Form noValidate onSubmit={handleSubmit}>
              <FormikTextField
                name="newPassword"
                label="New password"
                controlId="reset-new-password"
                type="password"
                autoComplete="new-password"
                required
                hint={MESSAGES.passwordHint}
              />
              <FormikTextField
                name="confirmPassword"
                label="Repeat the new password"
                controlId="reset-confirm-password"
                type="password"
                autoComplete="new-password"
                required
              />
              <AuthSubmit sending={isSubmitting} sendingText="Saving">
                Save the new password
              </AuthSubmit>
            </Form>
          )}
        </Formik>
      )}
    </AuthCard>
  );
}
