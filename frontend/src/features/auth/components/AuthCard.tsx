import type { ReactNode } from 'react';
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
