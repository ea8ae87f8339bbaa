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

/** The Companies Act 2014's company types, as their short codes. */
export type CompanyType = 'LTD' | 'DAC' | 'CLG' | 'PLC' | 'PUC' | 'ULC';

/** Each legal suffix (English or Irish, long or short) → the company type it says. */
const SUFFIX_TYPES: ReadonlyArray<readonly [string, CompanyType]> = [
  ['designated activity company', 'DAC'],
  ['cuideachta ghniomhaiochta ainmnithe', 'DAC'],
  ['company limited by guarantee', 'CLG'],
  ['cuideachta faoi theorainn ratha', 'CLG'],
  ['public limited company', 'PLC'],
  ['cuideachta phoibli theoranta', 'PLC'],
  ['public unlimited company', 'PUC'],
  ['cuideachta neamhtheoranta phoibli', 'PUC'],
  ['unlimited company', 'ULC'],
  ['cuideachta neamhtheoranta', 'ULC'],
  ['unlimited liability company', 'ULC'],
  ['limited', 'LTD'],
  ['ltd', 'LTD'],
  ['teoranta', 'LTD'],
  ['teo', 'LTD'],
  ['dac', 'DAC'],
  ['cga', 'DAC'],
  ['clg', 'CLG'],
  ['cft', 'CLG'],
  ['plc', 'PLC'],
  ['cpt', 'PLC'],
  ['puc', 'PUC'],
  ['uc', 'ULC'],
  ['ulc', 'ULC'],
];
const SUFFIX_TYPE_WORDS = SUFFIX_TYPES.map(([suffix, type]) => [suffix.split(' '), type] as const);

/**
 * The type a company's name says by its legal suffix ("X Fisheries Teoranta" is a private
 * company limited by shares, "X Fisheries Unlimited Company" an unlimited one), or null when the
 * name has none. The duplicate key ignores suffixes; two names with one key and two types are two
 * companies.
 */
export function companyTypeOfName(name: string | null | undefined): CompanyType | null {
  const tokens = words(name ?? '');
  for (const [suffix, type] of SUFFIX_TYPE_WORDS) {
    if (tokens.length > suffix.length && endsWith(tokens, suffix)) return type;
  }
  return null;
}

/**
 * A company type as a register writes it ("LTD - Private Company Limited by Shares", "DAC",
 * "Designated Activity Company"): its code, found by the code it starts with or its words; a
 * type no code fits (an external company, a society) is kept as its words, a type of its own.
 */
export function companyTypeOfText(text: string | null | undefined): string | null {
  const tokens = words(text ?? '');
  if (tokens.length === 0) return null;
  const code = SUFFIX_TYPES.find(([suffix]) => suffix === tokens[0]);
  if (code) return code[1];
  const joined = ` ${tokens.join(' ')} `;
  const byWords: ReadonlyArray<readonly [string, CompanyType]> = [
    [' designated activity ', 'DAC'],
    [' guarantee ', 'CLG'],
    [' public limited ', 'PLC'],
    [' public unlimited ', 'PUC'],
    [' unlimited ', 'ULC'],
    [' limited by shares ', 'LTD'],
    [' private company limited ', 'LTD'],
  ];
  const found = byWords.find(([phrase]) => joined.includes(phrase));
  return found ? found[1] : tokens.join(' ');
}

/** Two companies' types allow them to be one: either is unknown, or they are the same. */
export const companyTypesAgree = (a: string | null, b: string | null): boolean =>
  a === null || b === null || a === b;
