import { canSubmitSignUp, MESSAGES, signUpSchema } from '@registra/domain';
import { Formik } from 'formik';
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import toast from 'react-hot-toast';
import { isApiError } from '../../../lib/api';
import { FormikTextField } from '../../../components/FormikTextField';
import { ReasonButton } from '../../../components/ReasonButton';
import { useInvitationQuery, useSignupMutation } from '../api';
import type { SignupRequest } from '../api';
import { requiredEnrolmentToken, signupErrorText } from '../errors';

interface SignUpValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  secretCode: string;
}

const emptyValues: SignUpValues = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  secretCode: '',
};

/** An invitation's sign-up: no secret code, the invited address as it was sent. */
const invitationSchema = signUpSchema.omit(['secretCode']);

/** canSubmitSignUp: the names are marked required; the button only waits for the other three. */
const RequiredMark = () => (
  <span className="text-danger" aria-hidden="true">
    {' *'}
  </span>
);

/**
 * The sign-up form: with the firm's secret code, or, opened from an invitation's link
 * (`invite`), for the invited address without a code.
 */
export function SignUpForm({
  onSuccess,
  onEnrolmentRequired = () => undefined,
  invite,
}: {
  onSuccess: () => void;
  /** The account exists, but the firm requires two-factor sign-in before its first session. */
  onEnrolmentRequired?: (enrolmentToken: string) => void;
  invite?: string;
}) {
  const invitation = useInvitationQuery(invite ?? '', { skip: !invite });
  if (!invite) {
    return (
      <SignUpFields
        onSuccess={onSuccess}
        onEnrolmentRequired={onEnrolmentRequired}
        initialValues={emptyValues}
      />
    );
  }
  if (invitation.isLoading) {
    return <Spinner animation="border" size="sm" role="status" aria-label="Loading" />;
  }
  if (!invitation.data) {
    const message =
      isApiError(invitation.error) && invitation.error.code === 'INVALID_TOKEN'
        ? 'This invitation link is not valid any more (used or expired). Ask an administrator to send a new one.'
        : 'The invitation could not be read. Try the link again.';
    return <Alert variant="warning">{message}</Alert>;
  }
  const { firstName, lastName, email } = invitation.data;
  return (
    <SignUpFields
      onSuccess={onSuccess}
      onEnrolmentRequired={onEnrolmentRequired}
      invite={invite}
      initialValues={{ ...emptyValues, firstName, lastName, email }}
    />
  );
}

function SignUpFields({
  onSuccess,
  onEnrolmentRequired,
  invite,
  initialValues,
}: {
  onSuccess: () => void;
  onEnrolmentRequired: (enrolmentToken: string) => void;
  invite?: string;
  initialValues: SignUpValues;
}) {
  const [signup] = useSignupMutation();

  return (
    <Formik
      initialValues={initialValues}
      validationSchema={invite ? invitationSchema : signUpSchema}
      onSubmit={async ({ secretCode, ...values }) => {
        const request: SignupRequest = invite ? { ...values, invite } : { ...values, secretCode };
        try {
          // The mutation stores the token and the user itself.
          await signup(request).unwrap();
          onSuccess();
        } catch (error) {
          const enrolmentToken = requiredEnrolmentToken(error);
          if (enrolmentToken) {
            onEnrolmentRequired(enrolmentToken);
            return;
          }
          toast.error(signupErrorText(error));
        }
      }}
    >
      {({ handleSubmit, values, isSubmitting }) => {
        const field = (
          name: keyof SignUpValues,
          label: ReactNode,
          props: {
            type?: 'text' | 'email' | 'password';
            autoComplete?: string;
            readOnly?: boolean;
            hint?: string;
          } = {},
        ) => (
          <FormikTextField
            name={name}
            label={label}
            controlId={`signup-${name}`}
            required
            {...props}
          />
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
            {field('email', 'E-mail', {
              type: 'email',
              autoComplete: 'username',
              readOnly: Boolean(invite),
            })}
            {field('password', 'Password', {
              type: 'password',
              autoComplete: 'new-password',
              hint: MESSAGES.passwordHint,
            })}
            {!invite && field('secretCode', 'Secret Code', { autoComplete: 'off' })}
            <div className="d-grid mt-4">
              <ReasonButton
                type="submit"
                variant="primary"
                wrapperClassName="d-grid"
                whyDisabled={
                  isSubmitting
                    ? 'Signing up…'
                    : !canSubmitSignUp({
                          ...values,
                          // An invitation stands for the code.
                          secretCode: invite ? invite : values.secretCode,
                        })
                      ? invite
                        ? 'Enter your e-mail and a password first'
                        : 'Enter your e-mail, a password and the secret code first'
                      : null
                }
              >
                {isSubmitting ? 'Signing up...' : 'Sign up'}
              </ReasonButton>
            </div>
          </Form>
        );
      }}
    </Formik>
  );
}
