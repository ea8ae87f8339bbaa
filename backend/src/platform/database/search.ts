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
