import { useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router-dom';
import { errorText } from '../../../lib/errors';
import { useDashboardCardsQuery } from '../api';
import type { DashboardCards } from '../api';

/** What a card's create modal takes (NewOrganizationModal, NewPeopleModal). */
export interface CreateModalProps<Values> {
  show: boolean;
  onHide: () => void;
  onSubmit: (values: Values) => void | Promise<void>;
  busy?: boolean;
}

export interface DashboardCardProps<Item extends { _id: string }, Values> {
  /** Names the heading's id (`<name>-card-title`) and the total's test id (`<name>-total`). */
  name: string;
  title: string;
  /** Where "View all" goes. */
  listPath: string;
  /** Picks the card's total and recent records out of GET /dashboard. */
  select: (cards: DashboardCards) => { total: number; recent: Item[] };
  /** What the total counts, after the number ("organizations"). */
  unit: string;
  fetchFailed: string;
  empty: string;
  /** The class of each record's list item, and what it shows. */
  itemClassName: string;
  renderItem: (item: Item) => ReactNode;
  /** The header's create button and the modal it opens. */
  createLabel: string;
  CreateModal: ComponentType<CreateModalProps<Values>>;
  /** Creates the record (the mutation, unwrapped); on success the record's page opens. */
  create: (values: Values) => Promise<{ _id: string }>;
  creating: boolean;
  created: string;
  createFailed: string;
  recordPath: (id: string) => string;
}

/**
 * A dashboard card (docs/product/calendar-and-overview.md, "Home"): a header with the title, "View
 * all" and a create button, then the total and the most recent records; the create modal reports
 * with a toast and opens the new record.
 */
export function DashboardCard<Item extends { _id: string }, Values>({
  name,
  title,
  listPath,
  select,
  unit,
  fetchFailed,
  empty,
  itemClassName,
  renderItem,
  createLabel,
  CreateModal,
  create,
  creating,
  created,
  createFailed,
  recordPath,
}: DashboardCardProps<Item, Values>) {
  const navigate = useNavigate();
  const { data, isLoading, isError } = useDashboardCardsQuery();
  const [showCreate, setShowCreate] = useState(false);
  const titleId = `${name}-card-title`;
  const records = data && select(data);

  const submit = async (values: Values) => {
    try {
      const record = await create(values);
      toast.success(created);
      setShowCreate(false);
      navigate(recordPath(record._id));
    } catch (error) {
      toast.error(errorText(error, createFailed));
    }
  };

  return (
    <Card as="section" aria-labelledby={titleId} className="h-100">
      <Card.Header className="d-flex align-items-center justify-content-between gap-2">
        <h2 id={titleId} className="h5 mb-0">
          {title}
        </h2>
        <div className="d-flex align-items-center gap-2">
          <Link to={listPath}>View all</Link>
          <Button size="sm" variant="primary" onClick={() => setShowCreate(true)}>
            {createLabel}
          </Button>
        </div>
      </Card.Header>
      <Card.Body>
        {isLoading ? (
          // As tall as the total line it waits for: on a phone the cards below do not jump down
          // by as much when the answer arrives (Lighthouse's layout shift, ADR 0112's History).
          <p className="mb-3 d-flex align-items-center" data-testid={`${name}-loading`}>
            <span className="display-6 me-2" aria-hidden="true">
              &nbsp;
            </span>
            <Spinner animation="border" size="sm" role="status">
              <span className="visually-hidden">Loading...</span>
            </Spinner>
          </p>
        ) : isError || !records ? (
          <p className="text-danger mb-0">{fetchFailed}</p>
        ) : (
          <>
            <p className="mb-3">
              <span className="display-6 me-2" data-testid={`${name}-total`}>
                {records.total}
              </span>
              <span className="text-muted">{unit}</span>
            </p>
            {records.recent.length === 0 ? (
              <p className="text-muted mb-0">{empty}</p>
            ) : (
              <ListGroup variant="flush">
                {records.recent.map((item) => (
                  <ListGroup.Item key={item._id} className={itemClassName}>
                    {renderItem(item)}
                  </ListGroup.Item>
                ))}
              </ListGroup>
            )}
          </>
        )}
      </Card.Body>
      <CreateModal
        show={showCreate}
        busy={creating}
        onHide={() => setShowCreate(false)}
        onSubmit={submit}
      />
    </Card>
  );
}
