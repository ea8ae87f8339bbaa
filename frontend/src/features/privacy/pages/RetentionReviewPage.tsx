import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import {
  AML_RETENTION_YEARS,
  PROSPECT_RETENTION_MONTHS_DEFAULT,
  formatDate,
} from '@registra/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorText } from '../../../lib/errors';
import { useCurrentUser } from '../../../lib/hooks';
import { useEraseReviewedMutation, useRetentionReviewQuery } from '../api';

/** /retention (administrators): whom the retention rules allow to erase, and a reviewed erase. */
export function RetentionReviewPage() {
  const user = useCurrentUser();
  if (user?.role !== 'admin') {
    return <Alert variant="warning">The retention review is for administrators.</Alert>;
  }
  return <RetentionReview />;
}

/** One row of the review: a tick box, what it is (a link to it) and why it may go. */
interface ReviewRow {
  _id: string;
  name: string;
  to: string;
  why: string;
}

function ReviewList({
  title,
  rows,
  ticked,
  onTick,
}: {
  title: string;
  rows: ReviewRow[];
  ticked: ReadonlySet<string>;
  onTick: (ids: string[], on: boolean) => void;
}) {
  if (rows.length === 0) return null;
  const id = `retention-all-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className="mb-4" aria-label={title}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 className="h5 mb-0 me-auto">
          {title} ({rows.length})
        </h2>
        <Form.Check
          id={id}
          label="Select all"
          checked={rows.every((row) => ticked.has(row._id))}
          onChange={(event) =>
            onTick(
              rows.map((row) => row._id),
              event.target.checked,
            )
          }
        />
      </div>
      <ListGroup aria-label={title}>
        {rows.map((row) => (
          <ListGroup.Item key={row._id} className="d-flex flex-wrap gap-2 align-items-center">
            <Form.Check
              id={`retention-${row._id}`}
              aria-label={`Select ${row.name}`}
              checked={ticked.has(row._id)}
              onChange={(event) => onTick([row._id], event.target.checked)}
            />
            <Link to={row.to} className="fw-semibold">
              {row.name}
            </Link>
            <span className="text-muted small ms-sm-auto">{row.why}</span>
          </ListGroup.Item>
        ))}
      </ListGroup>
    </section>
  );
}

function RetentionReview() {
  const review = useRetentionReviewQuery();
  const [eraseReviewed, erasing] = useEraseReviewedMutation();
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const people: ReviewRow[] = (review.data?.people ?? []).map((person) => ({
    _id: person._id,
    name: `${person.firstName} ${person.lastName}`,
    to: `/people/${person._id}`,
    why: `Last relationship ended ${formatDate(person.lastEndedOn)} · erasable since ${formatDate(person.erasableFrom)}`,
  }));
  const prospects: ReviewRow[] = (review.data?.prospects ?? []).map((request) => ({
    _id: request._id,
    name: request.organizationName1,
    to: `/form/${request._id}`,
    why: `Last changed ${formatDate(request.lastChangedOn)} · erasable since ${formatDate(request.erasableFrom)}`,
  }));
  const chosenPeople = people.filter((row) => ticked.has(row._id)).map((row) => row._id);
  const chosenProspects = prospects.filter((row) => ticked.has(row._id)).map((row) => row._id);
  const chosen = chosenPeople.length + chosenProspects.length;

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
    try {
      const { erased, held } = await eraseReviewed({
        people: chosenPeople,
        prospects: chosenProspects,
      }).unwrap();
      setTicked(new Set());
      toast.success(
        `${erased.length} erased` +
          (held.length ? `; ${held.length} kept (changed since the review).` : '.'),
      );
    } catch (error) {
      toast.error(errorText(error, 'The selection could not be erased.', 'code'));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 className="h3 mb-0 me-auto">Retention review</h1>
        <Button variant="danger" disabled={chosen === 0} onClick={() => setConfirming(true)}>
          Erase selected ({chosen})
        </Button>
      </div>
      <p className="text-muted">
        What the retention rules let go: people whose every client relationship ended{' '}
        {AML_RETENTION_YEARS} years ago or more (the AML law no longer keeps them), and
        prospects&apos; requests unchanged for {PROSPECT_RETENTION_MONTHS_DEFAULT} months that never
        became a client. Storage limitation (GDPR Art. 5(1)(e)) asks that they go: tick the ones to
        erase after checking them.
      </p>
      {review.isLoading && <Spinner animation="border" size="sm" role="status" />}
      {review.isError && (
        <Alert variant="danger">{errorText(review.error, 'The review could not be loaded.')}</Alert>
      )}
      {review.data && people.length === 0 && prospects.length === 0 && (
        <Alert variant="success">Nothing to erase: the retention keeps everything.</Alert>
      )}
      <ReviewList title="People" rows={people} ticked={ticked} onTick={tick} />
      <ReviewList
        title="Company-creation requests"
        rows={prospects}
        ticked={ticked}
        onTick={tick}
      />
      <ConfirmDialog
        show={confirming}
        title="Erase the selection"
        message={`${chosen} erased for good: people's personal fields, files, and their values in the history and the mail history (their roles stay, without personal data); requests deleted with their people's values.`}
        confirmLabel="Erase"
        onConfirm={() => void erase()}
        onCancel={() => setConfirming(false)}
        busy={erasing.isLoading}
        busyReason="Erasing…"
      />
    </>
  );
}
