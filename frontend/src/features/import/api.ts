import type {
  ImportCheckView,
  ImportDateFormat,
  ImportDuplicateChoice,
  ImportEncoding,
  ImportMapping,
  ImportStatus,
  ImportUploadView,
  ImportView,
} from '@registra/domain';
import { api } from '../../lib/api';
import type { ListAnswer } from '../../types/api';

export interface CheckImportRequest {
  id: string;
  mapping?: ImportMapping;
  dateFormat?: ImportDateFormat;
  encoding?: ImportEncoding;
  sheet?: string;
  onDuplicate: ImportDuplicateChoice;
  /** Per-row choices overriding `onDuplicate`. */
  choices?: Record<string, ImportDuplicateChoice>;
}

/** What a check found: `check` of the import once `checked`. */
export type ImportCheckAnswer = ImportCheckView;

/** While a check, a run or an undo goes on, the import's status is asked for this often. */
export const IMPORT_POLL_MS = 1000;

/** The statuses in which one of the import's jobs (check, run, undo) goes on. */
export const IMPORT_JOB_GOING_ON: ReadonlySet<ImportStatus> = new Set([
  'checking',
  'running',
  'undoing',
]);

/**
 * A job just started: the import's cached status becomes the answer at once (`checking`,
 * `running`, `undoing`), so no screen reads the state of before the job as its outcome.
 */
const startedJob = async (
  id: string,
  {
    dispatch,
    queryFulfilled,
  }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: ImportView }> },
) => {
  try {
    const { data } = await queryFulfilled;
    dispatch(importApi.util.upsertQueryData('importStatus', id, data));
  } catch {
    // Refused: the cached status stays what it was.
  }
};

export const importApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /import: multipart with `kind`, the file and, optionally, `encoding` or `sheet`. */
    uploadImport: build.mutation<ImportUploadView, FormData>({
      query: (form) => ({ url: '/import', method: 'POST', body: form }),
      transformResponse: (answer: { data: ImportUploadView }) => answer.data,
      invalidatesTags: ['Import'],
    }),
    /** Starts the check, a background job: the import (`checking`); its result comes by polling. */
    checkImport: build.mutation<ImportView, CheckImportRequest>({
      query: ({ id, ...body }) => ({ url: `/import/${id}/check`, method: 'POST', body }),
      transformResponse: (answer: { data: ImportView }) => answer.data,
      onQueryStarted: ({ id }, started) => startedJob(id, started),
      invalidatesTags: ['Import'],
    }),
    runImport: build.mutation<ImportView, string>({
      query: (id) => ({ url: `/import/${id}/run`, method: 'POST' }),
      transformResponse: (answer: { data: ImportView }) => answer.data,
      onQueryStarted: (id, started) => startedJob(id, started),
      invalidatesTags: ['Import'],
    }),
    importStatus: build.query<ImportView, string>({
      query: (id) => `/import/${id}`,
      transformResponse: (answer: { data: ImportView }) => answer.data,
      providesTags: (_answer, _error, id) => [{ type: 'Import', id }],
    }),
    importHistory: build.query<ListAnswer<ImportView>, { page: number; limit: number }>({
      query: (params) => ({ url: '/import', params }),
      providesTags: ['Import'],
    }),
    /** Starts the undo, a background job: the import (`undoing`). */
    undoImport: build.mutation<ImportView, string>({
      query: (id) => ({ url: `/import/${id}/undo`, method: 'POST' }),
      transformResponse: (answer: { data: ImportView }) => answer.data,
      onQueryStarted: (id, started) => startedJob(id, started),
      // The book changed: every list and record may show what the import wrote.
      invalidatesTags: ['Import', 'Organization', 'Person', 'Link', 'Dashboard', 'Audit'],
    }),
  }),
});

export const {
  useUploadImportMutation,
  useCheckImportMutation,
  useRunImportMutation,
  useImportStatusQuery,
  useImportHistoryQuery,
  useUndoImportMutation,
} = importApi;
