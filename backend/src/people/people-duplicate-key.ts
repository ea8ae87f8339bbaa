import { foldForSearch } from '../platform/database/search';

/**
 * Groups people whose first and last names differ only by case, accents or spacing
 * ("Mary O'Brien", "  mary   o'brien ", "MÁRY O'BRIEN"). Temporary home until
 * @registra/domain exports the shared rule.
 */
export function peopleDuplicateKey(firstName: string, lastName: string): string {
  return foldForSearch(`${firstName} ${lastName}`).replace(/\s+/g, '');
}
