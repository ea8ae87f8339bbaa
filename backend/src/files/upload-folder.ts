import { isOrganizationFolderName } from '@registra/domain';
import { isRecordId } from '../platform/http/id-param.pipe';

export interface UploadTarget {
  ownerKind: 'people' | 'organization' | 'task';
  ownerId: string;
  /** The organization's folder (bank, tax, annualReturn2026, ...); undefined for people and tasks. */
  subfolder?: string;
  /** The canonical folder string stored and answered. */
  folder: string;
}

/**
 * Reads an upload folder: `people/{id}`, `organization/{id}/{folder}` with one of its folders
 * (`isOrganizationFolderName`, libs/domain/src/folders.ts), or `task/{id}`. Anything else — other
 * shapes, `..`, absolute paths, encoded or backslash separators, unknown folders — is refused
 * (undefined). The folder is only ever used to find the record; storage keys are made by the
 * server.
 */
export function parseUploadFolder(raw: unknown): UploadTarget | undefined {
  if (typeof raw !== 'string' || raw.length > 200) return undefined;
  const parts = raw.split('/');
  if (parts.some((part) => !/^[A-Za-z0-9-]+$/.test(part))) return undefined;
  const [kind, id, subfolder, ...rest] = parts;
  if (rest.length > 0 || !isRecordId(id)) return undefined;
  const ownerId = id.toLowerCase();
  if ((kind === 'people' || kind === 'task') && subfolder === undefined) {
    return { ownerKind: kind, ownerId, folder: `${kind}/${ownerId}` };
  }
  if (kind === 'organization' && subfolder !== undefined && isOrganizationFolderName(subfolder)) {
    return {
      ownerKind: 'organization',
      ownerId,
      subfolder,
      folder: `organization/${ownerId}/${subfolder}`,
    };
  }
  return undefined;
}
