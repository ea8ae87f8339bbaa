import { describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  ERROR_CODE_MESSAGES,
  ERROR_CODE_MESSAGES_FR,
  ERROR_CODE_STATUS,
  ErrorCode,
  SESSION_END_CODES,
  SIGN_IN_ANSWER_CODES,
  errorSentence,
  failureText,
  isErrorCode,
  isSessionEndCode,
} from './errors';

describe('API error codes (api-conventions.md, "Answers")', () => {
  it.each([
    ['VALIDATION_ERROR', 400],
    ['INVALID_ID', 400],
    ['UNAUTHORIZED', 401],
    ['INVALID_CREDENTIALS', 401],
    ['INVALID_SECRET_CODE', 403],
    ['FORBIDDEN', 403],
    ['NOT_FOUND', 404],
    ['LINK_ALREADY_EXISTS', 409],
    ['FOLLOW_UP_ALREADY_EXISTS', 409],
    ['EMAIL_TAKEN', 409],
    ['VERSION_CONFLICT', 409],
    ['PAYLOAD_TOO_LARGE', 413],
    ['FILE_TOO_LARGE', 413],
    ['TOO_MANY_REQUESTS', 429],
    ['ACCOUNT_LOCKED', 429],
    ['FORM_ALREADY_CONVERTED', 409],
    ['PRODUCT_ALREADY_EXISTS', 409],
    ['ORDER_ALREADY_LINKED', 409],
    ['RESTORE_CONFLICT', 409],
    ['IMPORT_STATE_CONFLICT', 409],
    ['IMPORT_LIMIT_EXCEEDED', 413],
    ['INTERNAL_ERROR', 500],
    ['DATABASE_UNAVAILABLE', 503],
    ['ACCOUNT_DISABLED', 403],
    ['LAST_ADMIN', 409],
    ['INVALID_TOKEN', 400],
    ['TOTP_REQUIRED', 401],
    ['TOTP_ENROLMENT_REQUIRED', 401],
    ['TOTP_INVALID', 401],
    ['SESSION_EXPIRED', 401],
    ['SESSION_SIGNED_OUT', 401],
    ['SESSION_ACCOUNT_DISABLED', 401],
    ['SHARE_CLASS_ALREADY_EXISTS', 409],
    ['SHARE_CLASS_HELD', 409],
  ] as const)('%s answers HTTP %i with an English default message', (code, status) => {
    expect(ErrorCode[code]).toBe(code);
    expect(ERROR_CODE_STATUS[code]).toBe(status);
    expect(ERROR_CODE_MESSAGES[code].length).toBeGreaterThan(5);
    expect(isErrorCode(code)).toBe(true);
  });

  it('lists exactly the 34 codes, all UPPER_SNAKE_CASE', () => {
    expect(ERROR_CODES).toHaveLength(34);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
    expect(isErrorCode('not_found')).toBe(false);
    expect(isErrorCode(404)).toBe(false);
  });

  it('uses the words staff know where the product has them', () => {
    expect(ERROR_CODE_MESSAGES.LINK_ALREADY_EXISTS).toBe(
      'This person is already linked to this organization',
    );
    expect(ERROR_CODE_MESSAGES.FILE_TOO_LARGE).toBe('File size exceeds the 1GB limit.');
  });
});

describe('failure toasts: "error toast with the error code, or \'Error\'"; "response code if present, else the error message, else \'Error\'"', () => {
  it.each([
    [{ code: 'NOT_FOUND', message: 'Not found.' }, 'code', 'NOT_FOUND'],
    [{ message: 'Not found.' }, 'code', 'Not found.'],
    [{ code: 'NOT_FOUND', message: 'Not found.' }, 'message', 'Not found.'],
    [{ code: 'NOT_FOUND', message: '' }, 'message', 'NOT_FOUND'],
    [{ code: 42 }, 'message', 'Error'],
    [null, 'code', 'Error'],
    [undefined, 'message', 'Error'],
  ] as const)('%j preferring the %s → %s', (error, prefer, text) => {
    expect(failureText(error, 'Error', prefer)).toBe(text);
  });

  it('prefers the message by default', () => {
    expect(failureText({ code: 'X', message: 'Y' }, 'Error')).toBe('Y');
  });
});

describe('errorSentence: every code the client can receive has words, English and French', () => {
  it.each(ERROR_CODES.map((code) => [code]))('%s has a sentence in both languages', (code) => {
    const english = errorSentence(code);
    const french = errorSentence(code, 'fr');
    expect(english).toBe(ERROR_CODE_MESSAGES[code]);
    expect(french).toBe(ERROR_CODE_MESSAGES_FR[code]);
    for (const sentence of [english, french]) {
      expect(sentence).toMatch(/^[A-ZÀ-Ý]/);
      // Words, not the code itself.
      expect(sentence).not.toContain(code);
    }
    expect(french).not.toBe(english);
  });

  it.each([
    ['INVALID_CREDENTIALS', 'en', 'Wrong e-mail or password.'],
    ['INVALID_SECRET_CODE', 'en', 'The secret code is not valid.'],
    [
      'TOO_MANY_REQUESTS',
      'fr',
      'Trop de demandes envoyées depuis cette adresse. Veuillez réessayer plus tard.',
    ],
    ['SOMETHING_NEWER', 'en', undefined],
    [undefined, 'fr', undefined],
  ] as const)('%s in %s → %j', (code, language, sentence) => {
    expect(errorSentence(code, language)).toBe(sentence);
  });
});

describe('why a session ended, and the sign-in form’s own answers', () => {
  it.each([
    ['SESSION_EXPIRED', 'Your session expired. Please sign in again.'],
    [
      'SESSION_SIGNED_OUT',
      'You were signed out from elsewhere (another session, or a password or security change). Please sign in again.',
    ],
    ['SESSION_ACCOUNT_DISABLED', 'Your account was deactivated by an administrator.'],
  ] as const)('%s is a 401 that ends the session: "%s"', (code, sentence) => {
    expect(isSessionEndCode(code)).toBe(true);
    expect(ERROR_CODE_STATUS[code]).toBe(401);
    expect(errorSentence(code)).toBe(sentence);
  });

  it('names exactly the three reasons; a bad token (UNAUTHORIZED) is none of them', () => {
    expect(SESSION_END_CODES).toEqual([
      'SESSION_EXPIRED',
      'SESSION_SIGNED_OUT',
      'SESSION_ACCOUNT_DISABLED',
    ]);
    expect(isSessionEndCode('UNAUTHORIZED')).toBe(false);
    expect(isSessionEndCode(undefined)).toBe(false);
  });

  it('a wrong two-factor code has its own code and says "wrong code", not "wrong password"', () => {
    expect(SIGN_IN_ANSWER_CODES).toEqual([
      'INVALID_CREDENTIALS',
      'TOTP_INVALID',
      'TOTP_REQUIRED',
      'TOTP_ENROLMENT_REQUIRED',
    ]);
    expect(errorSentence('TOTP_INVALID')).toMatch(/^Wrong code/);
    expect(errorSentence('TOTP_INVALID')).not.toMatch(/password/);
    for (const code of SESSION_END_CODES) expect(SIGN_IN_ANSWER_CODES).not.toContain(code);
  });
});
