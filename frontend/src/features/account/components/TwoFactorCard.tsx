import { useState } from 'react';
import type { FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import toast from 'react-hot-toast';
import { isApiError } from '../../../lib/api';
import { errorText } from '../../../lib/errors';
import { useAppDispatch } from '../../../lib/hooks';
import { signedIn } from '../../../lib/session';
import { TotpSecret } from '../../../components/TotpSecret';
import type { User } from '../../../types/api';
import {
  useConfirmTotpMutation,
  useDisableTotpMutation,
  useRenewRecoveryCodesMutation,
  useStartTotpMutation,
} from '../api';
import type { TotpEnrolment } from '../api';
import { ReasonButton } from '../../../components/ReasonButton';

/** A refused password or code: said under the fields, not in a toast that goes away. */
const wrongCredentials = (failure: unknown): string | undefined =>
  isApiError(failure) && failure.code === 'INVALID_CREDENTIALS'
    ? failure.message || 'The password or the code is wrong'
    : undefined;

/**
 * Two-factor sign-in: enrol an authenticator app with its QR code, confirm with a first code,
 * keep the ten recovery codes; turn it off, or move to another app. Each of these asks for the
 * password (and, once it is on, a current code), so a session left open is not enough to change it.
 */
export function TwoFactorCard({ user }: { user: User }) {
  const dispatch = useAppDispatch();
  const [start, { isLoading: starting }] = useStartTotpMutation();
  const [confirm, { isLoading: confirming }] = useConfirmTotpMutation();
  const [disable, { isLoading: disabling }] = useDisableTotpMutation();
  const [renew, { isLoading: renewing }] = useRenewRecoveryCodesMutation();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);

  const failed = (failure: unknown, fallback: string) => {
    const wrong = wrongCredentials(failure);
    if (wrong) setRefusal(wrong);
    else toast.error(errorText(failure, fallback));
  };

  const begin = async (event?: FormEvent) => {
    event?.preventDefault();
    setRefusal(null);
    try {
      const current = user.totpEnabled ? { code: code.trim() } : {};
      setEnrolment(await start({ password, ...current }).unwrap());
      setPassword('');
      setCode('');
    } catch (failure) {
      failed(failure, 'Two-factor sign-in could not be started.');
    }
  };

  const finish = async (event: FormEvent) => {
    event.preventDefault();
    try {
      setRecoveryCodes(await confirm(code.trim()).unwrap());
      setEnrolment(null);
      setCode('');
      dispatch(signedIn({ ...user, totpEnabled: true }));
      toast.success(user.totpEnabled ? 'The new app is in use' : 'Two-factor sign-in is on');
    } catch (failure) {
      toast.error(errorText(failure, 'The code could not be checked.'));
    }
  };

  const turnOff = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    try {
      dispatch(signedIn(await disable({ password, code: code.trim() }).unwrap()));
      setPassword('');
      setCode('');
      setRecoveryCodes(null);
      toast.success('Two-factor sign-in is off');
    } catch (failure) {
      failed(failure, 'Two-factor sign-in could not be turned off.');
    }
  };

  /** Ten new recovery codes; the earlier ones, used or not, stop working. */
  const renewCodes = async () => {
    setRefusal(null);
    try {
      setRecoveryCodes(await renew({ password, code: code.trim() }).unwrap());
      setPassword('');
      setCode('');
      toast.success('New recovery codes made: the earlier ones no longer work');
    } catch (failure) {
      failed(failure, 'New recovery codes could not be made.');
    }
  };

  const whyNoPasswordOrCode =
    !password || !code.trim() ? 'Enter your password and a code of the app first' : null;

  const passwordField = (
    <Form.Group className="mb-3" controlId="totp-password" style={{ maxWidth: '16rem' }}>
      <Form.Label>Your password</Form.Label>
      <Form.Control
        type="password"
        autoComplete="current-password"
        value={password}
        isInvalid={refusal !== null}
        onChange={(event) => setPassword(event.target.value)}
      />
    </Form.Group>
  );

  const codeField = (label: string) => (
    <Form.Group className="mb-3" controlId="totp-code" style={{ maxWidth: '16rem' }}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        autoComplete="one-time-code"
        value={code}
        isInvalid={refusal !== null && user.totpEnabled}
        onChange={(event) => setCode(event.target.value)}
      />
    </Form.Group>
  );

  const refusalText = refusal && (
    <Form.Text className="d-block text-danger mb-3" role="alert">
      {refusal}
    </Form.Text>
  );

  return (
    <Card className="mb-4">
      <Card.Header className="d-flex align-items-center gap-2">
        <h2 className="h6 mb-0 me-auto">Two-factor sign-in</h2>
        {user.totpEnabled ? <Badge bg="success">On</Badge> : <Badge bg="secondary">Off</Badge>}
      </Card.Header>
      <Card.Body>
        {recoveryCodes && (
          <Alert variant="warning" data-testid="recovery-codes">
            <p className="mb-2">
              Keep these recovery codes somewhere safe: each signs you in once without your phone.
              They are shown only now.
            </p>
            <ul className="mb-0 font-monospace">
              {recoveryCodes.map((recovery) => (
                <li key={recovery}>{recovery}</li>
              ))}
            </ul>
          </Alert>
        )}
        {enrolment ? (
          <Form onSubmit={(event) => void finish(event)}>
            <p>Scan this code with an authenticator app, then type the code it shows.</p>
            <TotpSecret qrCode={enrolment.qrCode} secret={enrolment.secret} />
            {codeField('Code from the app')}
            <ReasonButton
              type="submit"
              whyDisabled={
                confirming
                  ? 'Checking the code…'
                  : !code.trim() && 'Enter the code from the app first'
              }
            >
              {user.totpEnabled ? 'Use this app' : 'Turn on'}
            </ReasonButton>
          </Form>
        ) : user.totpEnabled ? (
          <Form onSubmit={(event) => void turnOff(event)}>
            <p>
              Sign-in asks for a code of your authenticator app. To turn it off, to move to another
              app or to make new recovery codes (the earlier ones then stop working), confirm with
              your password and a code of the app in use.
            </p>
            {passwordField}
            {codeField('Code (or a recovery code)')}
            {refusalText}
            <div className="d-flex flex-wrap gap-2">
              <ReasonButton
                type="submit"
                variant="outline-danger"
                whyDisabled={disabling ? 'Turning it off…' : whyNoPasswordOrCode}
              >
                Turn off two-factor sign-in
              </ReasonButton>
              <ReasonButton
                variant="outline-primary"
                whyDisabled={starting ? 'Starting…' : whyNoPasswordOrCode}
                onClick={() => void begin()}
              >
                Move to another app
              </ReasonButton>
              <ReasonButton
                variant="outline-primary"
                whyDisabled={renewing ? 'Making new codes…' : whyNoPasswordOrCode}
                onClick={() => void renewCodes()}
              >
                Make new recovery codes
              </ReasonButton>
            </div>
          </Form>
        ) : (
          <Form onSubmit={(event) => void begin(event)}>
            <p>
              Protect the account with a code from an authenticator app at each sign-in. Confirm
              with your password to set it up.
            </p>
            {passwordField}
            {refusalText}
            <ReasonButton
              type="submit"
              whyDisabled={starting ? 'Starting…' : !password && 'Enter your password first'}
            >
              Set up two-factor sign-in
            </ReasonButton>
          </Form>
        )}
      </Card.Body>
    </Card>
  );
}
