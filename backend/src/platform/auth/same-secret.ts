import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether a secret given by a caller is the expected one. Hashing first gives equal lengths, so
 * the comparison takes the same time whatever the input.
 */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
