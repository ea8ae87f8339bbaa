/**
 * Date display (docs/product/screens.md): dd/MM/yyyy, dd/MM/yyyy - hh:mm a
 * and dd-MM-yyyy, in the firm's time zone, Europe/Dublin.
 *
 * A calendar date ('YYYY-MM-DD') is a day, not an instant: it is shown as written, never shifted
 * through a time zone. A timestamp (ISO 8601 with a time, or a Date) is shown as Dublin sees it.
 */
import { FIRM_TIME_ZONE } from '../limits';
import { MESSAGES } from '../messages';
import { calendarDateOf, daysBetween, isIsoDate, todayInDublin, toIsoDate } from './dates';
import type { IsoDate } from './dates';

type DateInput = Date | string | null | undefined;

// Made on first use, as the money formatter: a screen that shows no time does not pay for it.
let dublinTimeFormat: Intl.DateTimeFormat | undefined;
const dublinTime = () =>
  (dublinTimeFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: FIRM_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
  }));

/**
 * Makes the two Dublin formatters now. Their first making loads the time zone's data (~12 ms on a
 * desktop, several times that on a phone): the web client calls this in a task of its own while
 * its first answers are on the way, so that the first screen showing a date does not pay for it
 * inside its render.
 */
export function prepareDublinFormats(): void {
  todayInDublin();
  dublinTime();
}

/** The Dublin day of a value as [dd, MM, yyyy], or null for an empty or invalid value. */
function dayParts(value: DateInput): [string, string, string] | null {
  if (value === null || value === undefined || value === '') return null;
  const day = toIsoDate(value);
  if (day === null) return null;
  return [day.slice(8, 10), day.slice(5, 7), day.slice(0, 4)];
}

/** dd/MM/yyyy, e.g. "21/11/2026"; '' for an empty or invalid value. */
export function formatDate(value: DateInput): string {
  const parts = dayParts(value);
  return parts ? parts.join('/') : '';
}

/** dd-MM-yyyy, the e-mail activity table's format; '' for an empty or invalid value. */
export function formatDashedDate(value: DateInput): string {
  const parts = dayParts(value);
  return parts ? parts.join('-') : '';
}

/**
 * dd/MM/yyyy - hh:mm a, e.g. "21/11/2026 - 03:05 PM" (task cards, dashboard). A calendar date has
 * no time: it is shown at midnight.
 */
export function formatDateTime(value: DateInput): string {
  const day = formatDate(value);
  if (day === '') return '';
  if (typeof value === 'string' && isIsoDate(value)) return `${day} - 12:00 AM`;
  const instant = value instanceof Date ? value : new Date(String(value));
  const part = Object.fromEntries(
    dublinTime()
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${day} - ${part.hour}:${part.minute} ${String(part.dayPeriod).toUpperCase()}`;
}

/** A follow-up's deadline, or "No deadline". */
export const formatDeadline = (deadline: string | null | undefined): string =>
  formatDate(deadline) || MESSAGES.noDeadline;

/** The dashboard's "Created N days ago" (days counted in Dublin). */
export function createdDaysAgo(createdAt: Date | string, now: Date = new Date()): string {
  const day = toIsoDate(createdAt);
  if (day === null) return '';
  const days = Math.max(0, daysBetween(day, todayInDublin(now)));
  return `Created ${days} day${days === 1 ? '' : 's'} ago`;
}

/**
 * A date typed as the firm writes it, day first: "31/03/2026", "31-03-2026", "31.03.2026",
 * "1/3/2026" or "31032026" → '2026-03-31'. null for anything else (a two-digit year, a day that
 * does not exist, an ISO date): the date field never guesses.
 */
export function parseDisplayDate(text: string): IsoDate | null {
  const trimmed = text.trim();
  const match =
    /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed) ??
    /^(\d{2})(\d{2})(\d{4})$/.exec(trimmed);
  if (!match) return null;
  return calendarDateOf(Number(match[3]), Number(match[2]), Number(match[1]));
}
