import { useEffect } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE, MESSAGES, formatDashedDate, orNotAvailable } from '@registra/domain';
import type { EmailEvent } from '@registra/domain';
import { Pagination } from '../../../components/Pagination';
import { useEmailActivityQuery } from '../api';

/** Rows per page: the spec's common list size. */
export const EMAILS_PAGE_SIZE = DEFAULT_PAGE_SIZE;

const EVENT_BADGES: Record<EmailEvent, string> = {
  delivered: 'success',
  failed: 'danger',
  other: 'secondary',
};

/** /email: every mail's delivery events, newest first (spec 02 §2.11). */
export function EmailActivityPage() {
  // The page lives in the address, so reloading or going back keeps it.
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isFetching, isError } = useEmailActivityQuery({ page, limit: EMAILS_PAGE_SIZE });

  useEffect(() => {
    // One toast per failure, not one per render.
    if (isError) toast.error(MESSAGES.emailsFetchFailed, { id: 'emails-fetch-failed' });
  }, [isError]);

  const events = data?.data ?? [];
  const goTo = (next: number) =>
    setParams(next > 1 ? { page: String(next) } : {}, { replace: true });

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

      <Table responsive hover className="align-middle">
        <thead>
          <tr>
            <th>Date</th>
            <th>To</th>
            <th>Subject</th>
            <th>Event</th>
            <th>Tag</th>
            <th>Message ID</th>
            <th>Action</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event, index) => (
            // An event has no id of its own; the page and position identify it on this page.
            <tr key={`${page}-${index}`} data-testid="email-row">
              <td className="text-nowrap">{formatDashedDate(event.date)}</td>
              <td>{event.email}</td>
              <td>{event.subject}</td>
              <td>
                <Badge bg={EVENT_BADGES[event.event] ?? 'secondary'}>{event.event}</Badge>
              </td>
              <td>{orNotAvailable(event.tag)}</td>
              <td className="small text-break">{orNotAvailable(event.messageId)}</td>
              <td>
                {/* The spec's View is inert: there is no e-mail detail screen. */}
                <Button size="sm" variant="outline-secondary">
                  View
                </Button>
              </td>
            </tr>
          ))}
          {data && events.length === 0 && (
            <tr>
              <td colSpan={7} className="text-center text-muted py-4">
                No e-mails yet.
              </td>
            </tr>
          )}
        </tbody>
      </Table>

      <Pagination page={page} totalPages={data?.totalPages ?? 0} onChange={goTo} />
    </>
  );
}
