import { useMemo } from 'react';
import { API_PREFIX, authorizationHeader } from '@registra/domain';
import type { AttachedFile, UploadedFile } from '../types/records';
import { api, endSessionIfRefused, envelopeError, isApiError } from './api';
import type { ApiError } from './api';
import { useAppDispatch } from './hooks';
import { readToken } from './session';

// The files module's client (docs/decisions/0007): uploads go through XMLHttpRequest because
// fetch reports no upload progress; downloads need the Authorization header, so a file is fetched
// into a blob URL instead of being linked.

type OwnerTag = { type: 'Person' | 'Organization' | 'Task'; id: string };

/** The cached record a file folder belongs to: `people/{id}`, `organization/{id}/{f}`, `task/{id}`. */
export function ownerTags(folder: string): OwnerTag[] {
  const [kind, id] = folder.split('/');
  if (!id) return [];
  if (kind === 'people') return [{ type: 'Person', id }];
  if (kind === 'organization') return [{ type: 'Organization', id }];
  if (kind === 'task') return [{ type: 'Task', id }];
  return [];
}

/** `/api/file/{id}` → `{id}`. */
export const fileIdOf = (url: string): string => url.slice(url.lastIndexOf('/') + 1);

export const filesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** DELETE /file/{id}: the stored object and the record's entry go together. */
    deleteFile: build.mutation<void, Pick<AttachedFile, 'url' | 'folder'>>({
      query: ({ url }) => ({ url: `/file/${fileIdOf(url)}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      // A 404 means the entry shown is already gone: the record is stale either way.
      invalidatesTags: (_answer, error, { folder }) =>
        !error || error.status === 404 ? ownerTags(folder) : [],
    }),
  }),
});

export const { useDeleteFileMutation } = filesApi;

/** Thrown (rejected) when the user cancelled an upload. */
export class UploadCancelled extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadCancelled';
  }
}

export interface UploadTask {
  /** The stored file; rejects with an {@link ApiError} or {@link UploadCancelled}. */
  done: Promise<UploadedFile>;
  abort: () => void;
}

const unreachable = (): ApiError => ({
  status: 'FETCH_ERROR',
  message: 'The server could not be reached.',
});

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * POST /file as multipart/form-data, the `folder` field before the file part (the server reads
 * the folder before it streams the file). `onProgress` gets whole percentages of the bytes sent.
 */
export function uploadFile(
  file: File,
  folder: string,
  onProgress?: (percent: number) => void,
): UploadTask {
  const request = new XMLHttpRequest();
  const done = new Promise<UploadedFile>((resolve, reject) => {
    request.open('POST', `${API_PREFIX}/file`);
    const token = readToken();
    if (token) request.setRequestHeader('Authorization', authorizationHeader(token));
    request.upload.onprogress = (event) => {
      // Rounded down: 100 % only once every byte has left.
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.floor((event.loaded / event.total) * 100));
      }
    };
    request.onload = () => {
      const body = parseJson(request.responseText) as { ok?: unknown; data?: unknown } | undefined;
      if (request.status >= 200 && request.status < 300 && body?.ok === true && body.data) {
        resolve(body.data as UploadedFile);
      } else {
        reject(envelopeError(request.status, body));
      }
    };
    request.onerror = () => reject(unreachable());
    request.onabort = () => reject(new UploadCancelled());
    const form = new FormData();
    form.append('folder', folder);
    form.append('file', file, file.name);
    request.send(form);
  });
  return { done, abort: () => request.abort() };
}

/**
 * Types a browser shows without running anything the file carries. Any other type (HTML, SVG,
 * XML, office documents) is saved instead: a blob URL has this app's origin, so an uploaded page
 * opened from it could script the app (the server's sandboxing header does not survive the blob).
 */
const INLINE_TYPES =
  /^(?:application\/pdf|image\/(?:png|jpeg|gif|webp|bmp|avif)|text\/plain|text\/csv|audio\/[\w.+-]+|video\/[\w.+-]+)$/;

export const opensInline = (contentType: string | null | undefined): boolean =>
  INLINE_TYPES.test((contentType ?? '').split(';')[0].trim().toLowerCase());

/** How long a blob URL outlives the click: long enough for the new tab to load it. */
export const BLOB_URL_LIFETIME_MS = 60_000;

function saveBlob(blobUrl: string, fileName: string) {
  const link = document.createElement('a');
  link.href = blobUrl;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * GET /file/{id} with the session's header, then a blob URL: shown in a new tab when the type is
 * safe to show, saved under its name otherwise. The URL is revoked a minute later.
 */
export async function openFile(file: Pick<AttachedFile, 'url' | 'fileName' | 'contentType'>) {
  // The tab is opened now, while the click still counts as one: a window opened after the
  // download would be a blocked popup. An entry without a type may still turn out viewable.
  const tab = !file.contentType || opensInline(file.contentType) ? window.open('', '_blank') : null;
  if (tab) {
    // The blob shown there needs no way back into this app.
    tab.opener = null;
    tab.document.title = file.fileName;
    tab.document.body.textContent = `Opening ${file.fileName}...`;
  }
  try {
    const token = readToken();
    let response: Response;
    try {
      response = await fetch(file.url, {
        headers: token ? { Authorization: authorizationHeader(token) } : {},
      });
    } catch {
      throw unreachable();
    }
    if (!response.ok) {
      throw envelopeError(response.status, parseJson(await response.text()));
    }
    const blob = await response.blob();
    const blobUrl = URL.createObjectURL(blob);
    setTimeout(() => URL.revokeObjectURL(blobUrl), BLOB_URL_LIFETIME_MS);
    if (tab && opensInline(response.headers.get('Content-Type') ?? blob.type)) {
      tab.location.href = blobUrl;
    } else {
      tab?.close();
      saveBlob(blobUrl, file.fileName);
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** The query string of an export: the list's filters, empty ones left out. */
export function exportQuery(filters: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** `attachment; filename="people-2026-11-23.csv"` → `people-2026-11-23.csv`. */
export function attachmentName(disposition: string | null, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  return match ? decodeURIComponent(match[1]) : fallback;
}

/** What a download saved: the file's name and, for a CSV, its rows (the header aside). */
export interface SavedDownload {
  fileName: string;
  rows: number | null;
}

/** The records of a CSV text (a quoted cell may hold line breaks), the header included. */
export function csvRecordCount(text: string): number {
  let records = 0;
  let quoted = false;
  for (const character of text) {
    if (character === '"') quoted = !quoted;
    else if (character === '\n' && !quoted) records += 1;
  }
  return text.length > 0 && !text.endsWith('\n') ? records + 1 : records;
}

/** "people-2026-11-23.csv saved: 119 rows." */
export function savedWords({ fileName, rows }: SavedDownload): string {
  if (rows === null) return `${fileName} saved.`;
  return `${fileName} saved: ${rows} ${rows === 1 ? 'row' : 'rows'}.`;
}

/**
 * GET a download of the API (a list's CSV export, `/people/export?…`, a PDF) with the session's
 * header, saved under the name the server gives it; says what it saved.
 */
export async function downloadExport(
  path: string,
  filters: Record<string, unknown>,
): Promise<SavedDownload> {
  const token = readToken();
  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}${path}${exportQuery(filters)}`, {
      headers: token ? { Authorization: authorizationHeader(token) } : {},
    });
  } catch {
    throw unreachable();
  }
  if (!response.ok) throw envelopeError(response.status, parseJson(await response.text()));
  const blob = await response.blob();
  const blobUrl = URL.createObjectURL(blob);
  setTimeout(() => URL.revokeObjectURL(blobUrl), BLOB_URL_LIFETIME_MS);
  const fileName = attachmentName(response.headers.get('Content-Disposition'), 'export.csv');
  saveBlob(blobUrl, fileName);
  const csv = /^text\/csv\b/i.test(response.headers.get('Content-Type') ?? blob.type);
  return { fileName, rows: csv ? Math.max(0, csvRecordCount(await blob.text()) - 1) : null };
}

/**
 * Upload and open as the file components use them: a refused token ends the session as it does
 * for every RTK Query call, and a finished upload refreshes the record it was attached to.
 */
export function useFileTransfers() {
  const dispatch = useAppDispatch();
  return useMemo(() => {
    const watch = <T>(promise: Promise<T>, sentToken: string | null): Promise<T> =>
      promise.catch((error: unknown) => {
        if (isApiError(error)) endSessionIfRefused(error, sentToken, dispatch);
        throw error;
      });
    return {
      upload(file: File, folder: string, onProgress?: (percent: number) => void): UploadTask {
        const sentToken = readToken();
        const task = uploadFile(file, folder, onProgress);
        const done = watch(task.done, sentToken).then((uploaded) => {
          // The record's attachedFiles and updatedAt changed: refetch it, so counts and a later
          // whole-record Update start from the version that holds the new file.
          dispatch(api.util.invalidateTags(ownerTags(folder)));
          return uploaded;
        });
        return { done, abort: task.abort };
      },
      open(file: Pick<AttachedFile, 'url' | 'fileName' | 'contentType'>): Promise<void> {
        return watch(openFile(file), readToken());
      },
      download(path: string, filters: Record<string, unknown>): Promise<SavedDownload> {
        return watch(downloadExport(path, filters), readToken());
      },
    };
  }, [dispatch]);
}
