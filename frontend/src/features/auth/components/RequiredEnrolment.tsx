import { ErrorCode } from '@registra/domain';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { isApiError } from '../../../lib/api';
import { useAppDispatch } from '../../../lib/hooks';
import { TotpSecret } from '../../../components/TotpSecret';
import { startSession, useConfirmRequiredTotpMutation, useStartRequiredTotpMutation } from '../api';
import type { EnrolledAnswer, TotpEnrolment } from '../api';
import { failureMessage } from '../errors';
import { AuthCard } from './AuthCard';
import { ReasonButton } from '../../../components/ReasonButton';

type RequiredEnrolmentProps = Parameters<typeof RequiredEnrolment>[0];

/** The sign-in or sign-up screen once the firm requires two-factor sign-in and the account has none. */
export function RequiredEnrolmentCard(props: RequiredEnrolmentProps) {
  return (
    <AuthCard
      title="Set up two-factor sign-in"
      footer={<>Two-factor sign-in is required by the firm.</>}
    >
      <RequiredEnrolment {...props} />
    </AuthCard>
  );
}

/**
 * The firm requires two-factor sign-in and this account has none: the sign-in (or sign-up) gave
 * a one-time token that can only enrol. Scan the QR code, confirm with a first code, keep the
 * recovery codes, then continue: only then does the session start, since the sign-in pages
 * leave as soon as somebody is signed in.
 */
export function RequiredEnrolment({
  enrolmentToken,
  onSignedIn,
  onRestart,
}: {
  enrolmentToken: string;
  onSignedIn: () => void;
  /** Back to the sign-in form (the token expired or was replaced). */
  onRestart: () => void;
}) {
  const dispatch = useAppDispatch();
  const [start] = useStartRequiredTotpMutation();
  const [confirm, { isLoading: confirming }] = useConfirmRequiredTotpMutation();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [enrolled, setEnrolled] = useState<EnrolledAnswer | null>(null);

  // One enrolment per token: each start makes a new secret, and React's development double
  // effect would otherwise race two of them (the QR code shown might not be the one kept).
  const requested = useRef<string | null>(null);
  useEffect(() => {
    if (requested.current === enrolmentToken) return;
    requested.current = enrolmentToken;
    start(enrolmentToken)
      .unwrap()
      .then(setEnrolment)
      .catch((error: unknown) => {
        setStartError(
          isApiError(error) && error.code === ErrorCode.INVALID_TOKEN
            ? 'This set-up has expired: sign in again to start a new one.'
            : failureMessage(error),
        );
      });
  }, [enrolmentToken, start]);

  const finish = async (event: FormEvent) => {
    event.preventDefault();
    setCodeError(null);
    try {
      setEnrolled(await confirm({ enrolmentToken, code: code.trim() }).unwrap());
    } catch (error) {
      setCodeError(failureMessage(error));
    }
  };

  const proceed = () => {
    if (!enrolled) return;
    startSession(dispatch, enrolled);
    onSignedIn();
  };

  if (startError) {
    return (
      <>
        <Alert variant="warning">{startError}</Alert>
        <Button variant="outline-secondary" onClick={onRestart}>
          Back to sign-in
        </Button>
      </>
    );
  }
  if (enrolled) {
    return (
      <>
        <Alert variant="warning" data-testid="recovery-codes">
          <p className="mb-2">
            Two-factor sign-in is on. Keep these recovery codes somewhere safe: each signs you in
            once without your phone. They are shown only now.
          </p>
          <ul className="mb-0 font-monospace">
            {enrolled.recoveryCodes.map((recovery) => (
              <li key={recovery}>{recovery}</li>
            ))}
          </ul>
        </Alert>
        <div className="d-grid">
          <Button onClick={proceed}>I have kept them: continue</Button>
        </div>
      </>
    );
  }
  if (!enrolment) {
    return <Spinner animation="border" size="sm" role="status" aria-label="Loading" />;
  }
  return (
    <Form noValidate onSubmit={(event) => void finish(event)}>
      <Alert variant="info">
        The firm requires two-factor sign-in. Set up an authenticator app to continue.
      </Alert>
      <p>Scan this code with an authenticator app, then type the code it shows.</p>
      <TotpSecret qrCode={enrolment.qrCode} secret={enrolment.secret} centred />
      <Form.Group className="mb-3" controlId="enrolment-code">
        <Form.Label>Code from the app</Form.Label>
        <Form.Control
          autoComplete="one-time-code"
          inputMode="numeric"
          autoFocus
          value={code}
          isInvalid={!!codeError}
          onChange={(event) => setCode(event.target.value)}
        />
        <Form.Control.Feedback type="invalid">{codeError}</Form.Control.Feedback>
      </Form.Group>
      <div className="d-grid">
        <ReasonButton
          type="submit"
          wrapperClassName="d-grid"
          whyDisabled={
            confirming ? 'Checking the code…' : !code.trim() && 'Enter the code from the app first'
          }
        >
          {confirming ? 'Checking...' : 'Turn on and sign in'}
        </ReasonButton>
      </div>
    </Form>
  );
}
