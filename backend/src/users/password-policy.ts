import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import type { Match } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import {
  MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MIN_STRENGTH_SCORE,
  PRODUCT_NAME,
} from '@registra/domain';
import type { ValidationArguments, ValidationOptions } from 'class-validator';
import { ValidationRule } from '../platform/http/validators';

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

/**
 * zxcvbn-ts with the same offline dictionary and the keyboard layouts: it finds repeats,
 * sequences, keyboard runs, dates, common passwords and the words it is given (the account's own
 * data), and estimates the guesses an attacker needs.
 */
const estimator = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

/** Whose password it is: the words it may not be built from. */
export interface PasswordOwner {
  email?: string;
  firstName?: string;
  lastName?: string;
  /** FIRM_NAME, when the firm set it. */
  firmName?: string;
}

/** Words shorter than this are not looked for inside a password ("Jo" is in too many). */
const SHORTEST_PERSONAL_WORD = 3;

/**
 * The words an attacker would try first for this account: the e-mail, its local part and the
 * pieces of both (the domain is usually the firm's), the names, the product's and the firm's.
 */
export function personalWords(owner: PasswordOwner): string[] {
  const words = new Set<string>();
  const add = (text: string | undefined) => {
    const lower = text?.trim().toLowerCase();
    if (!lower) return;
    words.add(lower);
    for (const piece of lower.split(/[^\p{L}\p{N}]+/u)) words.add(piece);
  };
  add(PRODUCT_NAME);
  add(owner.firmName);
  add(owner.firstName);
  add(owner.lastName);
  if (owner.firstName && owner.lastName) {
    add(`${owner.firstName}${owner.lastName}`);
    add(`${owner.lastName}${owner.firstName}`);
  }
  if (owner.email) {
    const [local, domain = ''] = owner.email.toLowerCase().split('@');
    add(owner.email);
    add(local);
    // The domain's labels but its last ("firm" of "firm.ie").
    for (const label of domain.split('.').slice(0, -1)) add(label);
  }
  return [...words].filter((word) => word.length >= SHORTEST_PERSONAL_WORD);
}

/** Why a password is weak, in words: the part of it that gives it away. */
const PROBLEMS = {
  personal: `is built from your own name or e-mail address, or the name of ${PRODUCT_NAME} or of the firm: add words of your own`,
  repeat:
    'repeats the same characters or words (like "aaaa" or "abcabc"): choose one harder to guess',
  sequence: 'is a sequence (like "abcd" or "1234"): choose one harder to guess',
  keyboard: 'follows the keys of the keyboard (like "qwerty"): choose one harder to guess',
  common: `is refused: ${MESSAGES.passwordCommon.toLowerCase()}`,
  weak: 'is too easy to guess: use a few unrelated words, or a longer mix of letters, digits and signs',
} as const;

const problemOf = (match: Match): string => {
  switch (match.pattern) {
    case 'dictionary':
      return match.dictionaryName === 'userInputs' ? PROBLEMS.personal : PROBLEMS.common;
    case 'repeat':
      return PROBLEMS.repeat;
    case 'sequence':
      return PROBLEMS.sequence;
    case 'spatial':
      return PROBLEMS.keyboard;
    default:
      return PROBLEMS.weak;
  }
};

const strongEnough = (password: string, words: string[]) =>
  estimator.check(password, words).score >= PASSWORD_MIN_STRENGTH_SCORE;

/**
 * Why a new password is refused (a phrase that follows the field's name), or undefined when it is
 * acceptable: 12 to 200 characters, not on the common list, and strong enough (zxcvbn score 3)
 * both as a whole and once the account's own words are taken out of it, since an attacker tries
 * those first ("murphyaoife1234" is "1234" to them).
 */
export function passwordProblem(password: unknown, owner: PasswordOwner = {}): string | undefined {
  if (typeof password !== 'string') return 'must be a string';
  if (password.length < PASSWORD_MIN_LENGTH)
    return `must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH)
    return `must be at most ${PASSWORD_MAX_LENGTH} characters`;
  if (isCommonPassword(password)) return PROBLEMS.common;
  const words = personalWords(owner);
  let rest = password.toLowerCase();
  // Longest first, so that "aoife.murphy" goes before "aoife".
  for (const word of [...words].sort((a, b) => b.length - a.length)) {
    rest = rest.split(word).join(' ');
  }
  if (rest !== password.toLowerCase() && !strongEnough(rest, words)) return PROBLEMS.personal;
  const result = estimator.check(password, words);
  if (result.score >= PASSWORD_MIN_STRENGTH_SCORE) return undefined;
  // The longest pattern found is what gives the password away.
  const telling = [...result.sequence]
    .filter((match) => match.pattern !== 'bruteforce')
    .sort((a, b) => b.token.length - a.token.length)[0];
  return telling ? problemOf(telling) : PROBLEMS.weak;
}

/** The owner as far as a DTO tells it (a sign-up carries the e-mail and names). */
const ownerIn = (object: object): PasswordOwner => {
  const { email, firstName, lastName } = object as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return { email: text(email), firstName: text(firstName), lastName: text(lastName) };
};

/**
 * A new password (passwordProblem), judged with the e-mail and names of the same body when it
 * holds them; the service judges it again with what only it knows (the account, the firm's name).
 */
export function IsAcceptablePassword(options: ValidationOptions = {}): PropertyDecorator {
  return ValidationRule(
    'isAcceptablePassword',
    {
      validate: (value: unknown, args?: ValidationArguments) =>
        passwordProblem(value, args ? ownerIn(args.object) : {}) === undefined,
    },
    {
      message: ({ property, value, object }: ValidationArguments) =>
        `${property} ${passwordProblem(value, ownerIn(object)) ?? 'is refused'}`,
      ...options,
    },
  );
}
