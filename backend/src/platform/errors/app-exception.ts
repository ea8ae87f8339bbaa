import { HttpException, HttpStatus } from '@nestjs/common';
import { ErrorCode } from '@registra/domain';

export interface FieldError {
  field: string;
  message: string;
}

/** An error the API answers on purpose: an HTTP status, a stable code and a message for people. */
export class AppException extends HttpException {
  constructor(
    status: HttpStatus,
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldError[],
    /** Response headers that go with the answer (Retry-After on a 429). */
    readonly headers?: Record<string, string>,
    /** More fields of the answer's body (`mergedInto` on a merged-away record's 404). */
    extra?: Record<string, unknown>,
  ) {
    super({ ok: false, code, message, ...(details ? { details } : {}), ...extra }, status);
  }
}

/** 403: the signed-in user's role may not do this; `message` says who may. */
export const forbidden = (message: string): AppException =>
  new AppException(HttpStatus.FORBIDDEN, ErrorCode.FORBIDDEN, message);

export const notFound = (what = 'Record'): AppException =>
  new AppException(HttpStatus.NOT_FOUND, ErrorCode.NOT_FOUND, `${what} not found`);

/** 404 for a record staff merged into another: the body names the kept record. */
export const mergedAway = (what: string, mergedInto: string): AppException =>
  new AppException(
    HttpStatus.NOT_FOUND,
    ErrorCode.NOT_FOUND,
    `${what} not found: it was merged into another record`,
    undefined,
    undefined,
    { mergedInto },
  );

/**
 * 404 for a record that was deleted (soft delete): still "none" for the API, but the body says
 * `deleted: true` so that its address can say "This person was deleted" and point an
 * administrator to Activity, where it can be restored.
 */
export const deletedRecord = (what: string): AppException =>
  new AppException(
    HttpStatus.NOT_FOUND,
    ErrorCode.NOT_FOUND,
    `${what} not found: it was deleted`,
    undefined,
    undefined,
    { deleted: true },
  );

export const validationError = (
  details: FieldError[],
  message = 'Some fields are invalid',
): AppException =>
  new AppException(HttpStatus.BAD_REQUEST, ErrorCode.VALIDATION_ERROR, message, details);
