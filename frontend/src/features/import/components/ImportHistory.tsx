import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { formatDate, formatDateTime } from '@registra/domain';
import type { ImportUndoView, ImportView } from '@registra/domain';
import { errorText } from '../../../app/errors';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useImportHistoryQuery, useUndoImportMutation } from '../api';

const HISTORY_LIMIT = 25;

/** The imports made so far, newest first, each undoable for 30 days. */
export function ImportHistory() {
  const { data } = useImportHistoryQuery({ page: 1, limit: HISTORY_LIMIT });
  const [undo, undoState] = useUndoImportMutation();
  const [confirming, setConfirming] = useState<ImportView | null>(null);
  const [undone, setUndone] = useState<(ImportUndoView & { fileName: string }) | null>(null);

  const confirmUndo = async () => {
    if (!confirming) return;
    try {
      const answer = await undo(confirming._id).unwrap();
      setUndone({ ...answer, fileName: confirming.fileName });
      toast.success(`Import of ${confirming.fileName} undone`);
    } catch (error) {
      toast.error(errorText(error, 'The import could not be undone.'));
    } finally {
      setConfirming(null);
    }
  };

  return (
    <section aria-label="Import history">
      <h2 className="h4">History</h2>
      {undone && (
        <Alert variant="info" dismissible onClose={() => setUndone(null)}>
          {undone.fileName}: {undone.deleted} records deleted, {undone.restored} restored.
          {undone.leftAlone.length > 0 && (
            <>
              {' '}
              Changed since the import, so left as they are:
              <ul className="mb-0">
                {undone.leftAlone.map((record) => (
                  <li key={record.recordId}>{record.label || record.recordId}</li>
                ))}
              </ul>
            </>
          )}
        </Alert>
      )}
      <Table size="sm" responsive className="align-middle" aria-label="Imports">
        <thead>
          <tr>
            <th>File</th>
            <th>By</th>
            <th>Date</th>
            <th>Status</th>
            <th>Created</th>
            <th>Updated</th>
            <th>Skipped</th>
            <th>Failed</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {(data?.data ?? []).map((entry) => (
            <tr key={entry._id}>
              <td>{entry.fileName}</td>
              <td>{entry.userName}</td>
              <td>{formatDateTime(entry.createdAt)}</td>
              <td>
                {entry.status === 'running' ? (
                  <Link to={`/import?id=${entry._id}`}>running</Link>
                ) : (
                  entry.status
                )}
              </td>
              <td>{entry.created}</td>
              <td>{entry.updated}</td>
              <td>{entry.skipped}</td>
              <td>{entry.failed}</td>
              <td>
                {entry.undoableUntil && (
                  <Button
                    size="sm"
                    variant="outline-danger"
                    title={`Until ${formatDate(entry.undoableUntil)}`}
                    onClick={() => setConfirming(entry)}
                  >
                    Undo
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
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
