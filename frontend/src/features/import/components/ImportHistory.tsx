import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ProgressBar from 'react-bootstrap/ProgressBar';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import {
  DEFAULT_PAGE_SIZE,
  IMPORT_STATUS_LABELS,
  formatDate,
  formatDateTime,
  inWords,
} from '@registra/domain';
import type { ImportView } from '@registra/domain';
import { errorText } from '../../../lib/errors';
import { useCurrentUser } from '../../../lib/hooks';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable } from '../../../components/DataTable';
import type { DataColumn, DataTableLook } from '../../../components/DataTable';
import { useErrorToast } from '../../../components/useErrorToast';
import { named, pageField, textField, useListState } from '../../../components/useListState';
import {
  IMPORT_JOB_GOING_ON,
  IMPORT_POLL_MS,
  useImportHistoryQuery,
  useUndoImportMutation,
} from '../api';

/**
 * The history's page lives in the address beside the run's id (`?id=`), which the page's own
 * steps set: both are kept in one state, so turning a page keeps the run shown.
 */
const LIST_STATE = { page: named(pageField, 'historyPage'), id: textField() };

/** A run or an undo asked for while the queue was away: it starts once the queue is back. */
const WAITING_FOR_QUEUE = 'Waiting for the queue';

const percentOf = (entry: ImportView) => Math.round(entry.progress * 100);

/** An import's status; while it is being undone, the undo's progress bar. */
function ImportStatus({ entry }: { entry: ImportView }) {
  if (entry.status === 'running') {
    return (
      <Link to={`/import?id=${entry._id}`}>
        {entry.waitingForQueue ? WAITING_FOR_QUEUE : IMPORT_STATUS_LABELS.running}
      </Link>
    );
  }
  if (entry.status === 'undoing' && entry.waitingForQueue) return <span>{WAITING_FOR_QUEUE}</span>;
  if (entry.status === 'undoing') {
    const percent = percentOf(entry);
    return (
      <ProgressBar now={percent} label={`${percent} %`} animated style={{ minWidth: '8rem' }} />
    );
  }
  return (
    <span title={entry.failure ?? undefined}>{inWords(IMPORT_STATUS_LABELS, entry.status)}</span>
  );
}

function UndoButton({ entry, onUndo }: { entry: ImportView; onUndo: (entry: ImportView) => void }) {
  const user = useCurrentUser();
  // The server lets only the import's own user and administrators undo it.
  if (user?.role !== 'admin' && user?._id !== entry.userId) return null;
  // An undo that stopped goes on from where it stopped, whatever the date.
  if (entry.status === 'undo_failed')
    return (
      <Button size="sm" variant="outline-danger" onClick={() => onUndo(entry)}>
        Resume undo
      </Button>
    );
  if (!entry.undoableUntil) return null;
  return (
    <Button
      size="sm"
      variant="outline-danger"
      title={`Until ${formatDate(entry.undoableUntil)}`}
      onClick={() => onUndo(entry)}
    >
      Undo
    </Button>
  );
}

const columns = (onUndo: (entry: ImportView) => void): DataColumn<ImportView>[] => [
  { label: 'File', cell: (entry) => entry.fileName },
  { label: 'By', cell: (entry) => entry.userName },
  { label: 'Date', className: 'text-nowrap', cell: (entry) => formatDateTime(entry.createdAt) },
  { label: 'Status', cell: (entry) => <ImportStatus entry={entry} /> },
  { label: 'Created', cell: (entry) => entry.created },
  { label: 'Updated', cell: (entry) => entry.updated },
  { label: 'Skipped', cell: (entry) => entry.skipped },
  { label: 'Failed', cell: (entry) => entry.failed },
  {
    label: 'Actions',
    hiddenLabel: true,
    cell: (entry) => <UndoButton entry={entry} onUndo={onUndo} />,
  },
];

/** An import on a phone: its file, who and when, its counts and its undo. */
function ImportCard({ entry, onUndo }: { entry: ImportView; onUndo: (entry: ImportView) => void }) {
  return (
    <Card>
      <Card.Body className="py-2 px-3">
        <div className="d-flex justify-content-between align-items-start gap-2">
          <span className="fw-semibold text-break">{entry.fileName}</span>
          <ImportStatus entry={entry} />
        </div>
        <div className="small text-muted">
          {entry.userName} · {formatDateTime(entry.createdAt)}
        </div>
        <div className="small">
          {entry.created} created, {entry.updated} updated, {entry.skipped} skipped, {entry.failed}{' '}
          failed
        </div>
        <div className="mt-1">
          <UndoButton entry={entry} onUndo={onUndo} />
        </div>
      </Card.Body>
    </Card>
  );
}

const historyLook = (onUndo: (entry: ImportView) => void): DataTableLook<ImportView> => ({
  label: 'Imports',
  columns: columns(onUndo),
  renderCard: (entry) => <ImportCard entry={entry} onUndo={onUndo} />,
  empty: 'No import yet.',
  size: 'sm',
  className: 'align-middle',
});

/**
 * The imports made so far, newest first, each undoable for 30 days (a background undo, which the
 * page then follows through `onUndoStarted`: its progress and outcome come from the server).
 */
export function ImportHistory({ onUndoStarted }: { onUndoStarted: (id: string) => void }) {
  const list = useListState(LIST_STATE, { in: 'address' });
  const [goingOn, setGoingOn] = useState(false);
  const query = useImportHistoryQuery(
    { page: list.state.page, limit: DEFAULT_PAGE_SIZE },
    // While a job of a row goes on, its status moves (after a reload too).
    { pollingInterval: goingOn ? IMPORT_POLL_MS : 0 },
  );
  const anyGoingOn = (query.data?.data ?? []).some((entry) =>
    IMPORT_JOB_GOING_ON.has(entry.status),
  );
  if (anyGoingOn !== goingOn) setGoingOn(anyGoingOn);
  useErrorToast(query.isError, 'The imports could not be loaded.', 'import-history-failed');
  const [undo, undoState] = useUndoImportMutation();
  const [confirming, setConfirming] = useState<ImportView | null>(null);

  const confirmUndo = async () => {
    if (!confirming) return;
    try {
      await undo(confirming._id).unwrap();
      onUndoStarted(confirming._id);
      toast.success(`Undo of ${confirming.fileName} started`);
    } catch (error) {
      toast.error(errorText(error, 'The import could not be undone.'));
    } finally {
      setConfirming(null);
    }
  };

  return (
    <section aria-label="Import history">
      <h2 className="h4">History</h2>
      <DataTable {...historyLook(setConfirming)} answer={query} list={list} />
      <ConfirmDialog
        show={confirming !== null}
        title="Undo this import?"
        message={
          confirming
            ? `The records ${confirming.fileName} created are deleted and the fields it updated restored. Records changed since are left alone.`
            : ''
        }
        confirmLabel="Undo"
        confirmVariant="danger"
        busy={undoState.isLoading}
        onConfirm={() => void confirmUndo()}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}
