import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router-dom';
import { MESSAGES, organizationPath, ROUTES } from '@registra/domain';
import { NewOrganizationModal } from '../../../components/CreateNameModal';
import type { NewOrganizationValues } from '../../../components/CreateNameModal';
import { EMPTY_DATE, FormattedDate } from '../../../components/FormattedDate';
import { errorText } from '../../../app/errors';
import { useCreateOrganizationMutation } from '../../../app/records';
import { useDashboardCardsQuery } from '../api';

/**
 * Dashboard "Organizations" card (spec 01 "Dashboard"): the total, "View all", a create button
 * and the 5 most recent organizations with incorporation date and next AR reminder.
 */
export function OrganizationsCard() {
  const navigate = useNavigate();
  const { data, isLoading, isError } = useDashboardCardsQuery();
  const [showCreate, setShowCreate] = useState(false);
  const [createOrganization, { isLoading: creating }] = useCreateOrganizationMutation();

  const create = async ({ name }: NewOrganizationValues) => {
    try {
      const organization = await createOrganization({ name }).unwrap();
      toast.success(MESSAGES.organizationCreated);
      setShowCreate(false);
      navigate(organizationPath(organization._id));
    } catch (error) {
      toast.error(errorText(error, MESSAGES.organizationCreateFailed));
    }
  };

  return (
    <Card as="section" aria-labelledby="organizations-card-title" className="h-100">
      <Card.Header className="d-flex align-items-center justify-content-between gap-2">
        <h2 id="organizations-card-title" className="h5 mb-0">
          Organizations
        </h2>
        <div className="d-flex align-items-center gap-2">
          <Link to={ROUTES.organizations}>View all</Link>
          <Button size="sm" variant="primary" onClick={() => setShowCreate(true)}>
            New Organization
          </Button>
        </div>
      </Card.Header>
      <Card.Body>
        {isLoading ? (
          <Spinner animation="border" size="sm" role="status">
            <span className="visually-hidden">Loading...</span>
          </Spinner>
        ) : isError || !data ? (
          <p className="text-danger mb-0">{MESSAGES.organizationsFetchFailed}</p>
        ) : (
          <>
            <p className="mb-3">
              <span className="display-6 me-2" data-testid="organizations-total">
                {data.organizations.total}
              </span>
              <span className="text-muted">organizations</span>
            </p>
            {data.organizations.recent.length === 0 ? (
              <p className="text-muted mb-0">{MESSAGES.noOrganizationsFound}</p>
            ) : (
              <ListGroup variant="flush">
                {data.organizations.recent.map((organization) => (
                  <ListGroup.Item key={organization._id} className="px-0">
                    <Link to={organizationPath(organization._id)} className="fw-semibold">
                      {organization.name}
                    </Link>
                    <div className="small text-muted d-flex flex-wrap gap-3">
                      <span>
                        Incorporation:{' '}
                        <FormattedDate value={organization.incorporationDate} empty={EMPTY_DATE} />
                      </span>
                      <span>
                        Next AR reminder:{' '}
                        <FormattedDate value={organization.nextArReminder} empty={EMPTY_DATE} />
                      </span>
                    </div>
                  </ListGroup.Item>
                ))}
              </ListGroup>
            )}
          </>
        )}
      </Card.Body>
      <NewOrganizationModal
        show={showCreate}
        busy={creating}
        onHide={() => setShowCreate(false)}
        onSubmit={create}
      />
    </Card>
  );
}
