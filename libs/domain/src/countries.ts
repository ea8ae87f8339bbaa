/**
 * The country list of the people filter and address fields: the 193 UN member states and the two
 * observer states (Holy See, Palestine), 195 names. Stored lower-case, shown
 * capitalised.
 */
export const COUNTRIES = [
  'afghanistan',
  'albania',
  'algeria',
  'andorra',
  'angola',
  'antigua and barbuda',
  'argentina',
  'armenia',
  'australia',
  'austria',
  'azerbaijan',
  'bahamas',
  'bahrain',
  'bangladesh',
  'barbados',
  'belarus',
  'belgium',
  'belize',
  'benin',
  'bhutan',
  'bolivia',
  'bosnia and herzegovina',
  'botswana',
  'brazil',
  'brunei',
  'bulgaria',
  'burkina faso',
  'burundi',
  'cabo verde',
  'cambodia',
  'cameroon',
  'canada',
  'central african republic',
  'chad',
  'chile',
  'china',
  'colombia',
  'comoros',
  'congo',
  'costa rica',
  'croatia',
  'cuba',
  'cyprus',
  'czechia',
  'democratic republic of the congo',
  'denmark',
  'djibouti',
  'dominica',
  'dominican republic',
  'ecuador',
  'egypt',
  'el salvador',
  'equatorial guinea',
  'eritrea',
  'estonia',
  'eswatini',
  'ethiopia',
  'fiji',
  'finland',
  'france',
  'gabon',
  'gambia',
  'georgia',
  'germany',
  'ghana',
  'greece',
  'grenada',
  'guatemala',
  'guinea',
  'guinea-bissau',
  'guyana',
  'haiti',
  'holy see',
  'honduras',
  'hungary',
  'iceland',
  'india',
  'indonesia',
  'iran',
  'iraq',
  'ireland',
  'israel',
  'italy',
  'ivory coast',
  'jamaica',
  'japan',
  'jordan',
  'kazakhstan',
  'kenya',
  'kiribati',
  'kuwait',
  'kyrgyzstan',
  'laos',
  'latvia',
  'lebanon',
  'lesotho',
  'liberia',
  'libya',
  'liechtenstein',
  'lithuania',
  'luxembourg',
  'madagascar',
  'malawi',
  'malaysia',
  'maldives',
  'mali',
  'malta',
  'marshall islands',
  'mauritania',
  'mauritius',
  'mexico',
  'micronesia',
  'moldova',
  'monaco',
  'mongolia',
  'montenegro',
  'morocco',
  'mozambique',
  'myanmar',
  'namibia',
  'nauru',
  'nepal',
  'netherlands',
  'new zealand',
  'nicaragua',
  'niger',
  'nigeria',
  'north korea',
  'north macedonia',
  'norway',
  'oman',
  'pakistan',
  'palau',
  'palestine',
  'panama',
  'papua new guinea',
  'paraguay',
  'peru',
  'philippines',
  'poland',
  'portugal',
  'qatar',
  'romania',
  'russia',
  'rwanda',
  'saint kitts and nevis',
  'saint lucia',
  'saint vincent and the grenadines',
  'samoa',
  'san marino',
  'sao tome and principe',
  'saudi arabia',
  'senegal',
  'serbia',
  'seychelles',
  'sierra leone',
  'singapore',
  'slovakia',
  'slovenia',
  'solomon islands',
  'somalia',
  'south africa',
  'south korea',
  'south sudan',
  'spain',
  'sri lanka',
  'sudan',
  'suriname',
  'sweden',
  'switzerland',
  'syria',
  'tajikistan',
  'tanzania',
  'thailand',
  'timor-leste',
  'togo',
  'tonga',
  'trinidad and tobago',
  'tunisia',
  'turkey',
  'turkmenistan',
  'tuvalu',
  'uganda',
  'ukraine',
  'united arab emirates',
  'united kingdom',
  'united states',
  'uruguay',
  'uzbekistan',
  'vanuatu',
  'venezuela',
  'vietnam',
  'yemen',
  'zambia',
  'zimbabwe',
] as const;
export type Country = (typeof COUNTRIES)[number];

const COUNTRY_SET: ReadonlySet<string> = new Set(COUNTRIES);

/** Accepts any case and surrounding spaces: stored values are compared lower-case. */
export const normalizeCountry = (value: string): string =>
  value.trim().toLowerCase().replace(/\s+/g, ' ');

export const isCountry = (value: unknown): value is Country =>
  typeof value === 'string' && COUNTRY_SET.has(normalizeCountry(value));

// Small words stay lower-case inside a name: "Bosnia and Herzegovina", "Holy See".
const SMALL_WORDS: ReadonlySet<string> = new Set(['and', 'of', 'the']);

/**
 * A country or a nationality shown as a name, in lists, cards, summaries, exports and PDFs:
 * "lower-case country names shown capitalised" ("united kingdom" → "United Kingdom"), and the
 * same for a nationality ("irish" → "Irish"). A name of the list is shown as the list has it
 * whatever its case; free text typed with capitals of its own ("USA", "DR Congo") is kept as
 * typed, not flattened ("Usa"). Empty or missing gives ''.
 */
export function countryLabel(value: string | null | undefined): string {
  const normalized = normalizeCountry(value ?? '');
  const typed = (value ?? '').trim().replace(/\s+/g, ' ');
  if (!COUNTRY_SET.has(normalized) && typed !== normalized) return typed;
  return normalized
    .split(' ')
    .map((word, index) =>
      index > 0 && SMALL_WORDS.has(word)
        ? word
        : word.replace(
            /(^|-)(\p{L})/gu,
            (_, dash: string, letter: string) => dash + letter.toUpperCase(),
          ),
    )
    .join(' ');
}

/** A nationality as a name ("irish" → "Irish"): the rule of {@link countryLabel}. */
export const nationalityLabel = countryLabel;

/** Options for the country select (value stored, label shown). */
export const COUNTRY_OPTIONS: ReadonlyArray<{ value: Country; label: string }> = COUNTRIES.map(
  (value) => ({ value, label: countryLabel(value) }),
);

/** The 27 member states of the European Union, for the public form's residency guidance. */
export const EU_COUNTRIES = [
  'austria',
  'belgium',
  'bulgaria',
  'croatia',
  'cyprus',
  'czechia',
  'denmark',
  'estonia',
  'finland',
  'france',
  'germany',
  'greece',
  'hungary',
  'ireland',
  'italy',
  'latvia',
  'lithuania',
  'luxembourg',
  'malta',
  'netherlands',
  'poland',
  'portugal',
  'romania',
  'slovakia',
  'slovenia',
  'spain',
  'sweden',
] as const satisfies readonly Country[];

const EU_SET: ReadonlySet<string> = new Set(EU_COUNTRIES);

export const isEuCountry = (value: string | null | undefined): boolean =>
  typeof value === 'string' && EU_SET.has(normalizeCountry(value));
