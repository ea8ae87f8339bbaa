/** Building blocks of the yup schemas, made from the limits so both sides share one number. */
import * as yup from 'yup';
import {
  BENEFICIARY_PERCENTAGE_MAX,
  BENEFICIARY_PERCENTAGE_MIN,
  DATE_MAX,
  DATE_MIN,
  ORDER_AMOUNT_MAX,
} from '../limits';
import { MESSAGES, textTooLongMessage } from '../messages';
import { hasAtMostTwoDecimals } from '../money';
import { isDateInRange, isIsoDate } from '../rules/dates';

/** An empty input ('' from a form field) is "no value", not NaN or an empty string. */
export const emptyToUndefined = (value: unknown, original: unknown): unknown =>
  original === '' || original === null ? undefined : value;

/** A required, trimmed, non-empty text, at most `max` characters when given. */
export const requiredText = (message: string, max?: number, tooLong?: string) => {
  const text = yup.string().trim().required(message);
  return max === undefined ? text : text.max(max, tooLong ?? textTooLongMessage(max));
};

/** An optional text; null, absent and '' allowed; at most `max` characters when given. */
export const optionalText = (max?: number, tooLong?: string) => {
  const text = yup.string().nullable();
  return max === undefined ? text : text.max(max, tooLong ?? textTooLongMessage(max));
};

/** The text fields of a record, each optional and bounded by its limit in TEXT_MAX_LENGTHS. */
export const boundedTexts = <K extends string>(limits: Readonly<Record<K, number>>) =>
  Object.fromEntries(
    Object.entries<number>(limits).map(([field, max]) => [field, optionalText(max)]),
  ) as Record<K, ReturnType<typeof optionalText>>;

/**
 * 'YYYY-MM-DD' shaped but no such day (2023-02-29): said in words, not as a format error, since
 * the text was typed right.
 */
const isShapedLikeIsoDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * A calendar date 'YYYY-MM-DD', by default within 2000-01-01..2099-12-31 (the firm's date range);
 * empty is allowed unless `.required()` is added.
 */
export function isoDate(
  options: { min?: string; max?: string; format?: string; range?: string; missing?: string } = {},
) {
  const {
    min = DATE_MIN,
    max = DATE_MAX,
    format = MESSAGES.dateFormatInvalid,
    range = MESSAGES.dateOutOfRange,
    missing = MESSAGES.dateDoesNotExist,
  } = options;
  // '' is an empty input: valid unless required (yup's required refuses ''), never defaulted.
  const empty = (value: string | null | undefined) => value == null || value === '';
  return yup
    .string()
    .test('iso-date', format, (value) => empty(value) || isShapedLikeIsoDate(value))
    .test(
      'date-exists',
      missing,
      (value) => empty(value) || !isShapedLikeIsoDate(value) || isIsoDate(value),
    )

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
export const euroAmount = (negative: string = MESSAGES.amountNegative) =>
  yup
    .number()
    .transform(emptyToUndefined)
    .typeError(MESSAGES.amountRequired)
    .min(0, negative)
    .max(ORDER_AMOUNT_MAX, MESSAGES.amountTooLarge)
    .test(
      'two-decimals',
      MESSAGES.amountTooPrecise,
      (value) => value === undefined || value === null || hasAtMostTwoDecimals(value),
    );
