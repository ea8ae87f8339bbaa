import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

/** One row of the review: a tick box, what it is (a link to it) and why it may go. */
export interface ReviewRow {
  _id: string;
  name: string;
  to: string;
  why: string;
}

/**
 * One group of the review (people, or kept requests): the rows with tick boxes, and its own bulk
 * erase of the ticked ones after a confirmation that says what goes.
 */
export function ReviewGroup({
  title,
  empty,
  rows,
  confirmTitle,
  confirmMessage,
  busy,
  onErase,
}: {
  title: string;
  empty: string;
  rows: ReviewRow[];
  confirmTitle: string;
  confirmMessage: (count: number) => string;
  busy: boolean;
  /** Erases the ids; resolves true when done (the ticks are cleared). */
  onErase: (ids: string[]) => Promise<boolean>;
}) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const chosen = rows.filter((row) => ticked.has(row._id)).map((row) => row._id);
  const slug = title.replace(/\W+/g, '-').toLowerCase();

  const tick = (ids: string[], on: boolean) =>
    setTicked((before) => {
      const next = new Set(before);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const erase = async () => {
    if (await onErase(chosen)) setTicked(new Set());
    setConfirming(false);
  };

  return (
    <section className="mb-4" aria-label={title}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 className="h5 mb-0 me-auto">
          {title} ({rows.length})
        </h2>
        {rows.length > 0 && (
          <Form.Check
            id={`retention-all-${slug}`}
            label="Select all"
            checked={rows.every((row) => ticked.has(row._id))}
            onChange={(event) =>
              tick(
                rows.map((row) => row._id),
                event.target.checked,
              )
            }
          />
        )}
        <Button
          variant="danger"
          size="sm"
          disabled={chosen.length === 0}
          onClick={() => setConfirming(true)}
        >
          Erase selected ({chosen.length})
        </Button>
      </div>
      {rows.length === 0 ? (
        <p className="text-muted">{empty}</p>
      ) : (
        <ListGroup aria-label={title}>
          {rows.map((row) => (
            <ListGroup.Item key={row._id} className="d-flex flex-wrap gap-2 align-items-center">
              <Form.Check
                id={`retention-${row._id}`}
                aria-label={`Select ${row.name}`}
                checked={ticked.has(row._id)}
                onChange={(event) => tick([row._id], event.target.checked)}
              />
              <Link to={row.to} className="fw-semibold text-break">
                {row.name}
              </Link>
              <span className="text-muted small ms-sm-auto">{row.why}</span>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      <ConfirmDialog
        show={confirming}
        title={confirmTitle}
        message={confirmMessage(chosen.length)}
        confirmLabel="Erase"
        onConfirm={() => void erase()}
        onCancel={() => setConfirming(false)}
        busy={busy}
        busyReason="Erasing…"
      />
    </section>
  );
}
