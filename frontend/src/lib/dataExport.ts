import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { api } from './api';
import { errorText } from './errors';
import { savedWords, useFileTransfers } from './files';
import type { OkAnswer } from '../types/api';

/** A subject-access export's job (GET /data-export/{id}). */
export interface DataExportState {
  status: 'running' | 'done' | 'failed';
  progress: number;
}

/** How often a running export's progress is asked for. */
const EXPORT_POLL_MS = 1000;

export const dataExportApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /data-export/{id}: the job's status and progress (polled while it runs). */
    dataExportState: build.query<DataExportState, string>({
      query: (id) => `/data-export/${id}`,
      transformResponse: (answer: OkAnswer<DataExportState>) => answer.data,
    }),
  }),
});

/**
 * A subject-access export followed to its end (docs/product/privacy.md): `follow(id)` with the id
 * a start call answered polls the job, then saves the ZIP once (or says it failed). A person's
 * export and an e-mail's share it.
 */
export function useSubjectExport() {
  const transfers = useFileTransfers();
  const [exportId, setExportId] = useState<string | null>(null);
  const state = dataExportApi.useDataExportStateQuery(exportId ?? '', {
    skip: !exportId,
    pollingInterval: EXPORT_POLL_MS,
  });
  const status = state.data?.status;

  useEffect(() => {
    if (!exportId || (status !== 'done' && status !== 'failed')) return;
    setExportId(null);
    if (status === 'failed') {
      toast.error('The export could not be built. Try again.');
      return;
    }
    transfers
      .download(`/data-export/${exportId}/download`, {})
      .then((saved) => toast.success(savedWords(saved)))
      .catch((error: unknown) => {
        toast.error(errorText(error, 'The export could not be downloaded.', 'code'));
      });
  }, [exportId, status, transfers]);

  return {
    follow: setExportId,
    running: Boolean(exportId),
    progress: exportId ? (state.data?.progress ?? 0) : null,
  };
}
