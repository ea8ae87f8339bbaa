import { describe, expect, it } from 'vitest';
import { codeText, errorText, splitCode } from './errors';

const failure = (code: string, message = 'server words') => ({ status: 400, code, message });

describe('errorText: codes in words', () => {
  it.each([
    // error, prefer, language, text
    [
      failure('INVALID_CREDENTIALS'),
      'code',
      'en',
      'Wrong e-mail or password. (INVALID_CREDENTIALS)',
    ],
    [failure('FORBIDDEN'), 'code', 'en', 'You are not allowed to do this. (FORBIDDEN)'],
    [failure('SOMETHING_NEWER', 'Newer words'), 'code', 'en', 'Newer words (SOMETHING_NEWER)'],
    [failure('NOT_FOUND', 'Person not found'), 'message', 'en', 'Person not found'],
    [
      failure('TOO_MANY_REQUESTS', 'Too many requests'),
      'message',
      'fr',
      'Trop de demandes envoyées depuis cette adresse. Veuillez réessayer plus tard.',
    ],
    [
      failure('VALIDATION_ERROR', 'Ce champ est obligatoire'),
      'message',
      'fr',
      'Ce champ est obligatoire',
    ],
    [new Error('network'), 'code', 'en', 'Fallback'],
  ] as const)('%j preferring %s in %s → %j', (error, prefer, language, text) => {
    expect(errorText(error, 'Fallback', prefer, language)).toBe(text);
  });

  it('splitCode keeps the sentence and the code apart, and leaves other brackets alone', () => {
    expect(splitCode(codeText('ACCOUNT_LOCKED', ''))).toEqual({
      sentence: 'Too many failed sign-ins for this account. Try again later.',
      code: 'ACCOUNT_LOCKED',
    });
    expect(splitCode('Saved (2 files)')).toEqual({ sentence: 'Saved (2 files)' });
  });
});
