import { emailFieldProblem, isEmailAddress } from '@registra/domain';
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

/**
 * An e-mail address by the product's one rule (the domain's `isEmailAddress`, as every form and
 * the import check it); with `each`, every address of an array.
 */
export function IsEmailAddress(options: ValidationOptions = {}): PropertyDecorator {
  return ValidationRule(
    'isEmailAddress',
    { validate: (value: unknown) => isEmailAddress(value as string) },
    { message: '$property must be a valid e-mail address', ...options },
  );
}

/**
 * The record's e-mail fields a write names, each checked by the one rule only when it differs
 * from the address the record holds (ADR 0134): a record imported or saved with a bad address
 * is still updated on its other fields. `stored` undefined for a new record. Refused with 400
 * naming the field.
 */
export function changedEmailProblems(
  fields: ReadonlyArray<{ field: string; next: unknown; stored?: string | null }>,
): Array<{ field: string; message: string }> {
  return fields.flatMap(({ field, next, stored }) => {
    if (next === undefined) return [];
    const problem = emailFieldProblem(typeof next === 'string' ? next : null, stored);
    return problem ? [{ field, message: `${field} must be a valid e-mail address` }] : [];
  });
}

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
