import { sql } from 'drizzle-orm';
import type { SQL, SQLWrapper } from 'drizzle-orm';

/** Lower case without accents or repeated spaces: what search_text columns and search terms hold. */
export function foldForSearch(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export function searchTextOf(...parts: (string | null | undefined)[]): string {
  return foldForSearch(parts.filter((part): part is string => Boolean(part)).join(' '));
}

/** Escapes LIKE wildcards so a search for "50%" means the characters, not a pattern. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE pattern matching the folded term anywhere, with its wildcards escaped. */
export function containsPattern(term: string): string {
  return `%${escapeLike(foldForSearch(term))}%`;
}

/**
 * A timestamptz written as the API writes dates (ISO 8601 UTC with milliseconds, like
 * `Date.toISOString()`), for JSON built in SQL.
 */
export const isoTimestamp = (column: SQLWrapper): SQL =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A search sorted by name matching at most this many rows sorts its matches (found through the
 * trigram index) instead of walking the name index and filtering: the search text holds the
 * name, so matches cluster along that index ("Kerry …" after 60k other names). Above it, or on
 * another sort, matches are spread enough that the walk finds a page quickly (docs/benchmarks.md).
 */
export const SORT_MATCHES_MAX = 10_000;
