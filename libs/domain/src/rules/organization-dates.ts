/**
 * The organization's derived dates and reminder states (docs/product/organizations-and-people.md).
 * Months are added with addMonths, which clamps to the month's end.
 */
import {
  AML_REMINDER_MONTHS,
  B1B73_MONTH_OPTIONS,
  CORPORATION_TAX_REMINDER_MONTHS,
  CORPORATION_TAX_REMINDER_MONTHS_AFTER_LAST_PAID,
  FINANCIAL_YEAR_END_MONTHS_AFTER_LAST_PAID,
  FIRST_AR_MONTHS_AFTER_INCORPORATION,
} from '../limits';
import { MESSAGES } from '../messages';
import {
  addMonths,
  daysBetween,
  isIsoDate,
  latestDate,
  monthsBetween,
  todayInDublin,
  type IsoDate,
} from './dates';

/** "First annual return date is 6 months after incorporation date." */
export const firstAnnualReturnDate = (incorporationDate: IsoDate): IsoDate =>
  addMonths(incorporationDate, FIRST_AR_MONTHS_AFTER_INCORPORATION);

/** "Setting financial year end gives a tax reminder 9 months later." */
export const corporationTaxReminder = (financialYearEnd: IsoDate): IsoDate =>
  addMonths(financialYearEnd, CORPORATION_TAX_REMINDER_MONTHS);

/**
 * "Deleting a corporation-tax paid date resets financial year end to 12 months after the latest
 * remaining date and the tax reminder to 21 months after it (both empty if no dates remain)."
 */
export function resetAfterCorporationTaxPaidRemoved(
  remaining: ReadonlyArray<IsoDate | null | undefined>,
): { financialYearEnd: IsoDate | null; corporationTaxPaidReminder: IsoDate | null } {
  const latest = latestDate(remaining);
  if (latest === null) return { financialYearEnd: null, corporationTaxPaidReminder: null };
  return {
    financialYearEnd: addMonths(latest, FINANCIAL_YEAR_END_MONTHS_AFTER_LAST_PAID),
    corporationTaxPaidReminder: addMonths(latest, CORPORATION_TAX_REMINDER_MONTHS_AFTER_LAST_PAID),
  };
}

/** Removes the paid date at `index` and applies the reset above. */
export function removeCorporationTaxPaidDate(
  paid: readonly IsoDate[],
  index: number,
): {
  corporationTaxPaid: IsoDate[];
  financialYearEnd: IsoDate | null;
  corporationTaxPaidReminder: IsoDate | null;
} {
  if (!Number.isInteger(index) || index < 0 || index >= paid.length) {
    throw new RangeError(`No corporation-tax paid date at index ${index}`);
  }
  const corporationTaxPaid = paid.filter((_, i) => i !== index);
  return { corporationTaxPaid, ...resetAfterCorporationTaxPaidRemoved(corporationTaxPaid) };
}

export type B1B73Months = (typeof B1B73_MONTH_OPTIONS)[number];
export const isB1B73Months = (value: unknown): value is B1B73Months =>
  (B1B73_MONTH_OPTIONS as readonly unknown[]).includes(value);

/** "B1B73 options: 1 to 6 months added to the next annual return reminder." */
export function b1b73Date(nextArReminder: IsoDate, months: number): IsoDate {
  if (!isB1B73Months(months)) throw new RangeError(`B1B73 adds 1 to 6 months, not ${months}`);
  return addMonths(nextArReminder, months);
}

/** A person's AML reminder: 3 months after dateAml (months: the unit the firm uses). */
export const amlReminderDate = (dateAml: IsoDate): IsoDate =>
  addMonths(dateAml, AML_REMINDER_MONTHS);

// ---------------------------------------------------------------- enabling rules

/** "First annual return: a done / to-do checkbox, enabled only when the incorporation date is set." */
export const isFirstArCheckboxEnabled = (incorporationDate: IsoDate | null | undefined): boolean =>
  isIsoDate(incorporationDate);

/** "Financial year end and corporation-tax paid-date inputs are disabled unless first annual return status is done." */
export const isTaxInputEnabled = (firstArDone: boolean | null | undefined): boolean =>
  firstArDone === true;

/** "A service's subscription date input is disabled unless that service's flag is on." */
export const isServiceSubscriptionInputEnabled = (flag: boolean | null | undefined): boolean =>
  flag === true;

// ---------------------------------------------------------------- reminders

/** Relative time between today and a date, in the largest whole unit (days, months, years). */
export function relativeDuration(from: IsoDate, to: IsoDate): string {
  const [start, end] = from <= to ? [from, to] : [to, from];
  const days = daysBetween(start, end);
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (days < 31) return plural(days, 'day');
  const months = monthsBetween(start, end);
  if (months < 12) return plural(months, 'month');
  return plural(Math.floor(months / 12), 'year');
}

export interface ReminderState {
  /** 'none' without a date; 'late' when the date is before today (Dublin). */
  status: 'none' | 'today' | 'upcoming' | 'late';
  late: boolean;
  /** Signed whole days from today to the reminder (negative when late). */
  days: number | null;
  /** "a future reminder shows time remaining; a past one shows LATE with relative time". */
  text: string;
}

export function reminderState(
  reminder: IsoDate | null | undefined,
  now: Date = new Date(),
): ReminderState {
  if (!isIsoDate(reminder)) return { status: 'none', late: false, days: null, text: '' };
  const today = todayInDublin(now);
  const days = daysBetween(today, reminder);
  if (days === 0) return { status: 'today', late: false, days, text: 'Today' };
  const relative = relativeDuration(today, reminder);
  if (days < 0) {
    return { status: 'late', late: true, days, text: `${MESSAGES.late} (${relative} ago)` };
  }
  return { status: 'upcoming', late: false, days, text: `${relative} remaining` };
}

/** A reminder date is past when it is before today in Dublin. */
export const isReminderPast = (
  reminder: IsoDate | null | undefined,
  now: Date = new Date(),
): boolean => isIsoDate(reminder) && reminder < todayInDublin(now);

export interface OrganizationReminders {
  corporationTaxPaidReminder?: IsoDate | null;
  domiciliationPaidReminder?: IsoDate | null;
  secretaryCompanyPaidReminder?: IsoDate | null;
  anonymousShareholderPaidReminder?: IsoDate | null;
}

/**
 * The organization header's warning icons: "on Accounting when the corporation-tax reminder date
 * is past; on Services when any of the domiciliation, secretary-company or anonymous-shareholder
 * reminder dates is past".
 */
export function organizationWarnings(
  organization: OrganizationReminders,
  now: Date = new Date(),
): { accounting: boolean; services: boolean } {
  return {
    accounting: isReminderPast(organization.corporationTaxPaidReminder, now),
    services: [
      organization.domiciliationPaidReminder,
      organization.secretaryCompanyPaidReminder,
      organization.anonymousShareholderPaidReminder,
    ].some((date) => isReminderPast(date, now)),
  };
}
