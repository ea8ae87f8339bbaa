/**
 * The statutory registers and the CRO's clocks (docs/product/links-and-registers.md): who held
 * office or shares on a date, holdings from dated share entries, the beneficial owners, the
 * annual return date, and the days the CRO gives for each filing.
 */
import type { FollowUpType } from '../catalogue/follow-up-types';
import {
  ARD_DEADLINE_DAYS,
  BENEFICIAL_OWNER_THRESHOLD_PERCENT,
  FIRST_AR_MONTHS_AFTER_INCORPORATION,
} from '../limits';
import { addDays, addMonths, addYears, isIsoDate, type IsoDate } from './dates';

// ---------------------------------------------------------------- the registers

export const REGISTER_KINDS = ['directors-secretaries', 'members', 'beneficial-owners'] as const;
export type RegisterKind = (typeof REGISTER_KINDS)[number];
export const isRegisterKind = (value: unknown): value is RegisterKind =>
  (REGISTER_KINDS as readonly unknown[]).includes(value);

export const REGISTER_TITLES: Readonly<Record<RegisterKind, string>> = {
  'directors-secretaries': 'Register of directors and secretaries',
  members: 'Register of members',
  'beneficial-owners': 'Register of beneficial owners',
};

// ---------------------------------------------------------------- the CRO's days

/** Companies Act 2014: a director's or secretary's appointment or cessation, form B10, 14 days. */
export const B10_DAYS = 14;
/** A change of registered office, form B2, 14 days. */
export const B2_DAYS = 14;
/** An allotment of shares, form B5, 30 days. */
export const B5_DAYS = 30;
/** The annual return, form B1, 56 days after the ARD. */
export const B1_DAYS = ARD_DEADLINE_DAYS;

export const CRO_FORMS = ['b10', 'b2', 'b5', 'b1'] as const;
export type CroForm = (typeof CRO_FORMS)[number];

const CRO_FORM_DAYS: Readonly<Record<CroForm, number>> = {
  b10: B10_DAYS,
  b2: B2_DAYS,
  b5: B5_DAYS,
  b1: B1_DAYS,
};

/** The last day to file `form` for a change (or an ARD) on `date`. */
export const croDeadline = (form: CroForm, date: IsoDate): IsoDate =>
  addDays(date, CRO_FORM_DAYS[form]);

/** The follow-up each form's clock starts (B5 has none in the catalogue: its calendar item is the share entry's). */
export const CRO_FORM_OF_FOLLOW_UP: Readonly<Partial<Record<FollowUpType, CroForm>>> = {
  CHANGE_OF_DIRECTOR: 'b10',
  CHANGE_OF_SECRETARY: 'b10',
  CESSATION_OF_DIRECTOR_SECRETARY: 'b10',
  CHANGE_OF_REGISTERED_ADDRESS: 'b2',
};

/** The roles of the register of directors and secretaries (s.149). */
export const OFFICER_ROLES = ['director', 'secretary', 'nomineeDirector'] as const;
export const isOfficerRole = (role: string): boolean =>
  (OFFICER_ROLES as readonly string[]).includes(role);

/**
 * The follow-up an officer's change starts: an appointment of a director (nominee included) is a
 * CHANGE_OF_DIRECTOR, of a secretary a CHANGE_OF_SECRETARY (a director first when both); any
 * cessation a CESSATION_OF_DIRECTOR_SECRETARY. Null when the link holds no office.
 */
export function officerChangeFollowUp(
  roles: readonly string[],
  change: 'appointed' | 'ceased',
): FollowUpType | null {
  if (!roles.some(isOfficerRole)) return null;
  if (change === 'ceased') return 'CESSATION_OF_DIRECTOR_SECRETARY';
  return roles.includes('director') || roles.includes('nomineeDirector')
    ? 'CHANGE_OF_DIRECTOR'
    : 'CHANGE_OF_SECRETARY';
}

// ---------------------------------------------------------------- dated roles

export interface DatedRole {
  appointedOn: IsoDate | null;
  ceasedOn: IsoDate | null;
}

/** Why a role's dates are refused, or null: a cessation is never before the appointment. */
export function roleDatesError(dates: DatedRole): string | null {
  if (dates.appointedOn && dates.ceasedOn && dates.ceasedOn < dates.appointedOn) {
    return 'ceasedOn must not be before appointedOn';
  }
  return null;
}

/**
 * Whether a role was held on `asOf`: appointed on or before it (an unknown appointment date
 * counts as held since before any date asked), and not yet ceased (the day of cessation is the
 * first day without it).
 */
export const heldOn = (dates: DatedRole, asOf: IsoDate): boolean =>
  (dates.appointedOn === null || dates.appointedOn <= asOf) &&
  (dates.ceasedOn === null || dates.ceasedOn > asOf);

