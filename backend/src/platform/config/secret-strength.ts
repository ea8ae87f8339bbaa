import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/** zxcvbn-ts with its offline dictionary and keyboard layouts, without any user's words. */
let estimator: ZxcvbnFactory | undefined;

/**
 * The bits of randomness a secret seems to hold, judged by its variety rather than its length:
 * the lower of two estimates, Shannon's (how evenly it uses how many different characters, times
 * its length: 36 × "a" is 0 bits) and zxcvbn's guesses (repeats, sequences, keyboard runs and
 * words count for little). Both underrate a truly random string somewhat, never overrate one.
 */
export function estimatedSecretBits(secret: string): number {
  if (secret.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const character of secret) counts.set(character, (counts.get(character) ?? 0) + 1);
  const length = [...secret].length;
  let bitsPerCharacter = 0;
  for (const count of counts.values()) {
    const share = count / length;
    bitsPerCharacter -= share * Math.log2(share);
  }
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  const guessBits = estimator.check(secret).guessesLog10 * Math.log2(10);
  return Math.floor(Math.min(bitsPerCharacter * length, guessBits));
}
