// Record shapes of the files context in the OpenAPI document (libs/domain/src/contract/files.ts).
import { api } from '../platform/http/openapi';
import type { Schema, SchemaObject } from '../platform/http/openapi';

const attachedFileFields = {
  url: { type: 'string', description: '/api/file/{fileId}: the download and the delete id' },
  folder: { type: 'string', description: 'people/{id}, organization/{id}/{folder} or task/{id}' },
  fileName: api.string,
  size: api.integer,
  contentType: api.string,
  uploadedBy: api.string,
  uploadedAt: api.timestamp,
} satisfies Record<string, Schema>;
const ATTACHED_FILE_OPTIONAL = ['size', 'contentType', 'uploadedBy', 'uploadedAt'];

export const ATTACHED_FILE = api.record('AttachedFile', attachedFileFields, ATTACHED_FILE_OPTIONAL);

export const FILE_VIEW = api.record(
  'FileView',
  { _id: api.id, ...attachedFileFields },
  ATTACHED_FILE_OPTIONAL,
);

/**
 * A record as a write answers it: `attachedFiles` in the shape the client sent (the records, or
 * their urls alone).
 */
export function withFilesAsSent(record: SchemaObject): SchemaObject {
  return {
    ...record,
    properties: {
      ...record.properties,
      // anyOf: an empty list is either.
      attachedFiles: { anyOf: [api.array(ATTACHED_FILE), api.array(api.string)] },
    },
  };
}
