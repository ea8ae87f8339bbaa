import { describe, expect, it } from 'vitest';
import {
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_GROUP,
  RECOVERY_CODE_LENGTH,
  RECOVERY_CODE_LOOK_ALIKES,
  RECOVERY_CODES_FEW,
  groupRecoveryCode,
  recoveryCodesLeftNotice,
} from './recovery-codes';

describe('recovery codes: ten of 12 characters in groups of 4, no look-alikes', () => {
  it.each([
    ['codes per enrolment', RECOVERY_CODE_COUNT, 10],
    ['characters a code', RECOVERY_CODE_LENGTH, 12],
    ['characters a group', RECOVERY_CODE_GROUP, 4],
    ['characters of the alphabet', RECOVERY_CODE_ALPHABET.length, 31],
    ['codes left that warn', RECOVERY_CODES_FEW, 3],
  ])('%s: %i', (_, value, expected) => {
    expect(value).toBe(expected);
  });

  it.each(['0', 'o', '1', 'l', 'i', 'O', 'I', 'L', '-', ' '])(
    'the alphabet leaves out %j',
    (character) => {
      expect(RECOVERY_CODE_ALPHABET).not.toContain(character);
    },
  );

  it('every look-alike is left out, and nothing is there twice', () => {
    for (const character of RECOVERY_CODE_LOOK_ALIKES)
      expect(RECOVERY_CODE_ALPHABET).not.toContain(character);
    expect(new Set(RECOVERY_CODE_ALPHABET).size).toBe(RECOVERY_CODE_ALPHABET.length);
    expect(RECOVERY_CODE_ALPHABET).toMatch(/^[2-9a-z]+$/);
  });

  it.each([
    ['abcdefghjkmn', 'abcd-efgh-jkmn'],
    ['abcd', 'abcd'],
    ['', ''],
  ])('%j is shown %j', (text, shown) => {
    expect(groupRecoveryCode(text)).toBe(shown);
  });

  it.each([
    [9, 'You signed in with a recovery code: 9 recovery codes left.', false],
    [4, 'You signed in with a recovery code: 4 recovery codes left.', false],
    [
      3,
      'You signed in with a recovery code: only 3 recovery codes left. Make new ones in your account page.',
      true,
    ],
    [
      1,
      'You signed in with a recovery code: only 1 recovery code left. Make new ones in your account page.',
      true,
    ],
    [0, 'You signed in with your last recovery code: make new ones in your account page.', true],
  ])('%i left: %j (warns: %s)', (left, text, warn) => {
    expect(recoveryCodesLeftNotice(left)).toEqual({ text, warn });
  });
});
