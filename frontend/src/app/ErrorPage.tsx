import { MESSAGES } from '@registra/domain';
import Container from 'react-bootstrap/Container';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const detail = typeof error.data === 'string' ? error.data : '';
    return [`${error.status} ${error.statusText}`.trim(), detail].filter(Boolean).join(': ');
  }
  if (error instanceof Error) return error.message;
  return String(error);
}

/** What any unhandled routing or rendering error shows (docs/product/screens.md). */
export function ErrorPage() {
  const error = useRouteError();
  return (
    <Container className="py-5">
      <h1 className="h3">{MESSAGES.unexpectedApplicationError}</h1>
      <pre className="text-danger text-wrap">{describe(error)}</pre>
    </Container>
  );
}
