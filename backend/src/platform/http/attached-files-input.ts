import type { ApiPropertyOptions } from '@nestjs/swagger';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { ValidationOptions } from 'class-validator';
import type { AttachedFile } from '../database/columns';
import { validationError } from '../errors/app-exception';
import type { StoredFiles } from '../ports/stored-files';
import { AttachedFileDto } from './attached-file.dto';
import { namedFields } from './named-fields';
import { ValidationRule } from './validators';

/**
 * `attachedFiles` as a client may send it: a list of file URLs (strings), or the richer
 * entries the product writes ({ url, folder, fileName, ... }); one list holds one shape or the
 * other, or both.
 */
export type AttachedFilesInput = Array<string | AttachedFileDto>;

const URL_MAX = 2000;

/** Entries a record's list may hold. */
export const ATTACHED_FILES_MAX = 1000;

function entryErrors(entry: unknown): string | null {
  if (typeof entry === 'string') {
    if (entry.trim() === '') return 'a file URL must not be empty';
    return entry.length > URL_MAX ? `a file URL must be at most ${URL_MAX} characters` : null;
  }
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry))
    return 'each entry must be a file URL or a file object';
  // As strict as the global pipe: unknown keys are refused, not stored.
  const errors = validateSync(plainToInstance(AttachedFileDto, entry), {
    whitelist: true,
    forbidNonWhitelisted: true,
  });
  if (errors.length === 0) return null;
  return Object.values(errors[0].constraints ?? {})[0] ?? 'an invalid file entry';
}

/** Validates an `AttachedFilesInput` of at most `max` entries. */
export function IsAttachedFiles(max: number, options: ValidationOptions = {}): PropertyDecorator {
  return ValidationRule(
    'isAttachedFiles',
    {
      validate(value: unknown) {
        return (
          Array.isArray(value) &&
          value.length <= max &&
          value.every((entry) => entryErrors(entry) === null)
        );
      },
      defaultMessage(args) {
        const value = args?.value as unknown;
        if (!Array.isArray(value)) return '$property must be a list of file URLs or file objects';
        if (value.length > max) return `$property must hold at most ${max} files`;
        const index = value.findIndex((entry) => entryErrors(entry) !== null);
        return `$property[${index}]: ${entryErrors(value[index])}`;
      },
    },
    options,
  );
}

/** True when the client wrote the list as URLs only. */
export function sentAsUrls(input: AttachedFilesInput | undefined): boolean {
  return Array.isArray(input) && input.length > 0 && input.every((e) => typeof e === 'string');
}

/**
 * The address of a file the product stores: what the files module writes on upload, relative to
 * the product (`/api/file/<id>`); mails make it absolute with APP_URL.
 */
const OWN_FILE_PATH = /^\/api\/file\/[A-Za-z0-9-]{1,64}$/;

/** True for a file of the product's own storage, relative or under `appUrl` when given. */
export function isOwnFileUrl(url: string, appUrl?: string): boolean {
  return ownFileId(url, appUrl) !== undefined;
}

/** The id in a file address of the product's own storage (as {@link isOwnFileUrl}), or none. */
export function ownFileId(url: string, appUrl?: string): string | undefined {
  const trimmed = url.trim();
  const path =
    appUrl !== undefined && trimmed.startsWith(`${appUrl}/`)
      ? trimmed.slice(appUrl.length)
      : trimmed;
  return OWN_FILE_PATH.test(path) ? path.slice(path.lastIndexOf('/') + 1) : undefined;
}

/** The address of an attached file as a mail's parameters hold it (a URL, or an entry's `url`). */
export function attachedFileUrl(entry: unknown): string | undefined {
  if (typeof entry === 'string') return entry;
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return undefined;
  const { url } = entry as { url?: unknown };
  return typeof url === 'string' ? url : undefined;
}

/**
 * Every address of the product's own storage among `urls` must name a stored file that is not
 * deleted: an invented or deleted `/api/file/{id}` answers 400 naming `field` (with the entry's
 * index). One query for the whole list; addresses that are not the product's are left to the
 * caller's other checks.
 */
