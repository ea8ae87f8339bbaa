import { HttpStatus } from '@nestjs/common';
import { ErrorCode } from '@registra/domain';
import { AppException } from '../platform/errors/app-exception';

// The refusals the account use cases share (accounts, sign-in, passwords, two-factor).

/** A request the account's state refuses (400, as a validation error). */
export const refused = (message: string): AppException =>
  new AppException(HttpStatus.BAD_REQUEST, ErrorCode.VALIDATION_ERROR, message);

/** A deactivated account: told only to whoever knows its password, or to an administrator. */
export const accountDisabled = (): AppException =>
  new AppException(
    HttpStatus.FORBIDDEN,
    ErrorCode.ACCOUNT_DISABLED,
    'This account is deactivated: ask an administrator to reactivate it',
  );

/** A one-time link (invitation, password reset, enrolment) used, expired or replaced. */
export const deadLink = (): AppException =>
  new AppException(
    HttpStatus.BAD_REQUEST,
    ErrorCode.INVALID_TOKEN,
    'This link is not valid any more (used, expired or replaced): ask for a new one',
  );

export const emailTaken = (): AppException =>
  new AppException(
    HttpStatus.CONFLICT,
    ErrorCode.EMAIL_TAKEN,
    'An account already uses this e-mail',
  );
