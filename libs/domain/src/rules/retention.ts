/**
 * How long the firm keeps personal data, and when a person may be erased (docs/privacy.md).
 *
 * Two laws pull in opposite directions. The GDPR keeps personal data no longer than needed
 * (Art. 5(1)(e)) and erases it on request (Art. 17); the Criminal Justice (Money Laundering and
 * Terrorist Financing) Act 2010, s.55, obliges the firm to keep its customer due-diligence records
 * for five years after the business relationship with the client ends. A person named in a
 * client's records (director, shareholder, beneficial owner…) is therefore kept until five years
 * have passed since the last of their clients' relationships ended, and may be erased from then.
 */
import { addMonths, addYears, isIsoDate } from './dates';
import type { IsoDate } from './dates';

/** Years the AML law keeps due-diligence records after the relationship ends (CJA 2010 s.55). */
export const AML_RETENTION_YEARS = 5;

/** Months a prospect's company-creation request that never became a client is kept. */
export const PROSPECT_RETENTION_MONTHS_DEFAULT = 12;

/**
 * Months a mail's body (subject and values) is kept: the AML period, since the firm's mails to
 * its clients' people are part of the due-diligence correspondence (ADR 0147).
 */
export const MAIL_BODY_RETENTION_MONTHS_DEFAULT = 60;

/** The range an administrator may set a retention period in, in months (1 month to 20 years). */
export const RETENTION_MONTHS_MIN = 1;
export const RETENTION_MONTHS_MAX = 240;

export const isRetentionMonths = (value: unknown): value is number =>
  typeof value === 'number' &&
  Number.isInteger(value) &&
  value >= RETENTION_MONTHS_MIN &&
  value <= RETENTION_MONTHS_MAX;

/** The firm's retention periods (firm settings; the defaults quote the law). */
export interface RetentionPeriods {
  /** Years a client's people are kept after the last relationship ends. */
  amlRetentionYears: number;
  /** Months a prospect's request that never became a client is kept after its last change. */
  prospectRetentionMonths: number;
  /** Months a mail's body is kept; its envelope (date, template, recipient) stays. */
  mailBodyRetentionMonths: number;
}

/** One retention period as administrators set it: its unit, bounds, default and why. */
export interface RetentionPeriodRule {
  label: string;
  unit: 'years' | 'months';
  min: number;
  max: number;
  default: number;
  /** The law or reason behind the default, as the settings' help text quotes it. */
  basis: string;
}

/**
 * Each period's rule. The AML period may be lengthened, never shortened below the law's five
 * years (s.55 says "not less than five years"); the others range from a month to twenty years.
 */
export const RETENTION_PERIOD_RULES: Record<keyof RetentionPeriods, RetentionPeriodRule> = {
  amlRetentionYears: {
    label: 'AML records after the relationship ends',
    unit: 'years',
    min: AML_RETENTION_YEARS,
    max: RETENTION_MONTHS_MAX / 12,
    default: AML_RETENTION_YEARS,
    basis:
      'Criminal Justice (Money Laundering and Terrorist Financing) Act 2010, s.55: customer due-diligence records are kept for not less than five years after the business relationship ends.',
  },
  prospectRetentionMonths: {
    label: "A prospect's request that never became a client",
    unit: 'months',
    min: RETENTION_MONTHS_MIN,
    max: RETENTION_MONTHS_MAX,
    default: PROSPECT_RETENTION_MONTHS_DEFAULT,
    basis:
      "GDPR Art. 5(1)(e), storage limitation: kept no longer than the steps taken at the prospect's request need; erased by itself after its last change unless staff keep it.",
  },
  mailBodyRetentionMonths: {
    label: 'Mail bodies',
    unit: 'months',
    min: RETENTION_MONTHS_MIN,
    max: RETENTION_MONTHS_MAX,
    default: MAIL_BODY_RETENTION_MONTHS_DEFAULT,
    basis:
      "The AML period (five years): mails to clients' people are part of the due-diligence correspondence. After it the body may be erased; the date, template and recipient stay.",
  },
};

export const RETENTION_PERIOD_FIELDS = Object.keys(
  RETENTION_PERIOD_RULES,
) as (keyof RetentionPeriods)[];

