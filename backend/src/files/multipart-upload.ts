import { HttpStatus } from '@nestjs/common';
import { ErrorCode, ERROR_CODE_MESSAGES, FILE_NAME_MAX_LENGTH } from '@registra/domain';
import busboy from 'busboy';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { AppException } from '../platform/errors/app-exception';
import type { FileStorage } from '../platform/storage/file-storage';

/** Multipart framing around one file and a folder field never comes near this. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export interface ReceivedUpload {
  storageKey: string;
  fileName: string;
  contentType: string;
  size: number;
  /** The `folder` field as sent (validated by the caller). */
  folder: string | undefined;
  /** Every text field of the form as sent (the import's `kind`, `sheet`, `encoding`). */
  fields: Record<string, string>;
}

/** 413 FILE_TOO_LARGE; a caller with its own limit (the import's) names it in `message`. */
export const fileTooLarge = (message: string = ERROR_CODE_MESSAGES.FILE_TOO_LARGE) =>
  new AppException(HttpStatus.PAYLOAD_TOO_LARGE, ErrorCode.FILE_TOO_LARGE, message);

const badUpload = (message: string) =>
  new AppException(HttpStatus.BAD_REQUEST, ErrorCode.VALIDATION_ERROR, message);

/**
 * Streams the one file of a multipart request straight into storage as it arrives: the body is
 * never held in memory nor in a temporary buffer of its size. Over `maxBytes` (declared or
 * actual) it answers `tooLarge()` (FILE_TOO_LARGE) and leaves nothing in storage.
 */
export function receiveUpload(
  request: IncomingMessage,
  storage: FileStorage,
  maxBytes: number,
  tooLarge: () => AppException = () => fileTooLarge(),
): Promise<ReceivedUpload> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD_BYTES) {
    return Promise.reject(tooLarge());
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: request.headers,
      // Browsers send file names as raw UTF-8.
      defParamCharset: 'utf8',
      // One byte over the limit is enough to know the file is too large (busboy truncates at the
      // limit itself, so a file of exactly maxBytes would look truncated otherwise).
      limits: { files: 1, fileSize: maxBytes + 1, fields: 10, fieldSize: 4096, parts: 20 },
    });
  } catch {
    return Promise.reject(badUpload('The request must be multipart/form-data with a file'));
  }

  return new Promise<ReceivedUpload>((resolve, reject) => {
    let folder: string | undefined;
    const fields: Record<string, string> = {};
    let received: Omit<ReceivedUpload, 'size' | 'folder' | 'fields'> | undefined;
    let storing: Promise<number> | undefined;
    let truncated = false;
    let settled = false;

    const fail = async (error: AppException) => {
      if (settled) return;
      settled = true;
      request.unpipe(parser);
      if (storing) await storing.catch(() => undefined);
      if (received) await storage.delete(received.storageKey).catch(() => undefined);
      reject(error);
    };

    parser.on('field', (name, value) => {
      if (name === 'folder') folder = value;
      fields[name] = value;
    });
    parser.on('file', (_field, stream, info) => {
      const fileName = (info.filename ?? '').trim() || 'file';
      // A longer name would be stored and then refused by the record's own PUT.
      if (fileName.length > FILE_NAME_MAX_LENGTH) {
        stream.resume();
        void fail(
          new AppException(
            HttpStatus.BAD_REQUEST,
            ErrorCode.VALIDATION_ERROR,
            `The file name is longer than ${FILE_NAME_MAX_LENGTH} characters`,
            [
              {
                field: 'fileName',
                message: `fileName must be at most ${FILE_NAME_MAX_LENGTH} characters`,
              },
            ],
          ),
        );
        return;
      }
      received = {
        storageKey: randomUUID(),
        fileName,
        contentType: info.mimeType || 'application/octet-stream',
      };
      // Busboy stops writing at the limit and marks the stream truncated.
      stream.on('limit', () => {
        truncated = true;
      });
      storing = storage
        .put(received.storageKey, stream, received.contentType)
        .then((stored) => stored.size);
      storing.catch(() => undefined);
    });
    parser.on('error', () => void fail(badUpload('The multipart body is malformed')));
    request.on('aborted', () => void fail(badUpload('The upload was interrupted')));
    parser.on('close', () => {
      void (async () => {
        if (settled) return;
        if (!received || !storing) return fail(badUpload('No file was sent'));
        let size: number;
        try {
          size = await storing;
        } catch {
          return fail(badUpload('The file could not be stored'));
        }
        if (truncated || size > maxBytes) return fail(tooLarge());
        settled = true;
        resolve({ ...received, size, folder, fields });
      })();
    });
    request.pipe(parser);
  });
}
