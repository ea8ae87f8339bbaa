import type { ReactNode } from 'react';
import { ReasonButton } from '../../../components/ReasonButton';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';

/** The centred card the sign-in and sign-up screens share. */
export function AuthCard({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <Container as="main" className="d-flex align-items-center justify-content-center min-vh-100">
      <Card className="shadow-sm w-100" style={{ maxWidth: '26rem' }}>
        <Card.Body className="p-4">
          <p className="text-muted small mb-1">Registra</p>
          <h1 className="h4 mb-4">{title}</h1>
          {children}
        </Card.Body>
        <Card.Footer className="text-center small">{footer}</Card.Footer>
      </Card>
    </Container>
  );
}

/**
 * The full-width submit button of a sign-in screen's form: while the form is being sent it is
 * disabled, says what is happening, and its tooltip says why it cannot be pressed.
 */
export function AuthSubmit({
  sending,
  sendingText,
  children,
}: {
  sending: boolean;
  /** What is happening while it is sent, e.g. "Sending". */
  sendingText: string;
  children: ReactNode;
}) {
  return (
    <div className="d-grid">
      <ReasonButton
        type="submit"
        variant="primary"
        wrapperClassName="d-grid"
        whyDisabled={sending && `${sendingText}…`}
      >
        {sending ? `${sendingText}...` : children}
      </ReasonButton>
    </div>
  );
}
