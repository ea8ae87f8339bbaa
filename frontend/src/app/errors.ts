import { failureText } from '@registra/domain';
import { isApiError } from './api';

/**
 * A failure toast's text (spec 01 §8): the server's message (or code) when it answered with its
 * error envelope, otherwise the spec's fallback. A failure without an envelope (network down, a
 * proxy's page) carries only the client's own wording, which the spec's fallbacks replace.
 */
export function errorText(
  error: unknown,
  fallback: string,
  prefer: 'message' | 'code' = 'message',
): string {
  return isApiError(error) && error.code ? failureText(error, fallback, prefer) : fallback;
}
