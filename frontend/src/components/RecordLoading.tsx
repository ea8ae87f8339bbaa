import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Navigate } from 'react-router-dom';

/** A record's page while its record loads: a spinner where the record will be. */
export function RecordLoading() {
  return (
    <div className="text-center py-5">
      <Spinner animation="border" role="status">
        <span className="visually-hidden">Loading...</span>
      </Spinner>
    </div>
  );
}

/**
 * A record's page whose record did not load. Not found (404): to the record it was merged into
 * (`mergedPath`, where records merge), else back to its list (`listPath`). Anything else: why,
 * and a button to ask again.
 */
export function RecordNotLoaded({
  error,
  listPath,
  mergedPath,
  message,
  retry,
}: {
  error: unknown;
  listPath: string;
  mergedPath?: (mergedInto: string) => string;
  message: string;
  retry: () => void;
}) {
  const failure = error as { status?: unknown; mergedInto?: string } | undefined;
  if (failure?.status === 404) {
    const mergedInto = mergedPath && failure.mergedInto;
    return <Navigate to={mergedInto ? mergedPath(mergedInto) : listPath} replace />;
  }
  return (
    <div className="py-5">
      <p className="text-danger">{message}</p>
      <Button variant="outline-secondary" onClick={retry}>
        Try again
      </Button>
    </div>
  );
}
