import {
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_GROUP,
  RECOVERY_CODE_LENGTH,
} from '@registra/domain';
import { newRecoveryCodes, recoveryCodeHash } from './two-factor';

describe('recovery codes as made', () => {
  // Many batches: a character outside the alphabet or a wrong length would show.
  const codes = Array.from({ length: 50 }, () => newRecoveryCodes()).flat();

  it.each([
    ['codes a batch', newRecoveryCodes().length, RECOVERY_CODE_COUNT, 10],
    ['characters a code, dashes aside', codes[0].replace(/-/g, '').length, RECOVERY_CODE_LENGTH, 12],
    ['groups a code', codes[0].split('-').length, 3, 3],
    ['characters a group', codes[0].split('-')[0].length, RECOVERY_CODE_GROUP, 4],
  ])('%s: %i', (_, made, rule, quoted) => {
    expect([made, rule]).toEqual([quoted, quoted]);
  });

  it.each([...RECOVERY_CODE_ALPHABET].map((character) => [character]))(
    'only characters of the alphabet, each of them used (%s)',
    (character) => {
      expect(codes.some((code) => code.includes(character))).toBe(true);
    },
  );

  it.each(['0', 'o', '1', 'l', 'i'])('never %j', (character) => {
    expect(codes.some((code) => code.includes(character))).toBe(false);
  });

  it('every code is three groups of the alphabet', () => {
    const group = `[${RECOVERY_CODE_ALPHABET}]{4}`;
    for (const code of codes) expect(code).toMatch(new RegExp(`^${group}-${group}-${group}$`));
  });

  it.each([
    ['ABCD-EFGH-JKMN', 'abcdefghjkmn'],
    [' abcd efgh jkmn ', 'abcd-efgh-jkmn'],
    ['l0o1-abcd-9ilo', 'L0O1ABCD9ILO'],
  ])('%j is read as %j (case, dashes and spaces aside; no letter folded)', (given, same) => {
    expect(recoveryCodeHash(given)).toBe(recoveryCodeHash(same));
  });

  it('an "o" is not read as a "0": codes made earlier keep their hash', () => {
    expect(recoveryCodeHash('oooo-oooo-oooo')).not.toBe(recoveryCodeHash('0000-0000-0000'));
  });
});
