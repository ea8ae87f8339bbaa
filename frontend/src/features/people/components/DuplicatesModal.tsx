import { useEffect, useId } from 'react';
import Badge from 'react-bootstrap/Badge';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { MESSAGES } from '@registra/domain';
import { usePeopleDuplicatesQuery } from '../api';

/** The people list's duplicates dialog: each group of look-alike names with its members. */
export function DuplicatesModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  const titleId = useId();
  return (
    <Modal show={show} onHide={onHide} size="lg" scrollable aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5" id={titleId}>
          Duplicates
        </Modal.Title>
      </Modal.Header>
      {/* Asked for only when opened: the grouping scans every person. */}
      {show && <DuplicatesBody onHide={onHide} />}
    </Modal>
  );
}

function DuplicatesBody({ onHide }: { onHide: () => void }) {
  const {
    data: groups,
    isFetching,
    isError,
  } = usePeopleDuplicatesQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });

  useEffect(() => {
    if (isError) toast.error(MESSAGES.duplicatesFetchFailed, { id: 'people-duplicates-failed' });
  }, [isError]);

  if (isFetching && !groups) {
    return (
      <Modal.Body className="text-center">
        <Spinner animation="border" size="sm" role="status">
          <span className="visually-hidden">Loading...</span>
        </Spinner>
      </Modal.Body>
    );
  }
  if (isError)
    return <Modal.Body className="text-danger">{MESSAGES.duplicatesFetchFailed}</Modal.Body>;
  if (!groups || groups.length === 0) {
    return <Modal.Body className="text-muted">No duplicates found</Modal.Body>;
  }
  return (
    <Modal.Body>
      {groups.map((group) => (
        <section key={group._id} className="mb-3" aria-label={`Duplicate group ${group._id}`}>
          <h3 className="h6">
            <Badge bg="warning" text="dark" className="me-2">
              {group.count}
            </Badge>
            {group.people[0]
              ? `${group.people[0].firstName} ${group.people[0].lastName}`
              : group._id}
          </h3>
          <ListGroup>
            {group.people.map((member) => (
              <ListGroup.Item
                key={member.contactId}
                className="d-flex justify-content-between gap-2"
              >
                <Link to={`/people/${member.contactId}`} onClick={onHide}>
                  {member.firstName} {member.lastName}
                </Link>
                <span className="text-muted">{member.mail || '—'}</span>
              </ListGroup.Item>
            ))}
          </ListGroup>
        </section>
      ))}
    </Modal.Body>
  );
}
