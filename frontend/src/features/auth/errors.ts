import { failureText, MESSAGES } from '@registra/domain';
import { isApiError } from '../../app/api';

/** Sign-in failure toast (spec 01 §8): the error code, or "Error" (never the message). */
export const signinErrorText = (error: unknown): string =>
  (isApiError(error) && error.code) || MESSAGES.error;

/** Sign-up failure toast (spec 01 §8): the response code, else the error message, else "Error". */
export const signupErrorText = (error: unknown): string =>
  failureText(isApiError(error) ? error : undefined, MESSAGES.error, 'code');
