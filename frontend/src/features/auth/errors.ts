import { failureText, MESSAGES } from '@registra/domain';
import { isApiError } from '../../app/api';

/** Sign-in failure toast (spec 01 §8): the error code, or "Error" (never the message). */
export const signinErrorText = (error: unknown): string =>
  (isApiError(error) && error.code) || MESSAGES.error;

/**
 * Sign-up failure toast (spec 01 §8): the response code, else the error message, else "Error";
 * a refused field says why (a password on the common-password list), and so does a refused
 * invitation.
 */
export const signupErrorText = (error: unknown): string =>
  isApiError(error) && (error.details?.length || error.code === 'INVALID_TOKEN')
    ? failureMessage(error)
    : failureText(isApiError(error) ? error : undefined, MESSAGES.error, 'code');

/**
 * The words of a failure for the account screens: a refused field's reason (a password "on the
 * list of common or breached passwords"), else the server's message, else "Error".
 */
export const failureMessage = (error: unknown): string => {
  if (!isApiError(error)) return MESSAGES.error;
  if (error.details?.length) return error.details.map((detail) => detail.message).join('; ');
  return error.message || MESSAGES.error;
};
