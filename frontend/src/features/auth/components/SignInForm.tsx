import {
  ErrorCode,
  canSubmitSignIn,
  recoveryCodesLeftNotice,
  signInSchema,
} from '@registra/domain';
import { Formik } from 'formik';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '../../../lib/api';
import { FormikTextField } from '../../../components/FormikTextField';
import { ReasonButton } from '../../../components/ReasonButton';
import { useSigninMutation } from '../api';
import type { SigninRequest } from '../api';
import { requiredEnrolmentToken, signinErrorText } from '../errors';

/** The account the development seed creates; offered only by the dev server. */
const DEV_ACCOUNT: SigninRequest = { email: 'dev@registra.local', password: 'devpassword' };

const initialValues: Required<SigninRequest> = { email: '', password: '', totp: '' };

/**
 * After a sign-in with a recovery code: how many are left; when few, a warning that stays until
 * dismissed, offering to make new ones in the account page.
 */
function recoveryCodesNotice(left: number, toAccount: () => void) {
  const notice = recoveryCodesLeftNotice(left);
  if (!notice.warn) {
    toast.success(notice.text, { id: 'recovery-codes-left', duration: 8000 });
    return;
  }
  toast(
    (shown) => (
      <span role="status">
        {notice.text}{' '}
        <Button
          size="sm"
          variant="warning"
          className="ms-1"
          onClick={() => {
            toast.dismiss(shown.id);
            toAccount();
          }}
        >
          Make new recovery codes
        </Button>
      </span>
    ),
    { id: 'recovery-codes-left', icon: '⚠️', duration: Infinity },
  );
}

export function SignInForm({
  onSuccess,
  onEnrolmentRequired,
}: {
  onSuccess: () => void;
  /** The firm requires two-factor sign-in and the account has none: enrol with this token. */
  onEnrolmentRequired: (enrolmentToken: string) => void;
}) {
  const [signin] = useSigninMutation();
  const navigate = useNavigate();
  // Set when the account answers TOTP_REQUIRED: the form then asks for the app's code too.
  const [askCode, setAskCode] = useState(false);

  return (
    <Formik
      initialValues={initialValues}
      validationSchema={signInSchema}
      onSubmit={async ({ totp, ...values }) => {
        try {
          // The mutation stores the token and the user itself.
          const answer = await signin(askCode ? { ...values, totp: totp.trim() } : values).unwrap();
          onSuccess();
          if (answer.recoveryCodesLeft !== undefined)
            recoveryCodesNotice(answer.recoveryCodesLeft, () => navigate('/account'));
        } catch (error) {
          const enrolmentToken = requiredEnrolmentToken(error);
          if (enrolmentToken) {
            onEnrolmentRequired(enrolmentToken);
            return;
          }
          if (isApiError(error) && error.code === ErrorCode.TOTP_REQUIRED && !askCode) {
            setAskCode(true);
            return;
          }
          toast.error(signinErrorText(error));
        }
      }}
    >
      {({ handleSubmit, getFieldProps, setValues, values, isSubmitting }) => (
        <Form noValidate onSubmit={handleSubmit}>
          <FormikTextField
            name="email"
            label="Email"
            controlId="signin-email"
            type="email"
            autoComplete="username"
            required
          />
          <FormikTextField
            name="password"
            label="Password"
            controlId="signin-password"
            type="password"
            autoComplete="current-password"
            required
            className="mb-4"
          />
          {askCode && (
            <Form.Group className="mb-4" controlId="signin-totp">
              <Form.Label>Authentication code</Form.Label>
              <Form.Control
                autoComplete="one-time-code"
                inputMode="text"
                autoFocus
                {...getFieldProps('totp')}
              />
              <Form.Text>
                The 6-digit code of your authenticator app, or one of your recovery codes.
              </Form.Text>
            </Form.Group>
          )}
          <div className="d-grid gap-2">
            <ReasonButton
              type="submit"
              variant="primary"
              wrapperClassName="d-grid"
              whyDisabled={
                isSubmitting
                  ? 'Signing in…'
                  : !canSubmitSignIn(values)
                    ? 'Enter your e-mail and password first'
                    : null
              }
            >
              {isSubmitting ? 'Signing in...' : 'Sign in'}
            </ReasonButton>
            {import.meta.env.DEV && (
              <ReasonButton
                type="button"
                variant="outline-secondary"
                wrapperClassName="d-grid"
                whyDisabled={isSubmitting && 'Signing in…'}
                onClick={() => void setValues({ ...DEV_ACCOUNT, totp: '' })}
              >
                Prefill Dev Account
              </ReasonButton>
            )}
          </div>
        </Form>
      )}
    </Formik>
  );
}
