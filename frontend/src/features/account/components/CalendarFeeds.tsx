import {
  CALENDAR_KIND_LABELS,
  CALENDAR_KINDS,
  type CalendarFeedScope,
  type CalendarKind,
} from '@registra/domain';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import toast from 'react-hot-toast';
import { errorText } from '../../../lib/errors';
import { CalendarKindChecks, toggledKinds } from '../../../components/CalendarKindChecks';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormattedDate } from '../../../components/FormattedDate';
import {
  useCalendarFeedsQuery,
  useCreateCalendarFeedMutation,
  useRevokeCalendarFeedMutation,
} from '../api';
import { ReasonButton } from '../../../components/ReasonButton';

const SCOPE_LABELS: Record<CalendarFeedScope, string> = {
  mine: 'My obligations',
  all: 'All obligations',
};

const kindsText = (kinds: CalendarKind[]) =>
  kinds.length === CALENDAR_KINDS.length
    ? 'Every kind'
    : kinds.map((kind) => CALENDAR_KIND_LABELS[kind]).join(', ');

/**
 * The account's calendar feeds: private addresses Outlook, Google Calendar or Apple Calendar
 * subscribe to. A new address is shown once; a feed can be revoked.
 */
export function CalendarFeeds() {
  const { data: feeds, isLoading, isError } = useCalendarFeedsQuery();
  const [create, { isLoading: creating }] = useCreateCalendarFeedMutation();
  const [revoke, { isLoading: revoking }] = useRevokeCalendarFeedMutation();
  const [scope, setScope] = useState<CalendarFeedScope>('mine');
  const [kinds, setKinds] = useState<CalendarKind[]>([...CALENDAR_KINDS]);
  const [newUrl, setNewUrl] = useState<string>();
  const [toRevoke, setToRevoke] = useState<string>();

  const submit = async () => {
    try {
      const feed = await create({ scope, kinds }).unwrap();
      setNewUrl(feed.url);
    } catch (error) {
      toast.error(errorText(error, 'Failed to create the feed address.'));
    }
  };
  const confirmRevoke = async () => {
    if (!toRevoke) return;
    try {
      await revoke(toRevoke).unwrap();
      toast.success('Feed revoked');
    } catch (error) {
      toast.error(errorText(error, 'Failed to revoke the feed.'));
    }
    setToRevoke(undefined);
  };
  const copy = async () => {
    if (!newUrl) return;
    try {
      await navigator.clipboard.writeText(newUrl);
      toast.success('Copied');
    } catch {
      toast.error('Copy it by hand: the browser refused.');
    }
  };

  return (
    <section aria-labelledby="account-calendar-feeds" className="mb-4">
      <h2 id="account-calendar-feeds" className="h5">
        Calendar feeds
      </h2>
      <p className="text-muted small">
        Subscribe to your deadlines from Outlook, Google Calendar or Apple Calendar. The address is
        private: anyone who has it sees the feed, so revoke it if it leaks.
      </p>
      <Form
        aria-label="New calendar feed"
        className="mb-3"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="d-flex flex-wrap align-items-end gap-3 mb-2">
          <Form.Group controlId="calendar-feed-scope">
            <Form.Label>Feed of</Form.Label>
            <Form.Select
              value={scope}
              onChange={(event) => setScope(event.target.value as CalendarFeedScope)}
            >
              <option value="mine">{SCOPE_LABELS.mine}</option>
              <option value="all">{SCOPE_LABELS.all}</option>
            </Form.Select>
          </Form.Group>
          <ReasonButton
            type="submit"
            whyDisabled={
              creating ? 'Creating…' : kinds.length === 0 && 'Tick at least one kind of date first'
            }
          >
            Create feed address
          </ReasonButton>
        </div>
        <CalendarKindChecks
          idPrefix="calendar-feed-kind"
          kinds={kinds}
          onToggle={(kind, on) => setKinds((current) => toggledKinds(current, kind, on))}
        />
      </Form>
      {newUrl && (
        <Alert variant="success" onClose={() => setNewUrl(undefined)} dismissible>
          <p className="mb-2">
            Your feed address, shown this once: copy it now into your calendar app.
          </p>
          <InputGroup>
            <Form.Control readOnly value={newUrl} aria-label="Feed address" />
            <Button variant="outline-secondary" onClick={() => void copy()}>
              Copy
            </Button>
          </InputGroup>
        </Alert>
      )}
      {isLoading ? (
        <Spinner animation="border" size="sm" role="status" aria-label="Loading" />
      ) : isError ? (
        <Alert variant="danger">Failed to load the calendar feeds.</Alert>
      ) : (
        <Table responsive size="sm" className="align-middle" aria-label="My calendar feeds">
          <thead>
            <tr>
              <th>Feed of</th>
              <th>Kinds</th>
              <th>Created</th>
              <th>Last read</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {(feeds ?? []).map((feed) => (
              <tr key={feed._id} data-testid="calendar-feed-row">
                <td>{SCOPE_LABELS[feed.scope]}</td>
                <td>{kindsText(feed.kinds)}</td>
                <td>
                  <FormattedDate value={feed.createdAt} withTime />
                </td>
                <td>
                  <FormattedDate value={feed.lastFetchedAt} withTime empty="Never" />
                </td>
                <td className="text-end">
                  <Button size="sm" variant="outline-danger" onClick={() => setToRevoke(feed._id)}>
                    Revoke
                  </Button>
                </td>
              </tr>
            ))}
            {feeds?.length === 0 && (
              <tr>
                <td colSpan={5} className="text-center text-muted py-3">
                  No calendar feeds.
                </td>
              </tr>
            )}
          </tbody>
        </Table>
      )}
      <ConfirmDialog
        show={toRevoke !== undefined}
        title="Revoke the feed"
        message="Calendars subscribed to this address will stop receiving it. Revoke?"
        confirmLabel="Revoke"
        busy={revoking}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setToRevoke(undefined)}
      />
    </section>
  );
}
