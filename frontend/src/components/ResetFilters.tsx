import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

/** A list's "Reset filters" link, and the small spinner that says a new page is on its way. */
export function ResetFilters({ onReset, busy }: { onReset?: () => void; busy: boolean }) {
  return (
    <>
      {onReset && (
        <Button variant="link" onClick={onReset}>
          Reset filters
        </Button>
      )}
      {busy && (
        <Spinner animation="border" size="sm" role="status">
          <span className="visually-hidden">Loading...</span>
        </Spinner>
      )}
    </>
  );
}
