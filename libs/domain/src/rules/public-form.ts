/**
 * The public company-creation form (docs/product/forms.md). French wording.
 */
import { isEuCountry } from '../countries';
import {
  DEFAULT_PERSON_TYPE,
  ORGANIZATION_ROLES,
  type OrganizationRole,
  type PersonType,
  type PublicFormRole,
} from '../enums';
import {
  BENEFICIARY_PERCENTAGE_DEFAULT,
  DIRECTOR_MIN_AGE_YEARS,
  SHAREHOLDERS_MAX,
  SHAREHOLDING_TOTAL_PERCENT,
} from '../limits';
import { PUBLIC_FORM_ROLE_LABELS } from '../labels';
import { PUBLIC_FORM_MESSAGES, type PublicFormMessageKey } from '../messages';
import { addYears, isIsoDate, todayInDublin, type IsoDate } from './dates';
import { effectiveBeneficiaryPercentage } from './people';

export interface PublicFormPerson {
  roles: PublicFormRole[];
  personType: PersonType;
  beneficiaryPercentage: number;
  secretaryCompany: boolean;
  anonymeShareholder: boolean;
  KBIS: string;
  authorizedPerson_name: string;
  authorizedPerson_address: string;
  firstName: string;
  lastName: string;
  mail: string;
  phone: string;
  birth: string;
  nationality: string;
  street: string;
  city: string;
  state: string;
  country: string;
  zip: string;
}

export interface PublicForm {
  organizationName1: string;
  organizationName2: string;
  organizationName3: string;
  description: string;
  IDPAL: boolean;
  secretaryCompany: boolean;
  anonymeShareholder: boolean;
  peoples: PublicFormPerson[];
}

/** A person card as the form opens it: a natural person, no role, beneficiary 0. */
export const emptyPublicFormPerson = (): PublicFormPerson => ({
  roles: [],
  personType: DEFAULT_PERSON_TYPE,
  beneficiaryPercentage: BENEFICIARY_PERCENTAGE_DEFAULT,
  secretaryCompany: false,
  anonymeShareholder: false,
  KBIS: '',
  authorizedPerson_name: '',
  authorizedPerson_address: '',
  firstName: '',
  lastName: '',
  mail: '',
  phone: '',
  birth: '',
  nationality: '',
  street: '',
  city: '',
  state: '',
  country: '',
  zip: '',
});

/** The form starts with one person card, which cannot be removed. */
export const emptyPublicForm = (): PublicForm => ({
  organizationName1: '',
  organizationName2: '',
  organizationName3: '',
  description: '',
  IDPAL: false,
  secretaryCompany: false,
  anonymeShareholder: false,
  peoples: [emptyPublicFormPerson()],
});

/** "The first card cannot be removed. Others have a 'Supprimer' button." */
export const canRemovePersonCard = (index: number): boolean => index > 0;

/** "'Personne n' followed by the role labels joined with ' & '": "Personne 2 - Directeur & Actionnaire". */
export function personCardTitle(index: number, roles: readonly PublicFormRole[]): string {
  const title = `${PUBLIC_FORM_MESSAGES.personPrefix} ${index + 1}`;
  if (roles.length === 0) return title;
  // In a sentence, as French writes it: "Personne 2 – directeur et actionnaire".
  const words = roles.map((role) => PUBLIC_FORM_ROLE_LABELS[role].toLocaleLowerCase('fr'));
  const last = words.pop() as string;
  return `${title} – ${words.length > 0 ? `${words.join(', ')} et ${last}` : last}`;
}

/**
 * What a French reader would correct in a text of the public form: "..." for "…", a straight
 * apostrophe for "’", and the space before ":", ";", "?", "!" and a percent sign, which French
 * writes as a non-breaking space (U+00A0 or U+202F) so the sign never starts a line. Empty when
 * the text reads right.
 */
