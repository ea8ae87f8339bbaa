import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router-dom';
import { createdDaysAgo, fullName, MESSAGES, peoplePath, ROUTES } from '@registra/domain';
import { NewPeopleModal } from '../../../components/CreateNameModal';
import type { NewPeopleValues } from '../../../components/CreateNameModal';
import { errorText } from '../../../app/errors';
import { useCreatePersonMutation } from '../../../app/records';
import { useDashboardCardsQuery } from '../api';

/**
 * Dashboard "People" card (spec 01 "Dashboard"): the total, "View all", a create button and the
 * 5 most recent people with "Created N days ago".
 */
export function PeopleCard() {
  const navigate = useNavigate();
  const { data, isLoading, isError } = useDashboardCardsQuery();
  const [showCreate, setShowCreate] = useState(false);
  const [createPerson, { isLoading: creating }] = useCreatePersonMutation();

  const create = async (values: NewPeopleValues) => {
    try {
      const person = await createPerson(values).unwrap();
      toast.success(MESSAGES.created);
      setShowCreate(false);
      navigate(peoplePath(person._id));
    } catch (error) {
      toast.error(errorText(error, MESSAGES.personCreateFailed));
    }
  };

  return (
    <Card as="section" aria-labelledby="people-card-title" className="h-100">
      <Card.Header className="d-flex align-items-center justify-content-between gap-2">
        <h2 id="people-card-title" className="h5 mb-0">
          People
        </h2>
        <div className="d-flex align-items-center gap-2">
          <Link to={ROUTES.people}>View all</Link>
          <Button size="sm" variant="primary" onClick={() => setShowCreate(true)}>
            New People
          </Button>
        </div>
      </Card.Header>
      <Card.Body>
        {isLoading ? (
          <Spinner animation="border" size="sm" role="status">
            <span className="visually-hidden">Loading...</span>
          </Spinner>
        ) : isError || !data ? (
          <p className="text-danger mb-0">{MESSAGES.peopleFetchFailed}</p>
        ) : (
          <>
            <p className="mb-3">
              <span className="display-6 me-2" data-testid="people-total">
                {data.people.total}
              </span>
              <span className="text-muted">people</span>
            </p>
            {data.people.recent.length === 0 ? (
              <p className="text-muted mb-0">{MESSAGES.noPeopleFound}</p>
            ) : (
              <ListGroup variant="flush">
                {data.people.recent.map((person) => (
                  <ListGroup.Item
                    key={person._id}
                    className="px-0 d-flex justify-content-between gap-2"
                  >
                    <Link to={peoplePath(person._id)} className="fw-semibold">
                      {fullName(person)}
                    </Link>
                    <span className="small text-muted">{createdDaysAgo(person.createdAt)}</span>
                  </ListGroup.Item>
                ))}
              </ListGroup>
            )}
          </>
        )}
      </Card.Body>
      <NewPeopleModal
        show={showCreate}
        busy={creating}
        onHide={() => setShowCreate(false)}
        onSubmit={create}
      />
    </Card>
  );
}
