import {
  ArgumentsHost,
  Catch,
  ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import { ErrorCode } from '@registra/domain';
import type { Response } from 'express';
import { isDatabaseUnavailable, pgErrorCode } from '../database/pg-errors';
import { AppException } from './app-exception';

export interface ErrorBody {
  ok: false;
  code: string;
  message: string;
  details?: { field: string; message: string }[];
}

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: ErrorCode.VALIDATION_ERROR,
  401: ErrorCode.UNAUTHORIZED,
  403: ErrorCode.FORBIDDEN,
  404: ErrorCode.NOT_FOUND,
  409: ErrorCode.VERSION_CONFLICT,
  413: ErrorCode.PAYLOAD_TOO_LARGE,
  429: ErrorCode.TOO_MANY_REQUESTS,
};

const MESSAGE_BY_STATUS: Record<number, string> = {
  401: 'Authentication required',
  403: 'You are not allowed to do this',
  404: 'Not found',
  413: 'The request body is too large',
  429: 'Too many attempts, try again in a minute',
};

/** Turns any thrown value into the `{ ok: false, code, message }` envelope of api-conventions.md. */
export function toErrorResponse(exception: unknown): { status: number; body: ErrorBody } {
  if (exception instanceof AppException) {
    return { status: exception.getStatus(), body: exception.getResponse() as ErrorBody };
  }
  if (exception instanceof ThrottlerException) {
    return {
      status: HttpStatus.TOO_MANY_REQUESTS,
      body: { ok: false, code: ErrorCode.TOO_MANY_REQUESTS, message: MESSAGE_BY_STATUS[429] },
    };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const code =
      CODE_BY_STATUS[status] ??
      (status >= 500 ? ErrorCode.INTERNAL_ERROR : ErrorCode.VALIDATION_ERROR);
    const raw = exception.getResponse();
    const rawMessage = typeof raw === 'string' ? raw : (raw as { message?: unknown }).message;
    const message =
      MESSAGE_BY_STATUS[status] ??
      (typeof rawMessage === 'string' ? rawMessage : exception.message);
    return { status, body: { ok: false, code, message } };
  }
  // The database is restarting or unreachable: a moment's unavailability, never a 500. The
  // pool reconnects by itself once it is back.
  if (isDatabaseUnavailable(exception)) {
    return {
      status: HttpStatus.SERVICE_UNAVAILABLE,
      body: {
        ok: false,
        code: ErrorCode.DATABASE_UNAVAILABLE,
        message: 'The database is unavailable for a moment. Please try again shortly.',
      },
    };
  }
  // Data errors (class 22: bad date, number out of range, invalid text) come from input that slipped
  // past validation; they are the caller's mistake, never a 500.
  const sqlState = pgErrorCode(exception);
  if (sqlState?.startsWith('22')) {
    return {
      status: HttpStatus.BAD_REQUEST,
      body: {
        ok: false,
        code: ErrorCode.VALIDATION_ERROR,
        message: 'A value is out of range or malformed',
      },
    };
  }
  return {
    status: HttpStatus.INTERNAL_SERVER_ERROR,
    body: { ok: false, code: ErrorCode.INTERNAL_ERROR, message: 'An unexpected error occurred' },
  };
}

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, body } = toErrorResponse(exception);
    // The stack goes to the log, never to the client.
    if (status >= 500)
      this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (response.headersSent) return;
    if (exception instanceof AppException && exception.headers) {
      for (const [name, value] of Object.entries(exception.headers))
        response.setHeader(name, value);
    }
    if (status === HttpStatus.SERVICE_UNAVAILABLE) response.setHeader('Retry-After', '5');
    // The envelope, not the file a route's own headers announced (a feed's text/calendar, an
    // attachment's name): res.json keeps a Content-Type already set.
    response.removeHeader('Content-Disposition');
    response.type('application/json').status(status).json(body);
  }
}