/** The defaults, until an administrator changes them. */
export const DEFAULT_RETENTION_PERIODS: RetentionPeriods = {
  amlRetentionYears: AML_RETENTION_YEARS,
  prospectRetentionMonths: PROSPECT_RETENTION_MONTHS_DEFAULT,
  mailBodyRetentionMonths: MAIL_BODY_RETENTION_MONTHS_DEFAULT,
};

/** Why `value` cannot be the period `field`, in the firm's words; null when it can. */
export function retentionPeriodProblem(
  field: keyof RetentionPeriods,
  value: unknown,
): string | null {
  const rule = RETENTION_PERIOD_RULES[field];
  if (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= rule.min &&
    value <= rule.max
  )
    return null;
  return `${field} must be a whole number of ${rule.unit} from ${rule.min} to ${rule.max}`;
}

/** The first day a record kept for a relationship ended on `endedOn` may be erased. */
export const retentionEndsOn = (endedOn: IsoDate, years = AML_RETENTION_YEARS): IsoDate =>
  addYears(endedOn, years);

/** One client relationship a person is (or was) part of through a link. */
export interface RetainedRelationship {
  organizationId: string;
  organizationName: string;
  /** When the firm's relationship with the client ended; null while it goes on. */
  relationshipEndedOn: IsoDate | null;
}

/** A relationship that keeps the person, and the first day it lets them go. */
export interface RetentionHold extends RetainedRelationship {
  erasableFrom: IsoDate;
}

export type ErasureDecision =
  | { erasable: true }
  | {
      erasable: false;
      /**
       * The first day erasure is possible: five years after the latest end. A relationship that
       * goes on counts as ending today, so the date is the earliest possible, not a promise.
       */
      erasableFrom: IsoDate;
      /** The relationships that hold the person, latest first. */
      holds: RetentionHold[];
    };

/**
 * Whether a person linked (now or formerly) to these clients may be erased on `today`. A person
 * with no client relationship (never a client, a prospect) may always be erased.
 */
export function erasureDecision(
  relationships: readonly RetainedRelationship[],
  today: IsoDate,
  years = AML_RETENTION_YEARS,
): ErasureDecision {
  const holds: RetentionHold[] = [];
  for (const relationship of relationships) {
    const ended = isIsoDate(relationship.relationshipEndedOn)
      ? relationship.relationshipEndedOn
      : null;
    const erasableFrom = retentionEndsOn(ended ?? today, years);
    if (ended === null || erasableFrom > today) holds.push({ ...relationship, erasableFrom });
  }
  if (holds.length === 0) return { erasable: true };
  holds.sort((a, b) =>
    a.erasableFrom < b.erasableFrom ? 1 : a.erasableFrom > b.erasableFrom ? -1 : 0,
  );
  return { erasable: false, erasableFrom: holds[0].erasableFrom, holds };
}

/** Why erasure is refused, in the firm's words (the 409's message). */
export function retentionHoldMessage(
  decision: Extract<ErasureDecision, { erasable: false }>,
  years = AML_RETENTION_YEARS,
): string {
  const names = decision.holds.map((hold) => hold.organizationName).join(', ');
  const ongoing = decision.holds.some((hold) => hold.relationshipEndedOn === null);
  const period = `${years === AML_RETENTION_YEARS ? 'five' : years} years after the client relationship ends`;
  return ongoing
    ? `Kept under the AML law (${period}): ${names} ${decision.holds.length > 1 ? 'are' : 'is'} still a client, so erasure is possible from ${decision.erasableFrom} at the earliest.`
    : `Kept under the AML law (${period}): erasure is possible from ${decision.erasableFrom} (${names}).`;
}

/** The first day a prospect's request last changed on `lastChangedOn` may be erased. */
export const prospectErasableFrom = (
  lastChangedOn: IsoDate,
  months = PROSPECT_RETENTION_MONTHS_DEFAULT,
): IsoDate => addMonths(lastChangedOn, months);

/** The last change date a prospect's request may have and still be kept on `today`. */
export const prospectKeptSince = (
  today: IsoDate,
  months = PROSPECT_RETENTION_MONTHS_DEFAULT,
): IsoDate => addMonths(today, -months);
