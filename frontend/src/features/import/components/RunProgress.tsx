import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Spinner from 'react-bootstrap/Spinner';
import toast from 'react-hot-toast';
import { api } from '../../../lib/api';
import { errorText } from '../../../lib/errors';
import { useAppDispatch } from '../../../lib/hooks';
import { useFileTransfers } from '../../../lib/files';
import { IMPORT_POLL_MS, useImportStatusQuery } from '../api';

export interface RunProgressProps {
  id: string;
  onDone: () => void;
}

/** A run's progress bar (asked for every second while it runs) and, once over, its summary. */
export function RunProgress({ id, onDone }: RunProgressProps) {
  const [finished, setFinished] = useState(false);
  const { data, isError } = useImportStatusQuery(id, {
    pollingInterval: finished ? 0 : IMPORT_POLL_MS,
  });
  const transfers = useFileTransfers();
  const dispatch = useAppDispatch();
  const over = data !== undefined && data.status !== 'running' && data.status !== 'checked';
  if (over && !finished) setFinished(true);
  useEffect(() => {
    // The book changed: lists and records shown elsewhere are read again.
    if (finished)
      dispatch(
        api.util.invalidateTags(['Organization', 'Person', 'Link', 'Dashboard', 'Audit', 'Import']),
      );
  }, [finished, dispatch]);

  if (isError) return <Alert variant="danger">This import could not be found.</Alert>;
  if (!data) return <Spinner animation="border" role="status" aria-label="Loading" />;
  const percent = Math.round(data.progress * 100);
  return (
    <section aria-label="Import run" className="mb-5">
      <p>
        <strong>{data.fileName}</strong>
      </p>
      <ProgressBar
        now={percent}
        label={`${percent} %`}
        animated={data.status === 'running'}
        aria-label="Import progress"
        className="mb-3"
      />
      {over && (
        <>
          <Alert variant={data.status === 'failed' ? 'danger' : 'success'}>
            {data.status === 'failed' ? 'The import stopped. ' : 'The import is done. '}
            {data.created} created, {data.updated} updated, {data.skipped} skipped, {data.failed}{' '}
            failed.
            {data.failure && <div>{data.failure}</div>}
          </Alert>
          <div className="d-flex gap-2">
            {data.failed > 0 && (
              <Button
                variant="outline-secondary"
                onClick={() =>
                  void transfers
                    .download(`/import/${id}/errors.csv`, {})
                    .catch((error: unknown) =>
                      toast.error(errorText(error, 'The failed rows could not be downloaded.')),
                    )
                }
              >
                Download the failed rows (CSV)
              </Button>
            )}
            <Button onClick={onDone}>New import</Button>
          </div>
        </>
      )}
    </section>
  );
}