/** The rows of a register as of a date: those held then, in the order given. */
export function registerAsOf<T extends DatedRole>(rows: readonly T[], asOf: IsoDate): T[] {
  return rows.filter((row) => heldOn(row, asOf));
}

// ---------------------------------------------------------------- share capital

export const SHARE_ENTRY_KINDS = ['allotment', 'transfer'] as const;
export type ShareEntryKind = (typeof SHARE_ENTRY_KINDS)[number];
export const isShareEntryKind = (value: unknown): value is ShareEntryKind =>
  (SHARE_ENTRY_KINDS as readonly unknown[]).includes(value);

/** Shares of one entry: a whole number from 1 to a billion (a larger one is a typing mistake). */
export const SHARES_MIN = 1;
export const SHARES_MAX = 1_000_000_000;
/** A share class's nominal value: up to a million, six decimals (€0.000001 shares exist). */
export const NOMINAL_VALUE_MAX = 1_000_000;
export const SHARE_CLASS_NAME_MAX = 100;

export interface ShareEntry {
  kind: ShareEntryKind;
  date: IsoDate;
  shareClassId: string;
  shares: number;
  toPeopleId: string;
  fromPeopleId: string | null;
}

export interface Holding {
  peopleId: string;
  shareClassId: string;
  shares: number;
  /** The first entry that gave this member shares of the class, null while none did. */
  enteredOn: IsoDate | null;
  /** The day the holding fell to nothing, null while shares are held. */
  ceasedOn: IsoDate | null;
}

const holdingKey = (peopleId: string, shareClassId: string) => `${peopleId}\u0000${shareClassId}`;

/**
 * Each member's shares by class from the entries dated up to `asOf` (every entry without it),
 * in date order: an allotment adds to its member, a transfer moves shares from one member to
 * another. Members whose holding fell to nothing stay, with 0 shares and the day they ceased.
 */
export function holdingsFromEntries(entries: readonly ShareEntry[], asOf?: IsoDate): Holding[] {
  const holdings = new Map<string, Holding>();
  const holding = (peopleId: string, shareClassId: string): Holding => {
    const key = holdingKey(peopleId, shareClassId);
    let found = holdings.get(key);
    if (!found) {
      found = { peopleId, shareClassId, shares: 0, enteredOn: null, ceasedOn: null };
      holdings.set(key, found);
    }
    return found;
  };
  const sorted = [...entries]
    .filter((entry) => asOf === undefined || entry.date <= asOf)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  for (const entry of sorted) {
    if (entry.kind === 'transfer' && entry.fromPeopleId) {
      const from = holding(entry.fromPeopleId, entry.shareClassId);
      from.shares -= entry.shares;
      if (from.shares <= 0) from.ceasedOn = entry.date;
    }
    const to = holding(entry.toPeopleId, entry.shareClassId);
    if (to.shares === 0) {
      to.enteredOn ??= entry.date;
      to.ceasedOn = null;
    }
    to.shares += entry.shares;
  }
  return [...holdings.values()];
}

/** The shares issued of each class by `asOf`: the sum of its allotments. */
export function issuedShares(entries: readonly ShareEntry[], asOf?: IsoDate): Map<string, number> {
  const issued = new Map<string, number>();
  for (const entry of entries) {
    if (entry.kind !== 'allotment' || (asOf !== undefined && entry.date > asOf)) continue;
    issued.set(entry.shareClassId, (issued.get(entry.shareClassId) ?? 0) + entry.shares);
  }
  return issued;
}

/**
 * Why a new entry is refused against the entries already made, or null. A transfer needs a
 * transferor other than the transferee, who holds at least the shares moved on its date and at
 * every later date (a backdated transfer must not empty a later one).
 */
export function shareEntryError(existing: readonly ShareEntry[], entry: ShareEntry): string | null {
  if (entry.kind === 'allotment') {
    return entry.fromPeopleId ? 'An allotment has no fromPeopleId' : null;
  }
  if (!entry.fromPeopleId) return 'A transfer needs fromPeopleId';
  if (entry.fromPeopleId === entry.toPeopleId) return 'A transfer is to another member';
  const all = [...existing, entry];
  const dates = [...new Set(all.map((e) => e.date).filter((date) => date >= entry.date))].sort();
  for (const date of dates) {
    const negative = holdingsFromEntries(all, date).find(
      (held) => held.shareClassId === entry.shareClassId && held.shares < 0,
    );
    if (negative) {
      const before = holdingsFromEntries(existing, entry.date).find(
        (held) => held.peopleId === entry.fromPeopleId && held.shareClassId === entry.shareClassId,
      );
      return `The transferor holds ${before?.shares ?? 0} shares of this class on ${entry.date}; ${entry.shares} cannot be transferred`;
    }
  }
  return null;
}

