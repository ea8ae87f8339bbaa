import { ErrorCode, MESSAGES } from '@registra/domain';
import { isApiError } from '../../lib/api';
import { codeText } from '../../lib/errors';

/**
 * Sign-in failure toast (the error code, or "Error"): the code's sentence ("Wrong
 * e-mail or password.") with the code kept in small print; "Error" when no answer came.
 */
export const signinErrorText = (error: unknown): string =>
  isApiError(error) && error.code ? codeText(error.code, error.message) : MESSAGES.error;

/**
 * Sign-up failure toast: the response code in words (small print keeps the code),
 * else the error message, else "Error"; a refused field says why (a password on the
 * common-password list), and so does a refused invitation.
 */
export const signupErrorText = (error: unknown): string => {
  if (!isApiError(error)) return MESSAGES.error;
  if (error.details?.length || error.code === 'INVALID_TOKEN') return failureMessage(error);
  if (error.code) return codeText(error.code, error.message);
  return error.message || MESSAGES.error;
};

/**
 * The words of a failure for the account screens: a refused field's reason (a password "on the
 * list of common or breached passwords"), else the server's message, else "Error".
 */
export const failureMessage = (error: unknown): string => {
  if (!isApiError(error)) return MESSAGES.error;
  if (error.details?.length) return error.details.map((detail) => detail.message).join('; ');
  return error.message || MESSAGES.error;
};

/**
 * The one-time enrolment token of a sign-in or sign-up the firm refused because the account
 * must set up two-factor sign-in first; undefined for any other failure.
 */
export const requiredEnrolmentToken = (error: unknown): string | undefined =>
  isApiError(error) && error.code === ErrorCode.TOTP_ENROLMENT_REQUIRED
    ? error.enrolmentToken || undefined
    : undefined;
