import type { FileView } from '@registra/domain';
import { JsonView, PAGE_ROWS } from '../platform/database/json-view';
import { files } from './files.schema';
import type { FileRow } from './files.schema';

/** The `data` of POST /file (the shared contract). */
export type { FileView };

export const fileUrl = (id: string) => `/api/file/${id}`;

/**
 * A file as the API shows it, for one upload and for the recent files' page written by
 * PostgreSQL (ADR 0090): its download address, who uploaded it by name (left out when unknown:
 * the contract's field is optional), when. Where it is stored and whose folder it is stay inside.
 */
export const FILE_VIEW = new JsonView(files, {
  hidden: ['storageKey', 'ownerKind', 'ownerId', 'uploadedBy', 'deletedAt'],
  renamed: { uploadedByName: 'uploadedBy', createdAt: 'uploadedAt' },
  extras: [{ key: 'url', sql: `'/api/file/' || ${PAGE_ROWS}.id` }],
  omitNulls: true,
});

export const toFileView = (row: FileRow): FileView =>
  FILE_VIEW.toView(row, { url: fileUrl(row.id) }) as unknown as FileView;