export function frenchTypographyProblems(text: string): string[] {
  const problems = new Set<string>();
  if (text.includes('...')) problems.add('"..." instead of "…"');
  if (/\p{L}'/u.test(text)) problems.add('a straight apostrophe instead of "’"');
  for (const match of text.matchAll(/[:;?!%]/g)) {
    const at = match.index;
    const previous = text[at - 1] ?? '';
    const next = text[at + 1] ?? '';
    // A colon inside a time or an address (12:30, https://) is not punctuation.
    if (match[0] === ':' && ((/\d/.test(previous) && /\d/.test(next)) || next === '/')) continue;
    if (previous !== '\u00a0' && previous !== '\u202f')
      problems.add(`no non-breaking space before "${match[0]}"`);
  }
  return [...problems];
}

type RolesHolder = { roles?: readonly string[] | null };
const hasRole = (person: RolesHolder, role: PublicFormRole): boolean =>
  (person.roles ?? []).includes(role);
const holdsRole = (peoples: readonly RolesHolder[], role: PublicFormRole): boolean =>
  peoples.some((person) => hasRole(person, role));

/** The roles the "Personnes requises" summary shows, in its order. */
export const REQUIRED_PUBLIC_FORM_ROLES = ['director', 'secretary', 'shareholder'] as const;

/**
 * "Personnes requises": OK or missing per role; "it turns OK when any person holds the role.
 * When the secretary is missing, a hint offers the secretary-company service."
 */
export function requiredPeopleSummary(peoples: readonly RolesHolder[]): {
  roles: Array<{ role: (typeof REQUIRED_PUBLIC_FORM_ROLES)[number]; label: string; ok: boolean }>;
  secretaryCompanyHint: boolean;
} {
  const roles = REQUIRED_PUBLIC_FORM_ROLES.map((role) => ({
    role,
    label: PUBLIC_FORM_ROLE_LABELS[role],
    ok: holdsRole(peoples, role),
  }));
  return { roles, secretaryCompanyHint: !holdsRole(peoples, 'secretary') };
}

type SubmitInput = { peoples?: readonly RolesHolder[] | null; IDPAL?: boolean | null };

/** The submit checks "in this order, each shown as an error toast in French". */
export const PUBLIC_FORM_SUBMIT_CHECKS: ReadonlyArray<{
  key: PublicFormMessageKey;
  passes: (form: SubmitInput) => boolean;
}> = [
  { key: 'directorRequired', passes: (form) => holdsRole(form.peoples ?? [], 'director') },
  { key: 'secretaryRequired', passes: (form) => holdsRole(form.peoples ?? [], 'secretary') },
  { key: 'shareholderRequired', passes: (form) => holdsRole(form.peoples ?? [], 'shareholder') },
  { key: 'idpalRequired', passes: (form) => form.IDPAL === true },
];

/** Every failed submit check, in order. */
export const publicFormSubmitErrors = (form: SubmitInput): string[] =>
  PUBLIC_FORM_SUBMIT_CHECKS.filter((check) => !check.passes(form)).map(
    (check) => PUBLIC_FORM_MESSAGES[check.key],
  );

/** The toast of a refused submit: the first failed check; ok when none fails. */
export function checkPublicFormSubmit(
  form: SubmitInput,
): { ok: true } | { ok: false; message: string } {
  const [message] = publicFormSubmitErrors(form);
  return message === undefined ? { ok: true } : { ok: false, message };
}

type GuidancePerson = RolesHolder & {
  birth?: string | null;
  country?: string | null;
  beneficiaryPercentage?: number | null;
  firstName?: string | null;
  lastName?: string | null;
};

/**
 * The guidance of the role info boxes (director over 18, EU residency, 1 to 99 shareholders
 * summing to 100 %, secretary different from a sole director): warnings to show, never a reason
 * to refuse the form.
 */
export function publicFormGuidance(
  peoples: readonly GuidancePerson[],
  now: Date = new Date(),
): string[] {
  const warnings: string[] = [];
  const today = todayInDublin(now);
  const directors = peoples.filter((person) => hasRole(person, 'director'));
  const shareholders = peoples.filter((person) => hasRole(person, 'shareholder'));

  if (directors.some((person) => isUnderAge(person.birth, today))) {
    warnings.push(PUBLIC_FORM_MESSAGES.directorUnder18);
  }
  const euResident = directors.filter((person) => isEuCountry(person.country));
  if (directors.length === 1 && euResident.length === 0) {
    warnings.push(PUBLIC_FORM_MESSAGES.soleDirectorNotEuResident);
  } else if (directors.length > 1 && euResident.length === 0) {
    warnings.push(PUBLIC_FORM_MESSAGES.noEuResidentDirector);
  }
  // Fewer than 1 (none) is refused by the submit checks; only the maximum warns.
  if (shareholders.length > SHAREHOLDERS_MAX) {
    warnings.push(PUBLIC_FORM_MESSAGES.shareholderCountOutOfRange);
  }
  const total = shareholders.reduce(
    (sum, person) =>
      sum + effectiveBeneficiaryPercentage(person.roles, person.beneficiaryPercentage),
    0,
  );
  if (shareholders.length > 0 && total !== SHAREHOLDING_TOTAL_PERCENT) {
    warnings.push(PUBLIC_FORM_MESSAGES.shareholdingNot100);
  }
  if (directors.length === 1 && hasRole(directors[0], 'secretary')) {
    warnings.push(PUBLIC_FORM_MESSAGES.secretaryIsSoleDirector);
  }
  return warnings;
}

/** Under 18 on `today` (Dublin); an unknown birth date is not flagged. */
function isUnderAge(birth: string | null | undefined, today: IsoDate): boolean {
  const day = birth?.slice(0, 10);
  return isIsoDate(day) && addYears(day, DIRECTOR_MIN_AGE_YEARS) > today;
}

/**
 * "filling in, validation, review (Edit returns to filling in), confirm and POST, thank-you page".
 */
export const PUBLIC_FORM_STEPS = ['filling', 'review', 'submitting', 'done'] as const;
export type PublicFormStep = (typeof PUBLIC_FORM_STEPS)[number];
export type PublicFormEvent =
  'submitValid' | 'submitInvalid' | 'edit' | 'confirm' | 'posted' | 'failed';

const TRANSITIONS: Readonly<
  Record<PublicFormStep, Partial<Record<PublicFormEvent, PublicFormStep>>>
> = {
  filling: { submitValid: 'review', submitInvalid: 'filling' },
  review: { edit: 'filling', confirm: 'submitting' },
  // A failed POST shows its message and returns to the review, the data intact.
  submitting: { posted: 'done', failed: 'review' },
  done: {},
};

/** The next step, or the same step when the event does not apply to it. */
export const publicFormTransition = (
  step: PublicFormStep,
  event: PublicFormEvent,
): PublicFormStep => TRANSITIONS[step][event] ?? step;

/**
 * The organization role each request role becomes when staff turn the request into a client. A
 * non-executive director is a director at the CRO like any other (ADR 0084); the organization
 * record has no separate role for it.
 */
export const FORM_ROLE_TO_ORGANIZATION_ROLE: Readonly<Record<PublicFormRole, OrganizationRole>> = {
  director: 'director',
  secretary: 'secretary',
  shareholder: 'shareholder',
  nomineeDirector: 'nomineeDirector',
  nonExecutiveDirector: 'director',
  other: 'other',
};

/** The roles of a link made from a request's person, each once, in the catalogue's order. */
export function organizationRolesOf(roles: readonly PublicFormRole[]): OrganizationRole[] {
  const mapped = new Set(roles.map((role) => FORM_ROLE_TO_ORGANIZATION_ROLE[role]));
  return ORGANIZATION_ROLES.filter((role) => mapped.has(role));
}

type NamedPerson = RolesHolder & { firstName?: string | null; lastName?: string | null };

/** The list's Directors column: "first and last names of people with the director role, joined". */
export const formDirectorsLabel = (peoples: readonly NamedPerson[]): string =>
  peoples
    .filter((person) => hasRole(person, 'director'))
    .map((person) => `${person.firstName ?? ''} ${person.lastName ?? ''}`.trim())
    .filter(Boolean)
    .join(', ');

/**
 * Anonymous text is stored as typed, so it must not carry markup: '<' and '>' are refused rather
 * than escaped or stripped (a name never needs them, and staff then edit exactly what was sent).
 */
export const containsMarkup = (value: string): boolean => /[<>]/.test(value);
