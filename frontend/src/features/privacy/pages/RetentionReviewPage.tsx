import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { AML_RETENTION_YEARS, formatDate } from '@registra/domain';
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

function RetentionReview() {
  const review = useRetentionReviewQuery();
  const [eraseReviewed, erasing] = useEraseReviewedMutation();
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const people = review.data?.people ?? [];
  const chosen = people.filter((person) => ticked.has(person._id)).map((person) => person._id);

  const toggle = (id: string, on: boolean) =>
    setTicked((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const erase = async () => {
    try {
      const { erased, held } = await eraseReviewed(chosen).unwrap();
      setTicked(new Set());
      toast.success(
        `${erased.length} ${erased.length === 1 ? 'person' : 'people'} erased` +
          (held.length ? `; ${held.length} still kept (a role added since the review).` : '.'),
      );
    } catch (error) {
      toast.error(errorText(error, 'The people could not be erased.', 'code'));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <>
      <h1 className="h3 mb-2">Retention review</h1>
      <p className="text-muted">
        People whose every client relationship ended {AML_RETENTION_YEARS} years ago or more: the
        AML law no longer keeps their records, and storage limitation (GDPR Art. 5(1)(e)) asks that
        they go. Tick the ones to erase after checking them.
      </p>
      {review.isLoading && <Spinner animation="border" size="sm" role="status" />}
      {review.isError && (
        <Alert variant="danger">{errorText(review.error, 'The review could not be loaded.')}</Alert>
      )}
      {review.data && people.length === 0 && (
        <Alert variant="success">Nothing to erase: the retention keeps everyone.</Alert>
      )}
      {people.length > 0 && (
        <>
          <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
            <Form.Check
              id="retention-all"
              label="Select all"
              checked={chosen.length === people.length}
              onChange={(event) =>
                setTicked(event.target.checked ? new Set(people.map((p) => p._id)) : new Set())
              }
            />
            <Button
              variant="danger"
              className="ms-auto"
              disabled={chosen.length === 0}
              onClick={() => setConfirming(true)}
            >
              Erase selected ({chosen.length})
            </Button>
          </div>
          <ListGroup aria-label="People the retention no longer keeps">
            {people.map((person) => (
              <ListGroup.Item
                key={person._id}
                className="d-flex flex-wrap gap-2 align-items-center"
              >
                <Form.Check
                  id={`retention-${person._id}`}
                  aria-label={`Select ${person.firstName} ${person.lastName}`}
                  checked={ticked.has(person._id)}
                  onChange={(event) => toggle(person._id, event.target.checked)}
                />
                <Link to={`/people/${person._id}`} className="fw-semibold">
                  {person.firstName} {person.lastName}
                </Link>
                <span className="text-muted small ms-sm-auto">
                  Last relationship ended {formatDate(person.lastEndedOn)} · erasable since{' '}
                  {formatDate(person.erasableFrom)}
                </span>
              </ListGroup.Item>
            ))}
          </ListGroup>
        </>
      )}
      <ConfirmDialog
        show={confirming}
        title="Erase the selected people"
        message={`${chosen.length} ${chosen.length === 1 ? 'person is' : 'people are'} erased for good: personal fields, files, and their values in the history and the mail history. Their roles stay, without personal data.`}
        confirmLabel="Erase"
        onConfirm={() => void erase()}
        onCancel={() => setConfirming(false)}
        busy={erasing.isLoading}
        busyReason="Erasing…"
      />
    </>
  );
}
