import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import {
  DEFAULT_PAGE_SIZE,
  EMAIL_EVENT_LABELS,
  MESSAGES,
  formatDashedDate,
  inWords,
  orNotSet,
} from '@registra/domain';
import type { EmailEvent } from '@registra/domain';
import { DataTable } from '../../../components/DataTable';
import type { DataColumn, DataTableLook } from '../../../components/DataTable';
import { useErrorToast } from '../../../components/useErrorToast';
import { pageField, useListState } from '../../../components/useListState';
import { useEmailActivityQuery } from '../api';
import type { EmailActivity } from '../api';

/** Rows per page: the lists' common size. */
export const EMAILS_PAGE_SIZE = DEFAULT_PAGE_SIZE;

const EVENT_BADGES: Record<EmailEvent, string> = {
  delivered: 'success',
  failed: 'danger',
  other: 'secondary',
};

/** The page lives in the address, so reloading or going back keeps it. */
const LIST_STATE = { page: pageField };

const COLUMNS: DataColumn<EmailActivity>[] = [
  { label: 'Date', className: 'text-nowrap', cell: (event) => formatDashedDate(event.date) },
  { label: 'To', cell: (event) => event.email },
  { label: 'Subject', cell: (event) => event.subject },
  { label: 'Event', cell: (event) => <EventBadge event={event.event} /> },
  { label: 'Tag', cell: (event) => orNotSet(event.tag) },
  {
    label: 'Message ID',
    className: 'small text-break',
    cell: (event) => orNotSet(event.messageId),
  },
  // View is inert: there is no e-mail detail screen.
  { label: 'Action', cell: () => <ViewButton /> },
];

function EventBadge({ event }: { event: EmailEvent }) {
  return (
    <Badge bg={EVENT_BADGES[event] ?? 'secondary'}>{inWords(EMAIL_EVENT_LABELS, event)}</Badge>
  );
}

function ViewButton() {
  return (
    <Button size="sm" variant="outline-secondary">
      View
    </Button>
  );
}

/** An event on a phone: its subject and event, when and to whom. */
function EventCard({ event }: { event: EmailActivity }) {
  return (
    <Card data-testid="email-row">
      <Card.Body className="py-2 px-3">
        <div className="d-flex justify-content-between align-items-start gap-2">
          <span className="fw-semibold text-break">{event.subject}</span>
          <EventBadge event={event.event} />
        </div>
        <div className="small text-muted text-break">To {event.email}</div>
        <div className="small text-muted">
          {formatDashedDate(event.date)} · {orNotSet(event.tag)}
        </div>
      </Card.Body>
    </Card>
  );
}

const EMAILS_TABLE: DataTableLook<EmailActivity> = {
  label: 'E-mail events',
  columns: COLUMNS,
  rowProps: () => ({ 'data-testid': 'email-row' }),
  renderCard: (event) => <EventCard event={event} />,
  empty: 'No e-mails yet.',
};

/** /email: every mail's delivery events, newest first (docs/product/mail.md). */
export function EmailActivityPage() {
  const list = useListState(LIST_STATE, { in: 'address' });
  const page = list.state.page;
  const query = useEmailActivityQuery({ page, limit: EMAILS_PAGE_SIZE });
  const { data, isFetching, isError } = query;
  useErrorToast(isError, MESSAGES.emailsFetchFailed, 'emails-fetch-failed');

  return (
    <>
      <div className="d-flex align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0">
          Emails{' '}
          {data && (
            <Badge bg="secondary" pill>
              {data.totalItems}
            </Badge>
          )}
        </h1>
        {isFetching && <Spinner animation="border" size="sm" role="status" aria-label="Loading" />}
      </div>

      <DataTable
        {...EMAILS_TABLE}
        answer={query}
        list={list}
        // An event has no id of its own; the page and position identify it on this page.
        rowKey={(_event, index) => `${page}-${index}`}
      />
    </>
  );
}