/** The class an imported holding without a "Class" column is of. */
export const DEFAULT_SHARE_CLASS_NAME = 'Ordinary';

/** Why an imported row's "Shares" and "Class" cells are refused, or null. */
export function importedSharesError(shares: unknown, shareClass: unknown): string | null {
  if (shares === undefined || shares === null) {
    return shareClass ? 'Class goes with Shares' : null;
  }
  if (
    typeof shares !== 'number' ||
    !Number.isInteger(shares) ||
    shares < SHARES_MIN ||
    shares > SHARES_MAX
  ) {
    return `Shares must be a whole number from ${SHARES_MIN} to ${SHARES_MAX}`;
  }
  if (typeof shareClass === 'string' && shareClass.length > SHARE_CLASS_NAME_MAX) {
    return `Class must be at most ${SHARE_CLASS_NAME_MAX} characters`;
  }
  return null;
}

/**
 * A member's share of the company, in percent with two decimals, from the shares held of every
 * class against every share issued (classes counted alike: the register shows each class
 * beside it). 0 when nothing is issued.
 */
export function holdingPercentage(held: number, issued: number): number {
  if (issued <= 0) return 0;
  return Math.round((held / issued) * 10_000) / 100;
}

/** A stated percentage and the shares' percentage disagree by more than this (rounding). */
export const PERCENTAGE_TOLERANCE = 0.01;

/**
 * "Where a link's stated beneficiary percentage and the shares disagree, the Members tab says
 * so": the shares' percentage when they disagree, null when they agree or no share is issued.
 */
export function percentageMismatch(
  statedPercentage: number,
  held: number,
  issued: number,
): number | null {
  if (issued <= 0) return null;
  const fromShares = holdingPercentage(held, issued);
  // In hundredths of a percent, whole numbers: 33.34 − 33.33 is 0.01 and no more.
  const hundredths = (percentage: number) => Math.round(percentage * 100);
  const apart = Math.abs(hundredths(fromShares) - hundredths(statedPercentage));
  return apart > hundredths(PERCENTAGE_TOLERANCE) ? fromShares : null;
}

/** S.I. 110/2019: a beneficial owner holds more than 25 % (exactly 25 % is not). */
export const isBeneficialOwnerShare = (percentage: number): boolean =>
  percentage > BENEFICIAL_OWNER_THRESHOLD_PERCENT;

/** The register's default wording of the interest of a member over 25 %. */
export const defaultBeneficialInterest = (percentage: number): string =>
  `Holds ${percentage.toFixed(2)} % of the shares`;

// ---------------------------------------------------------------- the annual return date

/**
 * The company's ARD when staff have not set one: the first six months after incorporation
 * (s.343), then each anniversary of it; the one shown is the earliest whose B1 filing deadline
 * (ARD + 56 days) is not yet past, so an ARD still to be filed stays in view until it is late.
 */
export function derivedNextArd(incorporationDate: IsoDate, today: IsoDate): IsoDate {
  const first = addMonths(incorporationDate, FIRST_AR_MONTHS_AFTER_INCORPORATION);
  let ard = first;
  for (let years = 1; croDeadline('b1', ard) < today; years++) ard = addYears(first, years);
  return ard;
}

/** Completing an annual-return follow-up moves the next ARD a year on from the one filed. */
export const ardAfterFiledReturn = (ard: IsoDate): IsoDate => addYears(ard, 1);

// ---------------------------------------------------------------- the annual return's check

export interface AnnualReturnOfficer {
  name: string;
  dateOfBirth: IsoDate | null;
  address: string | null;
}

/**
 * What the B1's particulars still lack: each director or secretary without a date of birth or
 * an address, a company without a director, and holdings that do not add up to the issued
 * capital (per class).
 */
export function annualReturnMissing(input: {
  officers: readonly (AnnualReturnOfficer & { roles: readonly string[] })[];
  registeredOffice: string | null;
  classes: readonly { name: string; issued: number; held: number }[];
}): string[] {
  const missing: string[] = [];
  if (!input.registeredOffice) missing.push('The registered office address is not recorded');
  if (!input.officers.some((officer) => officer.roles.some((role) => role !== 'secretary'))) {
    missing.push('No director held office at the ARD');
  }
  for (const officer of input.officers) {
    if (!isIsoDate(officer.dateOfBirth)) missing.push(`${officer.name}: no date of birth`);
    if (!officer.address) missing.push(`${officer.name}: no address`);
  }
  if (input.classes.length === 0) missing.push('No share capital is recorded');
  for (const shareClass of input.classes) {
    if (shareClass.held !== shareClass.issued) {
      missing.push(
        `${shareClass.name}: members hold ${shareClass.held} shares of ${shareClass.issued} issued`,
      );
    }
  }
  return missing;
}
