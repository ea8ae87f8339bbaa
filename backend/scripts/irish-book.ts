/**
 * Deterministic generators of an Irish-style book of companies and people, shared by the demo
 * seed (a few hundred records) and the large benchmark book (100k organizations, 300k people).
 * No randomness: the same index always gives the same record, so seeding is repeatable.
 */
const FIRST_NAMES = [
  'Aoife',
  'Ciarán',
  'Niamh',
  'Seán',
  'Siobhán',
  'Pádraig',
  'Saoirse',
  'Eoin',
  'Gráinne',
  'Cian',
  'Róisín',
  'Darragh',
  'Orla',
  'Conor',
  'Méabh',
  'Fionn',
  'Clodagh',
  'Liam',
  'Caoimhe',
  'Declan',
  'Sinéad',
  'Oisín',
  'Éabha',
  'Rory',
  'Aisling',
  'Colm',
  'Deirdre',
  'Tadhg',
  'Nuala',
  'Brendan',
  'Mary',
  'John',
  'Patrick',
  'Catherine',
  'Michael',
  'Margaret',
  'James',
  'Bridget',
  'Thomas',
  'Anne',
];
const LAST_NAMES = [
  'Murphy',
  'Kelly',
  "O'Sullivan",
  'Walsh',
  'Smith',
  "O'Brien",
  'Byrne',
  'Ryan',
  "O'Connor",
  "O'Neill",
  "O'Reilly",
  'Doyle',
  'McCarthy',
  'Gallagher',
  "O'Doherty",
  'Kennedy',
  'Lynch',
  'Murray',
  'Quinn',
  'Moore',
  'McLoughlin',
  "O'Carroll",
  'Connolly',
  'Daly',
  "O'Connell",
  'Wilson',
  'Dunne',
  'Brennan',
  'Burke',
  'Collins',
  'Campbell',
  'Clarke',
  'Johnston',
  'Hughes',
  "O'Farrell",
  'Fitzgerald',
  'Brown',
  'Martin',
  'Maguire',
  'Nolan',
  'Flynn',
  'Thompson',
  "O'Callaghan",
  "O'Donnell",
  'Duffy',
  'Mahony',
  'Boyle',
  'Healy',
  "O'Shea",
  'White',
];
const NAME_WORDS = [
  'Emerald',
  'Shamrock',
  'Liffey',
  'Shannon',
  'Atlantic',
  'Celtic',
  'Claddagh',
  'Wicklow',
  'Burren',
  'Connemara',
  'Kerry',
  'Galway',
  'Dublin Bay',
  'Cork Harbour',
  'Boyne',
  'Slieve',
  'Moher',
  'Tara',
  'Erne',
  'Corrib',
  'Kinsale',
  'Dingle',
  'Howth',
  'Malahide',
  'Dalkey',
  'Avoca',
  'Glendalough',
  'Achill',
  'Aran',
  'Skellig',
];
const NAME_TRADES = [
  'Trading',
  'Consulting',
  'Holdings',
  'Properties',
  'Software',
  'Logistics',
  'Foods',
  'Design',
  'Capital',
  'Ventures',
  'Engineering',
  'Analytics',
  'Media',
  'Healthcare',
  'Energy',
  'Construction',
  'Studios',
  'Imports',
  'Partners',
  'Technologies',
];
const SUFFIXES = ['Limited', 'Ltd', 'DAC', 'Teoranta', 'CLG', 'Ltd.'];
const COUNTRIES = [
  'ireland',
  'france',
  'united kingdom',
  'germany',
  'spain',
  'belgium',
  'italy',
  'united states',
];
const CITIES = [
  'Dublin',
  'Cork',
  'Galway',
  'Limerick',
  'Waterford',
  'Kilkenny',
  'Sligo',
  'Athlone',
  'Drogheda',
  'Tralee',
];
const STREETS = [
  'Main Street',
  'Church Road',
  'Harbour View',
  'Station Road',
  'Grafton Street',
  'Shop Street',
  'Quay Street',
];
const CREATION_STATUSES = [
  'IN_PROGRESS',
  'COMPLETED',
  'COMPLETED',
  'COMPLETED',
  'STRIKE_OFF',
  'LATE',
  null,
];
const PACKAGES = ['FAST_CREATION', 'FULL_PACK', 'PREMIUM_PACK', 'HOLDING', 'REAL_ESTATE_PACK'];
const FINOTOR = ['not_sent', 'sent', 'registered', 'registered', 'stopped'];
export const ROLE_SETS: string[][] = [
  ['director'],
  ['director', 'shareholder'],
  ['secretary'],
  ['shareholder'],
  ['director', 'secretary'],
  ['nomineeDirector'],
  ['other'],
  ['director', 'shareholder'],
];

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length];

/** A stable UUID for record `index` of a kind (1 = organization, 2 = person, 3 = link; 0x10+ demo). */
export function seededId(kind: number, index: number): string {
  const hex = index.toString(16).padStart(12, '0');
  return `00000000-0000-4000-8${kind.toString(16).padStart(3, '0')}-${hex}`;
}

