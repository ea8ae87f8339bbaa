/**
 * The compliance calendar: every dated obligation of the book, read for a range of days (ADR 0106).
 * The dates themselves come from the rules that already derive them (first AR, tax reminder,
 * AML review, follow-up deadlines, subscription periods); this file only names the kinds, the
 * states and the limits of a request.
 */
import type { FollowUpType } from '../catalogue/follow-up-types';
import { deadlineFromArd } from '../catalogue/follow-ups';
import { ARD_DEADLINE_DAYS } from '../limits';
import { organizationPath } from '../routes';
import { addDays, addMonths, daysBetween, isIsoDate, type IsoDate } from './dates';

export const CALENDAR_KINDS = [
  'ard',
  'filingDeadline',
  'b1b73',
  'corporationTax',
  'amlReview',
  'followUpDeadline',
  'subscriptionDue',
  'b10',
  'b2',
  'b5',
] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];

export const isCalendarKind = (value: unknown): value is CalendarKind =>
  (CALENDAR_KINDS as readonly unknown[]).includes(value);

export const CALENDAR_KIND_LABELS: Readonly<Record<CalendarKind, string>> = {
  ard: 'Annual return date',
  filingDeadline: 'Filing deadline',
  b1b73: 'B1/B73',
  corporationTax: 'Corporation tax',
  amlReview: 'AML review due',
  followUpDeadline: 'Follow-up deadline',
  subscriptionDue: 'Subscription due',
  b10: 'B10 due (officer change)',
  b2: 'B2 due (registered office)',
  b5: 'B5 due (allotment)',
};

/**
 * The follow-ups whose deadlines are the CRO's clocks: listed under their form's kind (b10, b2),
 * not as plain follow-up deadlines, so each deadline shows once.
 */
export const CALENDAR_CRO_FOLLOW_UPS: Readonly<Record<'b10' | 'b2', readonly FollowUpType[]>> = {
  b10: ['CHANGE_OF_DIRECTOR', 'CHANGE_OF_SECRETARY', 'CESSATION_OF_DIRECTOR_SECRETARY'],
  b2: ['CHANGE_OF_REGISTERED_ADDRESS'],
};

/** A request reads at most this many days, both ends included (a year, a leap one too). */
export const CALENDAR_MAX_RANGE_DAYS = 366;
/** A date within this many days from today, today included, is "due within 7 days". */
export const CALENDAR_DUE_SOON_DAYS = 7;
/** The most items one answer carries; beyond it the answer says it was cut (narrow the filters). */
export const CALENDAR_MAX_ITEMS = 5000;

export const CALENDAR_STATES = ['overdue', 'dueSoon', 'later'] as const;
export type CalendarState = (typeof CALENDAR_STATES)[number];

export const CALENDAR_STATE_LABELS: Readonly<Record<CalendarState, string>> = {
  overdue: 'Overdue',
  dueSoon: 'Due within 7 days',
  later: 'Later',
};

/** Overdue before today; due soon from today to today + 7 days; later after that. */
export function calendarState(date: IsoDate, today: IsoDate): CalendarState {
  if (date < today) return 'overdue';
  return date <= addDays(today, CALENDAR_DUE_SOON_DAYS) ? 'dueSoon' : 'later';
}

/** "the filing deadline 56 days after it": the same rule as a follow-up's ARD deadline. */
export const filingDeadline = (ard: IsoDate): IsoDate => deadlineFromArd(ard);

/** The ARDs whose filing deadline falls in [from, to]: the range moved back 56 days. */
export const ardRangeForFilingDeadlines = (from: IsoDate, to: IsoDate): [IsoDate, IsoDate] => [
  addDays(from, -ARD_DEADLINE_DAYS),
  addDays(to, -ARD_DEADLINE_DAYS),
];

/** Why a range is refused, or null: both dates valid, from ≤ to, at most 366 days. */
export function calendarRangeError(from: unknown, to: unknown): string | null {
  if (!isIsoDate(from) || !isIsoDate(to)) return 'from and to must be dates (YYYY-MM-DD)';
  if (to < from) return 'to must not be before from';
  if (daysBetween(from, to) + 1 > CALENDAR_MAX_RANGE_DAYS) {
    return `The range covers at most ${CALENDAR_MAX_RANGE_DAYS} days`;
  }
  return null;
}

/** `a,b` → the kinds, or null when one is unknown; empty → every kind. */
export function parseCalendarKinds(value: string | null | undefined): CalendarKind[] | null {
  const parts = (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return [...CALENDAR_KINDS];
  if (!parts.every(isCalendarKind)) return null;
  return CALENDAR_KINDS.filter((kind) => parts.includes(kind));
}

/** The page an obligation opens: the organization's tab that holds its date. */
export function calendarItemPath(item: { kind: CalendarKind; organizationId: string }): string {
  switch (item.kind) {
    case 'followUpDeadline':
    case 'b10':
    case 'b2':
      return organizationPath(item.organizationId, 'FOLLOW_UP_BETA_TAB');
    case 'b5':
      return organizationPath(item.organizationId, 'REGISTERS_TAB');
    case 'amlReview':
      return organizationPath(item.organizationId, 'AML_TAB');
    case 'subscriptionDue':
      return organizationPath(item.organizationId, 'SERVICE_TAB_BETA');
    default:
      return organizationPath(item.organizationId, 'ACCOUNTING_TAB');
  }
}

/** A calendar feed holds the obligations assigned to its owner, or every one. */
export const CALENDAR_FEED_SCOPES = ['mine', 'all'] as const;
export type CalendarFeedScope = (typeof CALENDAR_FEED_SCOPES)[number];
/**
 * A feed holds every obligation still overdue, whatever its age (an overdue item must reach the
 * calendar app until it is dealt with), and the next 335 days: from today, the year one request
 * of the page may read.
 */
export const CALENDAR_FEED_DAYS_AFTER = 335;

/** The last day a feed fetched on `today` holds; it has no first day. */
export const calendarFeedEnd = (today: IsoDate): IsoDate =>
  addDays(today, CALENDAR_FEED_DAYS_AFTER);

/** The event's UID: one per obligation, whatever its date, so a moved date moves the event. */
export const calendarEventUid = (item: { kind: CalendarKind; recordId: string }): string =>
  `${item.kind}-${item.recordId}@registra`;

/** The overview's period covers at most two years (731 days, both ends included). */
export const OVERVIEW_MAX_RANGE_DAYS = 731;

/** The overview's default period: this month and the next 11 (the next 12 months). */
export function defaultOverviewPeriod(today: IsoDate): { from: IsoDate; to: IsoDate } {
  const from = `${today.slice(0, 7)}-01`;
  return { from, to: addDays(addMonths(from, 12), -1) };
}

/** Why an overview period is refused, or null. */
export function overviewRangeError(from: unknown, to: unknown): string | null {
  if (!isIsoDate(from) || !isIsoDate(to)) return 'from and to must be dates (YYYY-MM-DD)';
  if (to < from) return 'to must not be before from';
  if (daysBetween(from, to) + 1 > OVERVIEW_MAX_RANGE_DAYS) {
    return `The period covers at most ${OVERVIEW_MAX_RANGE_DAYS} days`;
  }
  return null;
}
