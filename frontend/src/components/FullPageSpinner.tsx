import Spinner from 'react-bootstrap/Spinner';

/** Fills the viewport while the page cannot show anything yet (e.g. the session check). */
export function FullPageSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="d-flex align-items-center justify-content-center min-vh-100">
      <Spinner animation="border" role="status" variant="primary">
        <span className="visually-hidden">{label}</span>
      </Spinner>
    </div>
  );
}
