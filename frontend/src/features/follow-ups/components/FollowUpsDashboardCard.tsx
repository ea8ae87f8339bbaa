import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router-dom';
import {
  FOLLOW_UP_OPTIONS,
  followUpDefinition,
  isFollowUpCompleted,
  MESSAGES,
  ROUTES,
  stepCounterText,
  stepLabel,
} from '@registra/domain';
import { useFollowUpOrganizationsQuery } from '../api';
import { DeadlineText } from './DeadlineText';
import { useErrorToast } from '../../../components/useErrorToast';

/** Organizations the card lists; it scrolls (a maximum height of about 32 rem). */
const CARD_ORGANIZATIONS = 50;

/**
 * Dashboard "Follow Ups": organizations with active follow-ups, by type and
 * by deadline order; each entry opens the organization's follow-ups (the older FOLLOW_UP_TAB
 * address, which lands on FOLLOW_UP_BETA_TAB).
 */
export default function FollowUpsDashboardCard() {
  const [type, setType] = useState('');
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const { data, isFetching, isError } = useFollowUpOrganizationsQuery({
    ...(type ? { followUp: type } : {}),
    deadline: order,
    limit: CARD_ORGANIZATIONS,
  });

  useErrorToast(isError, MESSAGES.followUpsFetchFailed, 'dashboard-follow-ups');

  const organizations = data?.data ?? [];
  return (
    <Card as="section" className="h-100" aria-labelledby="follow-ups-card-title">
      <Card.Header className="d-flex flex-wrap align-items-center gap-2">
        <h2 id="follow-ups-card-title" className="h5 mb-0 me-auto">
          Follow Ups{' '}
          {data && (
            <Badge bg="secondary" pill data-testid="follow-ups-total">
              {data.totalItems}
            </Badge>
          )}
        </h2>
        <Link to={ROUTES.followUps}>View all</Link>
      </Card.Header>
      <Card.Body className="pb-0">
        <div className="d-flex gap-2 mb-2">
          <Form.Select
            size="sm"
            aria-label="Follow-up type"
            value={type}
            onChange={(event) => setType(event.target.value)}
          >
            <option value="">All follow-ups</option>
            {FOLLOW_UP_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Form.Select>
          <Form.Select
            size="sm"
            aria-label="Deadline order"
            value={order}
            onChange={(event) => setOrder(event.target.value as 'asc' | 'desc')}
          >
            <option value="asc">Oldest date</option>
            <option value="desc">Most recent date</option>
          </Form.Select>
        </div>
      </Card.Body>
      <div style={{ maxHeight: '32rem', overflowY: 'auto' }} tabIndex={0} aria-label="Follow-ups">
        {isFetching && !data && (
          <div className="p-3">
            <Spinner animation="border" size="sm" role="status">
              <span className="visually-hidden">Loading...</span>
            </Spinner>
          </div>
        )}
        {isError && <p className="text-danger px-3">{MESSAGES.followUpsFetchFailed}</p>}
        {data && organizations.length === 0 && (
          <p className="text-muted px-3">No follow-ups in progress</p>
        )}
        <ListGroup variant="flush">
          {organizations.map((organization) => (
            <ListGroup.Item key={organization._id}>
              <Link to={`/organization/${organization._id}/FOLLOW_UP_TAB`} className="fw-semibold">
                {organization.name}
              </Link>
              {(organization.followUps ?? []).map((followUp) => {
                const completed = isFollowUpCompleted(followUp.followUpName, followUp.stepIndex);
                return (
                  <div key={followUp._id} className="small mt-1">
                    <span className="me-2">
                      {followUpDefinition(followUp.followUpName).displayName}
                    </span>
                    <Badge bg={completed ? 'success' : 'primary'} className="me-2">
                      {completed ? 'Completed' : 'In progress'}
                    </Badge>
                    <span className="text-muted me-2">
                      {stepCounterText(followUp.followUpName, followUp.stepIndex)}{' '}
                      {stepLabel(followUp.followUpName, followUp.stepIndex)}
                    </span>
                    <DeadlineText deadline={followUp.deadline} completed={completed} />
                    {followUp.comments && (
                      <div className="text-muted fst-italic text-break">{followUp.comments}</div>
                    )}
                  </div>
                );
              })}
            </ListGroup.Item>
          ))}
        </ListGroup>
      </div>
    </Card>
  );
}
