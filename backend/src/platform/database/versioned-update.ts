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

/** Without a client version, a write that raced another one is re-read and retried this often. */
const UNVERSIONED_ATTEMPTS = 3;

/**
 * The update loop every versioned record shares: load the live row (404 when missing), refuse a
 * stale client version (409), compute and write guarded by the loaded `updatedAt`. A race with
 * another writer is retried when the client sent no version, and answers 409 when it did.
 */
export async function updateWithVersion<Row extends { updatedAt: Date }, Result>(options: {
  what: string;
  expected: Date | undefined;
  load: () => Promise<Row | undefined>;
  write: (current: Row, nextUpdatedAt: Date) => Promise<Result | undefined>;
}): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const current = await options.load();
    if (!current) throw notFound(options.what);
    if (options.expected && current.updatedAt.getTime() !== options.expected.getTime())
      throw versionConflict();
    // Strictly later than the stored version, so two writes in one millisecond still differ.
    const nextUpdatedAt = new Date(Math.max(Date.now(), current.updatedAt.getTime() + 1));
    const written = await options.write(current, nextUpdatedAt);
    if (written !== undefined) return written;
    if (options.expected || attempt >= UNVERSIONED_ATTEMPTS) {
      throw missingOrConflict(Boolean(await options.load()), options.what);
    }
  }
}
