import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Spinner from 'react-bootstrap/Spinner';
import toast from 'react-hot-toast';
import { formatDate } from '@registra/domain';
import type { ImportDuplicateChoice, ImportView } from '@registra/domain';
import { api } from '../../../lib/api';
import { errorText } from '../../../lib/errors';
import { useAppDispatch } from '../../../lib/hooks';
import { savedWords, useFileTransfers } from '../../../lib/files';
import { ReasonButton } from '../../../components/ReasonButton';
import {
  IMPORT_JOB_GOING_ON,
  IMPORT_POLL_MS,
  useCheckImportMutation,
  useImportStatusQuery,
  useRunImportMutation,
} from '../api';
import { CheckResult } from './CheckResult';

/** "1 record", "119 records". */
export const counted = (count: number, noun: string): string =>
  `${count} ${noun}${count === 1 ? '' : 's'}`;

const percentOf = (view: ImportView) => Math.round(view.progress * 100);

/**
 * An import as the server has it now, asked for again every second while one of its jobs (a check,
 * the run, an undo) goes on. Whether to ask again is decided from the latest answer each time,
 * never latched: an answer of before the job (a read racing the job's start) cannot stop the
 * asking for good, and an ended job stops it. `since` (ms): when this window started a job; an
 * answer read before it is not taken as the job's.
 */
export function useImportJob(id: string, since = 0) {
  const [polling, setPolling] = useState(true);
  const query = useImportStatusQuery(id, {
    pollingInterval: polling ? IMPORT_POLL_MS : 0,
    refetchOnMountOrArgChange: true,
  });
  const fresh = query.data !== undefined && (query.fulfilledTimeStamp ?? 0) >= since;
  const view = fresh ? query.data : undefined;
  const goingOn = !query.isError && (view === undefined || IMPORT_JOB_GOING_ON.has(view.status));
  if (goingOn !== polling) setPolling(goingOn);

  // A run or an undo seen going on, now ended: the book changed, lists and records are read again.
  const dispatch = useAppDispatch();
  const seen = useRef<ImportView['status'] | undefined>(undefined);
  const status = view?.status;
  useEffect(() => {
    const before = seen.current;
    seen.current = status;
    if ((before === 'running' || before === 'undoing') && status !== before)
      dispatch(
        api.util.invalidateTags(['Organization', 'Person', 'Link', 'Dashboard', 'Audit', 'Import']),
      );
  }, [status, dispatch]);

  return { view, isError: query.isError, goingOn };
}

function Bar({ view, label }: { view: ImportView; label: string }) {
  const percent = percentOf(view);
  return (
    <ProgressBar
      now={percent}
      label={`${percent} %`}
      animated={IMPORT_JOB_GOING_ON.has(view.status)}
      aria-label={label}
      className="mb-3"
    />
  );
}

/**
 * Where a job going on stands with the queue (ADR 0145): asked for while the queue was away, it
 * waits and starts by itself once the queue is back; resumed after a worker stopped, it says so.
 */
export function QueueState({ view, job }: { view: ImportView; job: string }) {
  if (!IMPORT_JOB_GOING_ON.has(view.status)) return null;
  if (view.waitingForQueue)
    return (
      <Alert variant="warning" className="py-2">
        <strong>Waiting for the queue.</strong> The background queue cannot be reached just now: the{' '}
        {job} starts by itself as soon as it is back. Nothing is lost meanwhile.
      </Alert>
    );
  if (view.resumes > 0)
    return (
      <p className="text-body-secondary small mb-1">
        Resumed {view.resumes === 1 ? 'once' : `${view.resumes} times`} after the worker stopped,
        from its last saved batch.
      </p>
    );
  return null;
}

export interface ImportJobProps {
  id: string;
  /** "New import": back to the upload. */
  onDone: () => void;
}

/**
 * The import the address names (`?id=`), from the server's state, so that a reload finds it
 * again: its check, its run or its undo going on (a progress bar), or how each ended, in words.
 */
export function ImportJob({ id, onDone }: ImportJobProps) {
  const { view, isError } = useImportJob(id);
  if (isError) return <Alert variant="danger">This import could not be found.</Alert>;
  if (!view) return <Spinner animation="border" role="status" aria-label="Loading" />;
  const newImport = <Button onClick={onDone}>New import</Button>;

  switch (view.status) {
    case 'uploaded':
      return (
        <section aria-label="Import" className="mb-5">
          <Alert variant="info">
            {view.fileName} is uploaded but was never checked: upload it again to map its columns.
          </Alert>
          {newImport}
        </section>
      );
    case 'checking':
      return (
        <section aria-label="Check" className="mb-5">
          <p className="mb-1">
            Checking {view.fileName}: every row against the rules and the book. Nothing is written.
          </p>
          <QueueState view={view} job="check" />
          <Bar view={view} label="Check progress" />
        </section>
      );
    case 'check_failed':
      return (
        <section aria-label="Check" className="mb-5">
          <Alert variant="danger">
            <strong>The check of {view.fileName} failed.</strong> {view.failure}
          </Alert>
          {newImport}
        </section>
      );
    case 'checked':
      return <CheckedImport view={view} onDone={onDone} />;
    case 'undoing':
    case 'undone':
    case 'undo_failed':
      return <UndoOutcome view={view} newImport={newImport} />;
    default:
      return <RunOutcome view={view} newImport={newImport} />;
  }
}

