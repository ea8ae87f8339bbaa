import { registerDecorator } from 'class-validator';
import type { ValidationOptions, ValidatorConstraintInterface } from 'class-validator';

/**
 * A property decorator of one rule of our own, registered with class-validator under `name`;
 * `options` carry its message unless the rule words its own (`defaultMessage`).
 */
export const ValidationRule =
  (
    name: string,
    validator: ValidatorConstraintInterface,
    options?: ValidationOptions,
  ): PropertyDecorator =>
  (target, propertyName) =>
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: propertyName as string,
      options,
      validator,
    });

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD, within [min, max] (also YYYY-MM-DD). */
export function isCalendarDate(
  value: unknown,
  min = '1900-01-01',
  max = '2099-12-31',
): value is string {
  if (typeof value !== 'string') return false;
  const match = CALENDAR_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && value >= min && value <= max;
}

export function IsCalendarDate(
  options: ValidationOptions & { min?: string; max?: string } = {},
): PropertyDecorator {
  const { min = '1900-01-01', max = '2099-12-31', ...validationOptions } = options;
  return ValidationRule(
    'isCalendarDate',
    { validate: (value: unknown) => isCalendarDate(value, min, max) },
    {
      message: `$property must be a date written YYYY-MM-DD between ${min} and ${max}`,
      ...validationOptions,
    },
  );
}

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;

const isTimestamp = (value: unknown): value is string =>
  typeof value === 'string' && ISO_TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value));

/** An ISO 8601 timestamp (what the API answers for createdAt, updatedAt, ...). */
export function IsTimestamp(options: ValidationOptions = {}): PropertyDecorator {
  return ValidationRule(
    'isTimestamp',
    {
      validate: isTimestamp,
    },
    { message: '$property must be an ISO 8601 date-time', ...options },
  );
}

/** A calendar day (YYYY-MM-DD) or an ISO 8601 timestamp: the bounds of a period filter. */
export function IsTimestampOrDate(options: ValidationOptions = {}): PropertyDecorator {
  return ValidationRule(
    'isTimestampOrDate',
    {
      validate: (value: unknown) =>
        isCalendarDate(value, '1900-01-01', '2999-12-31') || isTimestamp(value),
    },
    {
      message: '$property must be a date written YYYY-MM-DD or an ISO 8601 date-time',
      ...options,
    },
  );
}
