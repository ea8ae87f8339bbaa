import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
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
import { api } from '../../../lib/api';
import { errorText } from '../../../lib/errors';
import { useAppDispatch, useCurrentUser } from '../../../lib/hooks';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable } from '../../../components/DataTable';
import type { DataColumn, DataTableLook } from '../../../components/DataTable';
import { useErrorToast } from '../../../components/useErrorToast';
import { named, pageField, textField, useListState } from '../../../components/useListState';
import {
  IMPORT_POLL_MS,
  useImportHistoryQuery,
  useImportStatusQuery,
  useUndoImportMutation,
} from '../api';

/**
 * The history's page lives in the address beside the run's id (`?id=`), which the page's own
 * steps set: both are kept in one state, so turning a page keeps the run shown.
 */
const LIST_STATE = { page: named(pageField, 'historyPage'), id: textField() };

const percentOf = (entry: ImportView) => Math.round(entry.progress * 100);

/** An import's status; while it is being undone, the undo's progress bar. */
function ImportStatus({ entry }: { entry: ImportView }) {
  if (entry.status === 'running') {
    return <Link to={`/import?id=${entry._id}`}>{IMPORT_STATUS_LABELS.running}</Link>;
  }
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
 * What the undo asked for in this window came to: its progress while the job runs (asked for
 * every second), then what it deleted and restored and the records it left alone.
 */
function UndoOutcome({ id, onClose }: { id: string; onClose: () => void }) {
  const [over, setOver] = useState(false);
  const { data } = useImportStatusQuery(id, { pollingInterval: over ? 0 : IMPORT_POLL_MS });
  const dispatch = useAppDispatch();
  const ended = data !== undefined && data.status !== 'undoing';
  if (ended && !over) setOver(true);
  useEffect(() => {
    // The book changed: lists and records shown elsewhere are read again.
    if (over)
      dispatch(
        api.util.invalidateTags(['Organization', 'Person', 'Link', 'Dashboard', 'Audit', 'Import']),
      );
  }, [over, dispatch]);
  if (!data?.undo) return null;
  const undo = data.undo;
  if (data.status === 'undoing') {
    const percent = percentOf(data);
    return (
      <section aria-label="Undo" className="mb-3">
        <p className="mb-1">
          Undoing {data.fileName}: {undo.recordsDone} of {undo.records} records
        </p>
        <ProgressBar now={percent} label={`${percent} %`} animated />
      </section>
    );
  }
  return (
    <Alert variant={data.status === 'undone' ? 'info' : 'danger'} dismissible onClose={onClose}>
      {data.fileName}: {undo.deleted} records deleted, {undo.restored} restored.
      {data.status === 'undo_failed' && <div>{data.failure}</div>}
      {undo.leftAloneCount > 0 && (
        <>
          {' '}
          Changed since the import, so left as they are ({undo.leftAloneCount}):
          <ul className="mb-0">
            {undo.leftAlone.map((record) => (
              <li key={record.recordId}>{record.label || record.recordId}</li>
            ))}
          </ul>
        </>
      )}
    </Alert>
  );
}

/** The imports made so far, newest first, each undoable for 30 days (a background undo). */
export function ImportHistory() {
  const list = useListState(LIST_STATE, { in: 'address' });
  const [undoing, setUndoing] = useState(false);
  const query = useImportHistoryQuery(
    { page: list.state.page, limit: DEFAULT_PAGE_SIZE },
    // While an undo goes on, its row's bar moves (after a reload too).
    { pollingInterval: undoing ? IMPORT_POLL_MS : 0 },
  );
  const anyUndoing = (query.data?.data ?? []).some((entry) => entry.status === 'undoing');
  if (anyUndoing !== undoing) setUndoing(anyUndoing);
  useErrorToast(query.isError, 'The imports could not be loaded.', 'import-history-failed');
  const [undo, undoState] = useUndoImportMutation();
  const [confirming, setConfirming] = useState<ImportView | null>(null);
  const [watched, setWatched] = useState<string | null>(null);

  const confirmUndo = async () => {
    if (!confirming) return;
    try {
      await undo(confirming._id).unwrap();
      setWatched(confirming._id);
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
      {watched && <UndoOutcome key={watched} id={watched} onClose={() => setWatched(null)} />}
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