export async function requireStoredFiles(
  urls: ReadonlyArray<string | undefined>,
  storedFiles: StoredFiles,
  field: string,
  appUrl?: string,
): Promise<void> {
  const ids = urls.map((url) => (url === undefined ? undefined : ownFileId(url, appUrl)));
  const asked = [...new Set(ids.filter((id) => id !== undefined))];
  if (asked.length === 0) return;
  const live = await storedFiles.liveIds(asked);
  const missing = ids.findIndex((id) => id !== undefined && !live.has(id));
  if (missing < 0) return;
  throw validationError(
    [
      {
        field,
        message: `${field}[${missing}] names no file stored by Registra: it does not exist or was deleted`,
      },
    ],
    'An attached file does not exist',
  );
}

/**
 * The entries to store: an object as sent (without absent keys); a URL as the record's own entry
 * for that URL when it has one (an upload keeps its name, folder and size), otherwise as a
 * reference named after the URL's last segment. A URL the record does not hold already must be a
 * file of the product's own storage (ADR 0113): a `javascript:` address or another site's file
 * answers 400 naming the field.
 */
export function resolveAttachedFiles(
  input: AttachedFilesInput,
  current: readonly AttachedFile[],
): AttachedFile[] {
  const known = new Map(current.map((entry) => [entry.url, entry]));
  const foreign = input.findIndex((entry) => {
    const url = (typeof entry === 'string' ? entry : entry.url).trim();
    return !known.has(url) && !isOwnFileUrl(url);
  });
  if (foreign >= 0) {
    throw validationError(
      [
        {
          field: 'attachedFiles',
          message: `attachedFiles[${foreign}] must be a file stored by Registra (/api/file/{id})`,
        },
      ],
      'Only files stored by Registra can be attached',
    );
  }
  return input.map((entry) => {
    if (typeof entry !== 'string') return namedFields(entry) as unknown as AttachedFile;
    const url = entry.trim();
    return known.get(url) ?? { url, folder: '', fileName: lastSegment(url) };
  });
}

/**
 * {@link resolveAttachedFiles}, and each entry the record does not hold already must name a file
 * the product stores, not deleted ({@link requireStoredFiles}: one query for the list).
 */
export async function resolveStoredAttachedFiles(
  input: AttachedFilesInput,
  current: readonly AttachedFile[],
  storedFiles: StoredFiles,
): Promise<AttachedFile[]> {
  const entries = resolveAttachedFiles(input, current);
  const known = new Set(current.map((entry) => entry.url));
  await requireStoredFiles(
    entries.map((entry) => (known.has(entry.url) ? undefined : entry.url)),
    storedFiles,
    'attachedFiles',
  );
  return entries;
}

/**
 * An update's `attachedFiles` change: none when the request left the list out, otherwise its
 * list resolved against the record's current one ({@link resolveStoredAttachedFiles}).
 */
export async function attachedFilesChange(
  request: { attachedFiles?: AttachedFilesInput },
  current: { attachedFiles: readonly AttachedFile[] },
  storedFiles: StoredFiles,
): Promise<{ attachedFiles?: AttachedFile[] }> {
  if (!request.attachedFiles) return {};
  return {
    attachedFiles: await resolveStoredAttachedFiles(
      request.attachedFiles,
      current.attachedFiles,
      storedFiles,
    ),
  };
}

function lastSegment(url: string): string {
  const path = url.split(/[?#]/)[0].replace(/\/+$/, '');
  const segment = path.slice(path.lastIndexOf('/') + 1) || url;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The record as answered: with `attachedFiles` as URLs when the client sent URLs. */
export function answerAttachedFilesAsSent<View extends { attachedFiles: AttachedFile[] }>(
  view: View,
  input: AttachedFilesInput | undefined,
): View | (Omit<View, 'attachedFiles'> & { attachedFiles: string[] }) {
  if (!sentAsUrls(input)) return view;
  return { ...view, attachedFiles: view.attachedFiles.map((entry) => entry.url) };
}

/** The OpenAPI description of an `attachedFiles` input. */
export const ATTACHED_FILES_SCHEMA: ApiPropertyOptions = {
  description:
    'The file URLs or file entries { url, folder, fileName, size?, contentType?, uploadedBy?, uploadedAt? }',
  type: 'array',
  items: { oneOf: [{ type: 'string' }, { type: 'object' }] },
};
