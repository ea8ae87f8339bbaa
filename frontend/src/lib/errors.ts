import { errorSentence, failureText } from '@registra/domain';
import { isApiError } from './api';

/**
 * The code a toast keeps in small print after the sentence: "Wrong e-mail or password.
 * (INVALID_CREDENTIALS)". The toaster (ToastText) shows the part in brackets small.
 */
export const withCode = (sentence: string, code: string): string => `${sentence} (${code})`;

/** A toast's text split into its sentence and the code kept after it, if any. */
export function splitCode(text: string): { sentence: string; code?: string } {
  const match = /^([\s\S]*\S) \(([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{4,})\)$/.exec(text);
  return match ? { sentence: match[1], code: match[2] } : { sentence: text };
}

/**
 * A failure toast's text (docs/product/screens.md): the server's message when it answered with its
 * error envelope, otherwise the screen's fallback. Where the screen shows the error code (`prefer:
 * 'code'`), the code's sentence is shown with the code kept in small print after it, never the bare
 * code. A failure without an envelope (network down, a proxy's page) carries only the client's own
 * wording, which the screens' fallbacks replace.
 */
export function errorText(
  error: unknown,
  fallback: string,
  prefer: 'message' | 'code' = 'message',
  language: 'en' | 'fr' = 'en',
): string {
  if (!isApiError(error) || !error.code) return fallback;
  if (prefer === 'code') return codeText(error.code, error.message || fallback, language);
  // The public form's messages are the server's French ones; a code with no French message of
  // its own (429, 413, 503) gets the French sentence.
  if (language === 'fr' && error.code !== 'VALIDATION_ERROR') {
    return errorSentence(error.code, 'fr') ?? failureText(error, fallback, prefer);
  }
  return failureText(error, fallback, prefer);
}

/** A code in words, the code itself in small print; an unknown code keeps the server's words. */
export function codeText(code: string, message: string, language: 'en' | 'fr' = 'en'): string {
  const sentence = errorSentence(code, language) ?? message;
  return sentence ? withCode(sentence, code) : code;
}
