/**
 * Annual-return work started by itself (ADR 0106): a daily job starts the annual-return
 * follow-up of each company whose ARD enters the firm's window, once per company and ARD.
 */
import type { FollowUpType } from '../catalogue/follow-up-types';
import { addDays, type IsoDate } from './dates';

/** "days before the ARD, default 60". */
export const ANNUAL_RETURN_LEAD_DAYS_DEFAULT = 60;
export const ANNUAL_RETURN_LEAD_DAYS_MIN = 1;
export const ANNUAL_RETURN_LEAD_DAYS_MAX = 365;
/** Administrators see on the calendar what the job will start in the next 30 days. */
export const ANNUAL_RETURN_PREVIEW_DAYS = 30;

export const isAnnualReturnLeadDays = (value: unknown): value is number =>
  Number.isInteger(value) &&
  (value as number) >= ANNUAL_RETURN_LEAD_DAYS_MIN &&
  (value as number) <= ANNUAL_RETURN_LEAD_DAYS_MAX;

/** The ARDs the job starts on `today`: from today to today + the lead days, both included. */
export const annualReturnStartWindow = (today: IsoDate, leadDays: number): [IsoDate, IsoDate] => [
  today,
  addDays(today, leadDays),
];

/** The day the job starts an ARD's work: lead days before it, or today when that has passed. */
export function annualReturnStartDay(ard: IsoDate, leadDays: number, today: IsoDate): IsoDate {
  const day = addDays(ard, -leadDays);
  return day < today ? today : day;
}

/** The ARDs the job will start within the next 30 days (the calendar's preview for admins). */
export const annualReturnPreviewWindow = (today: IsoDate, leadDays: number): [IsoDate, IsoDate] => [
  today,
  addDays(today, leadDays + ANNUAL_RETURN_PREVIEW_DAYS),
];

/**
 * Which process of the catalogue: FIRST_AR while the company's first annual return is not done,
 * AR_TRADING after it (staff archive it and start AR_NO_TRADING for a company that does not trade).
 */
export const annualReturnFollowUpType = (firstArDone: boolean): FollowUpType =>
  firstArDone ? 'AR_TRADING' : 'FIRST_AR';