/** A check over, found again after a reload: what it found, and the run. */
function CheckedImport({ view, onDone }: { view: ImportView; onDone: () => void }) {
  const [check, checkState] = useCheckImportMutation();
  const [run, runState] = useRunImportMutation();
  const choice = view.onDuplicate ?? 'skip';
  // The server keeps the mapping, dates, encoding and sheet: a choice alone checks again.
  const checkAgain = (onDuplicate: ImportDuplicateChoice, choices?: Record<string, string>) =>
    void check({
      id: view._id,
      onDuplicate,
      ...(choices ? { choices: choices as Record<string, ImportDuplicateChoice> } : {}),
    })
      .unwrap()
      .catch((error: unknown) => toast.error(errorText(error, 'The check failed.')));
  if (!view.check) return null;
  return (
    <section aria-label="Checked import" className="mb-5">
      <p>
        <strong>{view.fileName}</strong>
      </p>
      <CheckResult
        importId={view._id}
        result={view.check}
        onDuplicate={choice}
        onChoice={(next) => checkAgain(next)}
        choices={{}}
        onRowChoice={(row, next) => checkAgain(choice, next ? { [String(row)]: next } : {})}
        busy={checkState.isLoading}
      />
      <div className="d-flex gap-2">
        <Button variant="outline-secondary" onClick={onDone}>
          New import
        </Button>
        <ReasonButton
          onClick={() =>
            void run(view._id)
              .unwrap()
              .catch((error: unknown) =>
                toast.error(errorText(error, 'The import could not start.')),
              )
          }
          whyDisabled={runState.isLoading && 'Starting the import…'}
        >
          Import
        </ReasonButton>
      </div>
    </section>
  );
}

function RunOutcome({ view, newImport }: { view: ImportView; newImport: ReactNode }) {
  const transfers = useFileTransfers();
  const running = view.status === 'running';
  return (
    <section aria-label="Import run" className="mb-5">
      <p>
        <strong>{view.fileName}</strong>
        {running && ` · importing ${view.rows} rows`}
      </p>
      <QueueState view={view} job="import" />
      <Bar view={view} label="Import progress" />
      {!running && (
        <>
          <Alert variant={view.status === 'failed' ? 'danger' : 'success'}>
            {view.status === 'failed' ? 'The import stopped. ' : 'The import is done. '}
            {view.created} created, {view.updated} updated, {view.skipped} skipped, {view.failed}{' '}
            failed.
            {view.failure && <div>{view.failure}</div>}
            {view.undoableUntil && (
              <div>It can be undone until {formatDate(view.undoableUntil)} (History below).</div>
            )}
          </Alert>
          <div className="d-flex gap-2">
            {view.failed > 0 && (
              <Button
                variant="outline-secondary"
                onClick={() =>
                  void transfers
                    .download(`/import/${view._id}/errors.csv`, {})
                    .then((saved) => toast.success(savedWords(saved)))
                    .catch((error: unknown) =>
                      toast.error(errorText(error, 'The failed rows could not be downloaded.')),
                    )
                }
              >
                Download the failed rows (CSV)
              </Button>
            )}
            {newImport}
          </div>
        </>
      )}
    </section>
  );
}

/** An undo going on (its bar), then what it deleted and restored and the records it left alone. */
function UndoOutcome({ view, newImport }: { view: ImportView; newImport: ReactNode }) {
  const undo = view.undo;
  if (view.status === 'undoing') {
    return (
      <section aria-label="Undo" className="mb-5">
        <p className="mb-1">
          Undoing {view.fileName}
          {undo ? `: ${undo.recordsDone} of ${counted(undo.records, 'record')}` : ''}
        </p>
        <QueueState view={view} job="undo" />
        <Bar view={view} label="Undo progress" />
      </section>
    );
  }
  const failed = view.status === 'undo_failed';
  return (
    <section aria-label="Undo" className="mb-5">
      <Bar view={view} label="Undo progress" />
      <Alert variant={failed ? 'danger' : 'success'}>
        {failed ? `The undo of ${view.fileName} stopped: ` : `${view.fileName} was undone: `}
        {undo
          ? `${counted(undo.deleted, 'record')} deleted, ${undo.restored} restored.`
          : 'nothing was written.'}
        {failed && <div>{view.failure} It can be resumed from the History below.</div>}
        {undo && undo.leftAloneCount > 0 && (
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
      {newImport}
    </section>
  );
}
