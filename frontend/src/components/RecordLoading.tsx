import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Navigate } from 'react-router-dom';
import type { DeletedRecordKind } from '@registra/domain';
import { DeletedRecord, isDeletedRecordError } from './DeletedRecord';

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
 * (`mergedPath`, where records merge); a deleted record of a kind that says so (`deleted`): "This
 * … was deleted"; else back to its list (`listPath`). Anything else: why, and a button to ask
 * again.
 */
export function RecordNotLoaded({
  error,
  listPath,
  mergedPath,
  deleted,
  message,
  retry,
}: {
  error: unknown;
  listPath: string;
  mergedPath?: (mergedInto: string) => string;
  deleted?: { kind: DeletedRecordKind; listLabel: string };
  message: string;
  retry: () => void;
}) {
  const failure = error as { status?: unknown; mergedInto?: string } | undefined;
  if (failure?.status === 404) {
    const mergedInto = mergedPath && failure.mergedInto;
    if (mergedInto) return <Navigate to={mergedPath(mergedInto)} replace />;
    if (deleted && isDeletedRecordError(error))
      return (
        <DeletedRecord kind={deleted.kind} listPath={listPath} listLabel={deleted.listLabel} />
      );
    return <Navigate to={listPath} replace />;
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
