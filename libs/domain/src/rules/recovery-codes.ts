/**
 * Two-factor recovery codes (docs/product/staff-accounts.md): ten one-time codes per enrolment,
 * written on paper or read aloud, so their letters are ones nobody confuses.
 */

/** Ten one-time recovery codes per enrolment (and per renewal). */
export const RECOVERY_CODE_COUNT = 10;

/** Characters of a code, without a dash. */
export const RECOVERY_CODE_LENGTH = 12;

/** A code is shown in groups of this many characters, joined by dashes: "abcd-efgh-jkmn". */
export const RECOVERY_CODE_GROUP = 4;

/**
 * The letters and digits a code is made of: lower case, without the look-alikes 0/o, 1/l/i (an
 * "I" typed for a "1" or an "l"). 31 characters: 12 of them hold about 59 bits.
 */
export const RECOVERY_CODE_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';

/** Characters a recovery code never holds, for they read as another. */
export const RECOVERY_CODE_LOOK_ALIKES = '01ilo';

/** At most this many codes left, the sign-in warns and offers new ones. */
export const RECOVERY_CODES_FEW = 3;

/** "abcdefghjkmn" → "abcd-efgh-jkmn". */
export function groupRecoveryCode(text: string): string {
  const groups: string[] = [];
  for (let start = 0; start < text.length; start += RECOVERY_CODE_GROUP)
    groups.push(text.slice(start, start + RECOVERY_CODE_GROUP));
  return groups.join('-');
}

/** What a sign-in with a recovery code says about the codes left: a word, and whether to warn. */
export function recoveryCodesLeftNotice(left: number): { text: string; warn: boolean } {
  if (left <= 0)
    return {
      text: 'You signed in with your last recovery code: make new ones in your account page.',
      warn: true,
    };
  const codes = left === 1 ? '1 recovery code' : `${left} recovery codes`;
  if (left <= RECOVERY_CODES_FEW)
    return {
      text: `You signed in with a recovery code: only ${codes} left. Make new ones in your account page.`,
      warn: true,
    };
  return { text: `You signed in with a recovery code: ${codes} left.`, warn: false };
}
