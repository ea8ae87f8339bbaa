/** Building blocks of the yup schemas, made from the limits so both sides share one number. */
import * as yup from 'yup';
import {
  BENEFICIARY_PERCENTAGE_MAX,
  BENEFICIARY_PERCENTAGE_MIN,
  DATE_MAX,
  DATE_MIN,
} from '../limits';
import { MESSAGES } from '../messages';
import { hasAtMostTwoDecimals } from '../money';
import { isDateInRange, isIsoDate } from '../rules/dates';

/** An empty input ('' from a form field) is "no value", not NaN or an empty string. */
export const emptyToUndefined = (value: unknown, original: unknown): unknown =>
  original === '' || original === null ? undefined : value;

/** A required, trimmed, non-empty text. */
export const requiredText = (message: string) => yup.string().trim().required(message);

/** An optional text; null, absent and '' allowed. */
export const optionalText = () => yup.string().nullable();

/**
 * A calendar date 'YYYY-MM-DD', by default within 2000-01-01..2099-12-31 (the spec's date range);
 * empty is allowed unless `.required()` is added.
 */
export function isoDate(
  options: { min?: string; max?: string; format?: string; range?: string } = {},
) {
  const {
    min = DATE_MIN,
    max = DATE_MAX,
    format = MESSAGES.dateFormatInvalid,
    range = MESSAGES.dateOutOfRange,
  } = options;
  // '' is an empty input: valid unless required (yup's required refuses ''), never defaulted.
  const empty = (value: string | null | undefined) => value == null || value === '';
  return yup
    .string()
    .test('iso-date', format, (value) => empty(value) || isIsoDate(value))
    .test(
      'date-range',
      range,
      (value) => empty(value) || !isIsoDate(value) || isDateInRange(value, min, max),
    );
}

/** A beneficiary percentage, 0 to 100. */
export const beneficiaryPercentage = (message: string = MESSAGES.beneficiaryOutOfRange) =>
  yup
    .number()
    .transform(emptyToUndefined)
    .typeError(message)
    .min(BENEFICIARY_PERCENTAGE_MIN, message)
    .max(BENEFICIARY_PERCENTAGE_MAX, message);

/** An amount of euros: a number, at least 0, at most 2 decimals (step 0.01). */
export const euroAmount = () =>
  yup
    .number()
    .transform(emptyToUndefined)
    .typeError(MESSAGES.amountRequired)
    .min(0, MESSAGES.amountNegative)
    .test(
      'two-decimals',
      MESSAGES.amountTooPrecise,
      (value) => value === undefined || value === null || hasAtMostTwoDecimals(value),
    );