const iso = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(Math.min(day, 28)).padStart(2, '0')}`;

export interface SeedOrganization {
  id: string;
  name: string;
  mail: string;
  cro: string;
  language: 'en' | 'fr';
  creationStatus: string | null;
  creationPackage: string;
  incorporationDate: string;
  businessActivity: string;
  address: string;
  country: string;
  rbo: boolean;
  status: boolean;
  bilan: boolean;
  nextArReminder: string;
  financialYearEnd: string | null;
  corporationTaxPaid: string[];
  coroporationTaxNumber: string;
  finotor: string;
  hasDomiciliation: boolean;
  domiciliationSubscription: string | null;
  domiciliationSubscriptionPlan: number;
  domiciliationPaymentHistory: { nextPaidReminder: string; paidDate: string }[];
  hasSecretaryCompany: boolean;
  secretaryCompanySubscription: string | null;
}

export function organizationAt(i: number, kind = 1): SeedOrganization {
  // One organization in 50 is a near-twin of the previous one (same name, other legal suffix),
  // so the duplicates screen and its benchmark have something to find.
  const base = i % 50 === 49 ? i - 1 : i;
  const word = pick(NAME_WORDS, base);
  const trade = pick(NAME_TRADES, Math.floor(base / NAME_WORDS.length));
  const series = Math.floor(base / (NAME_WORDS.length * NAME_TRADES.length));
  const name = `${word} ${trade}${series ? ` ${series}` : ''} ${pick(SUFFIXES, i * 7)}`;
  const year = 2005 + (i % 21);
  const month = 1 + (i % 12);
  const day = 1 + (i % 28);
  const incorporationDate = iso(year, month, day);
  const firstArDone = i % 5 !== 0;
  const yearEnd = firstArDone ? iso(Math.min(2026, year + 1 + (i % 3)), 12, 31) : null;
  const hasDomiciliation = i % 3 === 0;
  const subscriptionYear = 2023 + (i % 3);
  const plan = i % 2 === 0 ? 12 : 6;
  const paidCount = hasDomiciliation ? i % 4 : 0;
  const history = Array.from({ length: paidCount }, (_, k) => {
    const monthIndex = month - 1 + k * plan;
    const y = subscriptionYear + Math.floor(monthIndex / 12);
    const m = (monthIndex % 12) + 1;
    return {
      nextPaidReminder: iso(y, m, day),
      paidDate: iso(y, m, Math.min(28, day + (k % 3) * 5)),
    };
  });
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '');
  return {
    id: seededId(kind, i),
    name,
    mail: `accounts@${slug.slice(0, 30)}${i}.ie`,
    cro: String(500000 + i),
    language: i % 4 === 0 ? 'fr' : 'en',
    creationStatus: pick(CREATION_STATUSES, i),
    creationPackage: pick(PACKAGES, i),
    incorporationDate,
    businessActivity: `${trade} services`,
    address: `${1 + (i % 120)} ${pick(STREETS, i)}, ${pick(CITIES, i)}`,
    country: i % 9 === 0 ? 'france' : 'ireland',
    rbo: i % 2 === 0,
    status: firstArDone,
    bilan: i % 3 !== 1,
    nextArReminder: iso(2025 + (i % 3), month, day),
    financialYearEnd: yearEnd,
    corporationTaxPaid:
      yearEnd && i % 2 === 0 ? [iso(Number(yearEnd.slice(0, 4)) - 1, 12, 31)] : [],
    coroporationTaxNumber: `${3000000 + i}T`,
    finotor: pick(FINOTOR, i),
    hasDomiciliation,
    domiciliationSubscription: hasDomiciliation ? iso(subscriptionYear, month, day) : null,
    domiciliationSubscriptionPlan: plan,
    domiciliationPaymentHistory: history,
    hasSecretaryCompany: i % 4 === 1,
    secretaryCompanySubscription: i % 4 === 1 ? iso(subscriptionYear, month, day) : null,
  };
}

export interface SeedPerson {
  id: string;
  firstName: string;
  lastName: string;
  mail: string;
  phone: string;
  birth: string;
  nationality: string;
  country: string;
  pps: string;
  addressStreet1: string;
  addressCity1: string;
  addressCountry1: string;
  vif: boolean;
  idPal: boolean;
  pep: boolean;
  dateAml: string | null;
}

export function personAt(i: number, kind = 2): SeedPerson {
  const firstName = pick(FIRST_NAMES, i);
  const lastName = pick(LAST_NAMES, Math.floor(i / FIRST_NAMES.length) + i);
  const country = i % 6 === 0 ? pick(COUNTRIES, i) : 'ireland';
  const ascii = `${firstName}.${lastName}`
    .normalize('NFD')
    .replace(/[^A-Za-z.]/g, '')
    .toLowerCase();
  return {
    id: seededId(kind, i),
    firstName,
    lastName,
    mail: `${ascii}${i}@example.ie`,
    phone: `+353 8${i % 10} ${String(1000000 + (i % 8999999)).slice(0, 7)}`,
    birth: iso(1950 + (i % 50), 1 + (i % 12), 1 + (i % 28)),
    nationality: country === 'ireland' ? 'irish' : country,
    country,
    pps: `${String(1000000 + i).slice(-7)}${String.fromCharCode(65 + (i % 26))}`,
    addressStreet1: `${1 + (i % 200)} ${pick(STREETS, i * 3)}`,
    addressCity1: pick(CITIES, i * 5),
    addressCountry1: country,
    vif: i % 3 === 0,
    idPal: i % 2 === 0,
    pep: i % 50 === 0,
    dateAml: i % 4 === 0 ? iso(2024 + (i % 3), 1 + (i % 12), 1 + (i % 28)) : null,
  };
}
