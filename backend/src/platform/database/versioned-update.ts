import { HttpStatus } from '@nestjs/common';
import { ErrorCode } from '@registra/domain';
import { AppException, notFound } from '../errors/app-exception';

/**
 * Optimistic concurrency (api-conventions.md "Records"): a whole-record PUT may carry the
 * `updatedAt` the client loaded. Repositories update `WHERE id = ? AND deleted_at IS NULL
 * [AND updated_at = ?]`; when nothing was updated this tells 404 from 409.
 */
export function parseExpectedVersion(updatedAt: unknown): Date | undefined {
  if (updatedAt === undefined || updatedAt === null) return undefined;
  const date = new Date(String(updatedAt));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export function versionConflict(): AppException {
  return new AppException(
    HttpStatus.CONFLICT,
    ErrorCode.VERSION_CONFLICT,
    'Someone else changed this record since you loaded it',
  );
}

export function missingOrConflict(exists: boolean, what: string): AppException {
  return exists ? versionConflict() : notFound(what);
}
