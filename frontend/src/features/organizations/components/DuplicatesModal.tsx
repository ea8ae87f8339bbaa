import { useEffect } from 'react';
import Badge from 'react-bootstrap/Badge';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { MESSAGES } from '@registra/domain';
import { useOrganizationDuplicatesQuery } from '../api';

/** Groups of organizations whose names differ only by case, accents, spacing or legal suffix. */
export function DuplicatesModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  return (
    <Modal show={show} onHide={onHide} centered size="lg" scrollable>
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5">
          Duplicate organizations
        </Modal.Title>
      </Modal.Header>
      {/* Mounted only while shown, so each opening asks the server afresh. */}
      {show && <DuplicatesBody onNavigate={onHide} />}
    </Modal>
  );
}

function DuplicatesBody({ onNavigate }: { onNavigate: () => void }) {
  const { data, isFetching, isError } = useOrganizationDuplicatesQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });

  useEffect(() => {
    if (isError) toast.error(MESSAGES.duplicatesFetchFailed, { id: 'organization-duplicates' });
  }, [isError]);

  if (isFetching && !data) {
    return (
      <Modal.Body className="text-center">
        <Spinner animation="border" size="sm" role="status">
          <span className="visually-hidden">Loading...</span>
        </Spinner>
      </Modal.Body>
    );
  }
  if (isError) {
    return (
      <Modal.Body>
        <p className="text-danger mb-0">{MESSAGES.duplicatesFetchFailed}</p>
      </Modal.Body>
    );
  }
  const groups = data ?? [];
  return (
    <Modal.Body>
      {groups.length === 0 ? (
        <p className="text-muted mb-0">No duplicates found</p>
      ) : (
        <ListGroup>
          {groups.map((group) => (
            <ListGroup.Item key={group._id} data-testid="duplicate-group">
              <div className="d-flex align-items-center gap-2 mb-1">
                <Badge bg="warning" text="dark">
                  {group.count}
                </Badge>
                <span className="text-muted small">{group._id}</span>
              </div>
              <ul className="mb-0">
                {group.organizations.map((name, index) => (
                  <li key={group.organizationIds[index] ?? `${name}-${index}`}>
                    {group.organizationIds[index] ? (
                      <Link
                        to={`/organization/${group.organizationIds[index]}`}
                        onClick={onNavigate}
                      >
                        {name}
                      </Link>
                    ) : (
                      name
                    )}
                  </li>
                ))}
              </ul>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </Modal.Body>
  );
}
