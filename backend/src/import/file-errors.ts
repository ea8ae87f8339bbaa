import { HttpStatus } from '@nestjs/common';
import { ErrorCode } from '@registra/domain';
import { AppException } from '../platform/errors/app-exception';

/** 400: the file is not something the import can read (empty, binary, damaged, no such sheet). */
export const badFile = (message: string) =>
  new AppException(HttpStatus.BAD_REQUEST, ErrorCode.VALIDATION_ERROR, message);

/** 413: the file is readable but larger than one of the import's limits, named in `message`. */
export const limitExceeded = (message: string) =>
  new AppException(HttpStatus.PAYLOAD_TOO_LARGE, ErrorCode.IMPORT_LIMIT_EXCEEDED, message);

const MIB = 1024 * 1024;

/** A size as people read it in a refusal: `950.4 MiB`, `12 345 bytes`. */
export function describeBytes(bytes: number): string {
  if (bytes >= MIB) return `${(bytes / MIB).toFixed(1)} MiB`;
  return `${String(bytes).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} bytes`;
}
