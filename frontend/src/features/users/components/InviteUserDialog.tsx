import { isEmailAddress, MESSAGES, USER_ROLES, USER_ROLE_LABELS } from '@registra/domain';
import type { UserRole } from '@registra/domain';
import { Formik } from 'formik';
import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import toast from 'react-hot-toast';
import * as yup from 'yup';
import { errorText } from '../../../lib/errors';
import { FormikTextField } from '../../../components/FormikTextField';
import { ReasonButton } from '../../../components/ReasonButton';
import { useInviteUserMutation } from '../api';

const schema = yup.object({
  firstName: yup.string().trim().required(MESSAGES.firstNameRequired),
  lastName: yup.string().trim().required(MESSAGES.lastNameRequired),
  email: yup
    .string()
    .trim()
    .required(MESSAGES.emailRequired)
    .test('email', MESSAGES.emailInvalid, (value) => isEmailAddress(value)),
  role: yup.string().oneOf(USER_ROLES).required(),
});

interface InviteValues {
  firstName: string;
  lastName: string;
  email: string;
  role: UserRole;
}

/** "Invite a user": the account is created INVITED and its sign-up link mailed (7 days, once). */
export function InviteUserDialog({ show, onClose }: { show: boolean; onClose: () => void }) {
  const titleId = useId();
  const [invite] = useInviteUserMutation();
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby={titleId}>
      <Formik<InviteValues>
        initialValues={{ firstName: '', lastName: '', email: '', role: 'staff' }}
        validationSchema={schema}
        onSubmit={async (values, { resetForm }) => {
          try {
            const user = await invite({
              firstName: values.firstName.trim(),
              lastName: values.lastName.trim(),
              email: values.email.trim(),
              role: values.role,
            }).unwrap();
            toast.success(`Invitation sent to ${user.email}`);
            resetForm();
            onClose();
          } catch (failure) {
            toast.error(errorText(failure, 'The invitation could not be sent.'));
          }
        }}
      >
        {({ handleSubmit, getFieldProps, isSubmitting }) => {
          const field = (
            name: 'firstName' | 'lastName' | 'email',
            label: string,
            type: 'text' | 'email' = 'text',
          ) => (
            <FormikTextField name={name} label={label} controlId={`invite-${name}`} type={type} />
          );
          return (
            <Form noValidate onSubmit={handleSubmit}>
              <Modal.Header closeButton={!isSubmitting}>
                <Modal.Title as="h2" className="h5" id={titleId}>
                  Invite a user
                </Modal.Title>
              </Modal.Header>
              <Modal.Body>
                {field('firstName', 'First Name')}
                {field('lastName', 'Last Name')}
                {field('email', 'E-mail', 'email')}
                <Form.Group controlId="invite-role">
                  <Form.Label>Role</Form.Label>
                  <Form.Select {...getFieldProps('role')}>
                    {USER_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {USER_ROLE_LABELS[role]}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
                <Form.Text>
                  The invitation e-mail holds a sign-up link that works once, for 7 days.
                </Form.Text>
              </Modal.Body>
              <Modal.Footer>
                <ReasonButton
                  variant="secondary"
                  onClick={onClose}
                  whyDisabled={isSubmitting && 'Sending the invitation…'}
                >
                  Cancel
                </ReasonButton>
                <ReasonButton type="submit" whyDisabled={isSubmitting && 'Sending the invitation…'}>
                  {isSubmitting ? 'Sending...' : 'Send the invitation'}
                </ReasonButton>
              </Modal.Footer>
            </Form>
          );
        }}
      </Formik>
    </Modal>
  );
}
