import { dictionary } from '@zxcvbn-ts/language-common';
import { MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@registra/domain';
import { registerDecorator } from 'class-validator';
import type { ValidationOptions } from 'class-validator';

/**
 * The common and breached passwords the product refuses: the ~49 000 most frequent passwords of
 * published breaches, as shipped (offline) with zxcvbn-ts's common dictionary. Compared in lower
 * case, so "Password1234" is refused like "password1234".
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  (dictionary['passwords-common'] as string[]).map((word) => word.toLowerCase()),
);

export const isCommonPassword = (password: string): boolean =>
  COMMON_PASSWORDS.has(password.toLowerCase());

/** Why a new password is refused, or undefined when it is acceptable. */
export function passwordProblem(password: unknown): string | undefined {
  if (typeof password !== 'string') return 'must be a string';
  if (password.length < PASSWORD_MIN_LENGTH)
    return `must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH)
    return `must be at most ${PASSWORD_MAX_LENGTH} characters`;
  if (isCommonPassword(password)) return `is refused: ${MESSAGES.passwordCommon.toLowerCase()}`;
  return undefined;
}

/** A new password: 12 to 200 characters, not on the common-password list. */
export function IsAcceptablePassword(options: ValidationOptions = {}): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isAcceptablePassword',
      target: target.constructor,
      propertyName: propertyName as string,
      options: {
        message: ({ property, value }) => `${property} ${passwordProblem(value) ?? 'is refused'}`,
        ...options,
      },
      validator: { validate: (value: unknown) => passwordProblem(value) === undefined },
    });
}
