import { useState } from 'react';
import type { FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import toast from 'react-hot-toast';
import { errorText } from '../../../app/errors';
import { useAppDispatch } from '../../../app/hooks';
import { signedIn } from '../../../app/session';
import { TotpSecret } from '../../../components/TotpSecret';
import type { User } from '../../../types/api';
import { useConfirmTotpMutation, useDisableTotpMutation, useStartTotpMutation } from '../api';
import type { TotpEnrolment } from '../api';

/**
 * Two-factor sign-in: enrol an authenticator app with its QR code, confirm with a first code,
 * keep the ten recovery codes; turn it off with a code.
 */
export function TwoFactorCard({ user }: { user: User }) {
  const dispatch = useAppDispatch();
  const [start, { isLoading: starting }] = useStartTotpMutation();
  const [confirm, { isLoading: confirming }] = useConfirmTotpMutation();
  const [disable, { isLoading: disabling }] = useDisableTotpMutation();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');

  const begin = async () => {
    try {
      setEnrolment(await start().unwrap());
      setCode('');
    } catch (failure) {
      toast.error(errorText(failure, 'Two-factor sign-in could not be started.'));
    }
  };

  const finish = async (event: FormEvent) => {
    event.preventDefault();
    try {
      setRecoveryCodes(await confirm(code.trim()).unwrap());
      setEnrolment(null);
      setCode('');
      dispatch(signedIn({ ...user, totpEnabled: true }));
      toast.success('Two-factor sign-in is on');
    } catch (failure) {
      toast.error(errorText(failure, 'The code could not be checked.'));
    }
  };

  const turnOff = async (event: FormEvent) => {
    event.preventDefault();
    try {
      dispatch(signedIn(await disable(code.trim()).unwrap()));
      setCode('');
      setRecoveryCodes(null);
      toast.success('Two-factor sign-in is off');
    } catch (failure) {
      toast.error(errorText(failure, 'Two-factor sign-in could not be turned off.'));
    }
  };

  const codeField = (label: string) => (
    <Form.Group className="mb-3" controlId="totp-code" style={{ maxWidth: '16rem' }}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
    </Form.Group>
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
        {user.totpEnabled ? (
          <Form onSubmit={(event) => void turnOff(event)}>
            <p>Sign-in asks for a code of your authenticator app.</p>
            {codeField('Code (or a recovery code) to turn it off')}
            <Button type="submit" variant="outline-danger" disabled={disabling || !code.trim()}>
              Turn off two-factor sign-in
            </Button>
          </Form>
        ) : enrolment ? (
          <Form onSubmit={(event) => void finish(event)}>
            <p>Scan this code with an authenticator app, then type the code it shows.</p>
            <TotpSecret qrCode={enrolment.qrCode} secret={enrolment.secret} />
            {codeField('Code from the app')}
            <Button type="submit" disabled={confirming || !code.trim()}>
              Turn on
            </Button>
          </Form>
        ) : (
          <>
            <p>Protect the account with a code from an authenticator app at each sign-in.</p>
            <Button onClick={() => void begin()} disabled={starting}>
              Set up two-factor sign-in
            </Button>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
