import Alert from 'react-bootstrap/Alert';
import { ReasonButton } from './ReasonButton';

export interface ConflictAlertProps {
  /** Loads the record again (discarding the user's edits, which the form still shows until then). */
  onReload: () => void;
  busy?: boolean;
}

/**
 * Shown after a save answered 409 VERSION_CONFLICT: the form keeps what the user typed, and
 * "Reload" fetches the other person's version.
 */
export function ConflictAlert({ onReload, busy = false }: ConflictAlertProps) {
  return (
    <Alert variant="warning" className="d-flex align-items-center justify-content-between gap-3">
      <span>
        Someone else changed this record since you opened it. Your changes are kept below.
      </span>
      <ReasonButton
        variant="outline-dark"
        size="sm"
        onClick={onReload}
        whyDisabled={busy && 'Reloading…'}
      >
        Reload
      </ReasonButton>
    </Alert>
  );
}
