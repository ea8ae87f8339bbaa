import { MESSAGES, newPasswordSchema } from '@registra/domain';
import { Formik } from 'formik';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import toast from 'react-hot-toast';
import * as yup from 'yup';
import { isApiError } from '../../../lib/api';
import { errorText } from '../../../lib/errors';
import { useChangePasswordMutation } from '../api';
import { ReasonButton } from '../../../components/ReasonButton';

const schema = yup.object({
  currentPassword: yup.string().required(MESSAGES.passwordRequired),
  newPassword: newPasswordSchema,
  confirmPassword: yup
    .string()
    .required(MESSAGES.passwordRequired)
    .oneOf([yup.ref('newPassword')], MESSAGES.passwordsDiffer),
});

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';

/** "Change password": the current one is asked; every other session of the account ends. */
export function ChangePasswordCard() {
  const [changePassword] = useChangePasswordMutation();
  return (
    <Card className="mb-4">
      <Card.Header as="h2" className="h6 mb-0">
        Change password
      </Card.Header>
      <Card.Body>
        <Formik
          initialValues={{ currentPassword: '', newPassword: '', confirmPassword: '' }}
          validationSchema={schema}
          onSubmit={async ({ currentPassword, newPassword }, { resetForm, setFieldError }) => {
            try {
              await changePassword({ currentPassword, newPassword }).unwrap();
              toast.success('Password changed: your other sessions are signed out');
              resetForm();
            } catch (failure) {
              if (isApiError(failure) && failure.code === 'INVALID_CREDENTIALS') {
                setFieldError('currentPassword', 'The current password is wrong');
              } else if (isApiError(failure) && failure.details?.length) {
                setFieldError('newPassword', failure.details[0].message);
              } else {
                toast.error(errorText(failure, 'The password could not be changed.'));
              }
            }
          }}
        >
          {({ handleSubmit, getFieldProps, errors, touched, isSubmitting }) => {
            const field = (name: Field, label: string, autoComplete: string) => (
              <Form.Group className="mb-3" controlId={`password-${name}`}>
                <Form.Label>{label}</Form.Label>
                <Form.Control
                  type="password"
                  autoComplete={autoComplete}
                  {...getFieldProps(name)}
                  isInvalid={touched[name] && !!errors[name]}
                />
                <Form.Control.Feedback type="invalid">{errors[name]}</Form.Control.Feedback>
              </Form.Group>
            );
            return (
              <Form noValidate onSubmit={handleSubmit} style={{ maxWidth: '26rem' }}>
                {field('currentPassword', 'Current password', 'current-password')}
                {field('newPassword', 'New password', 'new-password')}
                {field('confirmPassword', 'Repeat the new password', 'new-password')}
                <Form.Text className="d-block mb-3">{MESSAGES.passwordHint}</Form.Text>
                <ReasonButton type="submit" whyDisabled={isSubmitting && 'Saving…'}>
                  {isSubmitting ? 'Saving...' : 'Change password'}
                </ReasonButton>
              </Form>
            );
          }}
        </Formik>
      </Card.Body>
    </Card>
  );
}
