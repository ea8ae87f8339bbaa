/**
 * Calendar dates as 'YYYY-MM-DD' strings (api-conventions.md: calendar dates travel so).
 *
 * All arithmetic runs on the numbers of the string through Date.UTC, never through a local-time
 * Date, so the machine's time zone cannot shift a day. "Today" is the day in Dublin.
 *
 * MONTH ARITHMETIC CLAMPS TO THE MONTH'S END: adding months keeps the day of the month when the
 * target month has it, otherwise gives that month's last day. 2026-12-31 + 9 months =
 * 2027-09-30; 2026-08-31 + 6 months = 2027-02-28; 2027-08-31 + 6 months = 2028-02-29. Every rule
 * of the product that adds months (first AR, tax reminders, B1B73, payment chains) goes through
 * addMonths, so this is the one place that decides it.
 */
import { DATE_MAX, DATE_MIN, FIRM_TIME_ZONE } from '../limits';

/** A calendar date 'YYYY-MM-DD'. */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

interface Ymd {
  year: number;
  month: number; // 1..12
  day: number;
}

function parts(date: IsoDate): Ymd | null {
  const match = ISO_DATE.exec(date);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

function parseOrThrow(date: IsoDate): Ymd {
  const ymd = parts(date);
  if (!ymd) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${JSON.stringify(date)}`);
  return ymd;
}

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

function format({ year, month, day }: Ymd): IsoDate {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** Days of a month, leap years included (month 1..12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** True for a real calendar date written 'YYYY-MM-DD' (2026-02-30 is not one). */
export function isIsoDate(value: unknown): value is IsoDate {
  return typeof value === 'string' && parts(value) !== null;
}

/**
 * The date a day, month and year name, or null when no calendar has it (31/02/2020, 29/02/2023):
 * the one rule by which a typed date and an imported one are refused with "This date does not
 * exist" (MESSAGES.dateDoesNotExist).
 */
export function calendarDateOf(year: number, month: number, day: number): IsoDate | null {
  if (![year, month, day].every(Number.isInteger) || year < 0 || year > 9999) return null;
  const iso = format({ year, month, day });
  return isIsoDate(iso) ? iso : null;
}

/** Within 2000-01-01..2099-12-31, the range of every date input and filter. */
export function isDateInRange(value: unknown, min = DATE_MIN, max = DATE_MAX): value is IsoDate {
  return isIsoDate(value) && value >= min && value <= max;
}

/** Adds calendar months, clamping to the month's end (see the file comment). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  if (!Number.isInteger(months)) throw new RangeError(`Months must be an integer: ${months}`);
  const { year, month, day } = parseOrThrow(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12 + 1;
  return format({
    year: targetYear,
    month: targetMonth,
    day: Math.min(day, daysInMonth(targetYear, targetMonth)),
  });
}

/** Adds whole years (29 February clamps to the 28th in a common year). */
export const addYears = (date: IsoDate, years: number): IsoDate => addMonths(date, years * 12);

function toUtcMs(date: IsoDate): number {
  const { year, month, day } = parseOrThrow(date);
  return Date.UTC(year, month - 1, day);
}

function fromUtcMs(ms: number): IsoDate {
  const d = new Date(ms);
  return format({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
}

export function addDays(date: IsoDate, days: number): IsoDate {
  if (!Number.isInteger(days)) throw new RangeError(`Days must be an integer: ${days}`);
  return fromUtcMs(toUtcMs(date) + days * DAY_MS);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / DAY_MS);
}

/** Whole calendar months from `from` to `to`, counted the way addMonths adds them. */
export function monthsBetween(from: IsoDate, to: IsoDate): number {
  if (to < from) return -monthsBetween(to, from);
  const a = parseOrThrow(from);
  const b = parseOrThrow(to);
  let months = (b.year - a.year) * 12 + (b.month - a.month);
  if (addMonths(from, months) > to) months -= 1;
  return months;
}

/** -1, 0 or 1; 'YYYY-MM-DD' strings sort as dates. */
export const compareIsoDates = (a: IsoDate, b: IsoDate): number => (a < b ? -1 : a > b ? 1 : 0);

/** The latest of the valid dates given, or null when none is. */
export function latestDate(dates: ReadonlyArray<IsoDate | null | undefined>): IsoDate | null {
  let latest: IsoDate | null = null;
  for (const date of dates) {
    if (isIsoDate(date) && (latest === null || date > latest)) latest = date;
  }
  return latest;
}

// Made on first use, as the money formatter.
let dublinDayFormat: Intl.DateTimeFormat | undefined;
const dublinDay = () =>
  (dublinDayFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: FIRM_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }));

/** The calendar day of an instant in Dublin. */
export function dublinDate(instant: Date): IsoDate {
  const part = Object.fromEntries(
    dublinDay()
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return format({ year: Number(part.year), month: Number(part.month), day: Number(part.day) });
}

/** Today in Dublin, the firm's day. `now` is a parameter so rules stay deterministic in tests. */
export const todayInDublin = (now: Date = new Date()): IsoDate => dublinDate(now);

/** The current year in Dublin (annual-return folders follow it). */
export const currentYearInDublin = (now: Date = new Date()): number =>
  Number(todayInDublin(now).slice(0, 4));

/** Accepts a calendar date or an ISO timestamp, and gives the Dublin calendar day of it. */
export function toIsoDate(value: Date | string): IsoDate | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : dublinDate(value);
  if (isIsoDate(value)) return value;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : dublinDate(instant);
}

/**
 * The follow-up ARD and start-date inputs: "must match yyyy-mm-dd, from 2000-01-01 to
 * 2099-12-31; invalid or empty input reverts to the previous value without saving".
 */
export function acceptDateInput(
  input: string | null | undefined,
  previous: IsoDate | null,
): { value: IsoDate | null; save: boolean } {
  const candidate = (input ?? '').trim();
  if (!isDateInRange(candidate)) return { value: previous, save: false };
  return { value: candidate, save: candidate !== previous };
}

/** List date filters accept "only empty or YYYY-MM-DD, within 2000-01-01 to 2099-12-31". */
export const isValidDateFilter = (value: string | null | undefined): boolean =>
  value === null || value === undefined || value === '' || isDateInRange(value);
