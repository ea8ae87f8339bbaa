/**
 * Duplicate keys (docs/product/organizations-and-people.md, the duplicates dialogs): records whose
 * keys are equal are shown as one group. The server stores the key in an indexed column and groups
 * by it.
 */

/** Lower case without accents: "Éire" → "eire"; "Ø" and "ß" have no combining mark, so map them. */
function fold(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .replace(/ł/g, 'l')
    .replace(/đ/g, 'd');
}

/** Name text without case, accents or spacing: "  Jean  Pierre " → "jeanpierre". */
export const normalizeName = (value: string | null | undefined): string =>
  fold(value ?? '').replace(/\s+/g, '');

/**
 * People: first + last name, case, accents and spacing ignored. The separator keeps
 * "Ann" + "Marie Smith" apart from "Ann Marie" + "Smith".
 */
export const personDuplicateKey = (
  firstName: string | null | undefined,
  lastName: string | null | undefined,
): string => `${normalizeName(firstName)}|${normalizeName(lastName)}`;

/**
 * Irish legal suffixes (Companies Act 2014, English and Irish forms), as words after punctuation
 * is removed. Longer forms first, so "designated activity company" goes before "company" could.
 */
export const IRISH_LEGAL_SUFFIXES: readonly string[] = [
  'designated activity company',
  'cuideachta ghniomhaiochta ainmnithe',
  'company limited by guarantee',
  'cuideachta faoi theorainn ratha',
  'public limited company',
  'cuideachta phoibli theoranta',
  'public unlimited company',
  'cuideachta neamhtheoranta phoibli',
  'unlimited company',
  'cuideachta neamhtheoranta',
  'unlimited liability company',
  'limited',
  'ltd',
  'teoranta',
  'teo',
  'dac',
  'cga',
  'clg',
  'cft',
  'plc',
  'cpt',
  'puc',
  'uc',
  'ulc',
];

const SUFFIX_WORDS = IRISH_LEGAL_SUFFIXES.map((suffix) => suffix.split(' '));

/** Words of a name: dots and apostrophes join ("D.A.C." → "dac"), other punctuation separates. */
function words(name: string): string[] {
  return fold(name)
    .replace(/[.'’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

function endsWith(tokens: readonly string[], suffix: readonly string[]): boolean {
  if (suffix.length >= tokens.length) return false;
  return suffix.every((word, i) => tokens[tokens.length - suffix.length + i] === word);
}

/**
 * Organizations: the name with case, accents, punctuation, spacing and trailing Irish legal
 * suffixes ignored: "Emerald Isle Trading Ltd." and "EMERALD ISLE TRADING LIMITED" share
 * "emeraldisletrading". A name that is only a suffix keeps it, so "Limited" is not "".
 */
export function organizationDuplicateKey(name: string | null | undefined): string {
  const tokens = words(name ?? '');
  let stripped = true;
  while (stripped) {
    stripped = false;
    for (const suffix of SUFFIX_WORDS) {
      if (endsWith(tokens, suffix)) {
        tokens.splice(tokens.length - suffix.length, suffix.length);
        stripped = true;
        break;
      }
    }
  }
  return tokens.join('');
}
