/**
 * Every value the API keeps as a code, in the words the screens show (docs/product/screens.md):
 * one name per thing, written once here. The codes stay the API's, the database's and the CSV
 * exports' (an export imports back as it was); only what people read is words. English for
 * staff; French where the public form shows the value.
 */
import { FOLLOW_UP_CATALOGUE, isFollowUpType } from './catalogue/follow-up-types';
import type { UserRole, UserStatus } from './contract/users';
import {
  NOT_AVAILABLE,
  isCreationStatus,
  type CreationPackage,
  type CreationStatus,
  type EmailEvent,
  type FinotorFilter,
  type FinotorStatus,
  type FollowUpCompany,
  type Language,
  type MailStatus,
  type OrderOrigin,
  type PersonType,
  type PublicFormRole,
  type RiskAssessment,
  type RiskLevel,
  type Service,
  type SubscriptionStatus,
  type TaskStatus,
} from './enums';
import type { ImportKind, ImportStatus } from './rules/import';

type Labels<T extends string> = Readonly<Record<T, string>>;

/** An empty value, in words: never "N/A" (the API's code for "none" in a few filters). */
export const NOT_SET = 'Not set';

/** A free text as shown: itself, or "Not set" when empty (an e-mail's tag or message id). */
export const orNotSet = (value: string | null | undefined): string =>
  value && value.trim() ? value : NOT_SET;

/**
 * The words of a code: its label, the value as it came when no label knows it (a newer server's
 * value is still shown), "Not set" when there is none.
 */
export function inWords<T extends string>(labels: Labels<T>, value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') return NOT_SET;
  return Object.prototype.hasOwnProperty.call(labels, value) ? labels[value as T] : value;
}

/** Select options of codes, each shown in words. */
export const labelledOptions = <T extends string>(
  values: readonly T[],
  labels: Labels<T>,
): Array<{ value: T; label: string }> => values.map((value) => ({ value, label: labels[value] }));

// ---------------------------------------------------------------- organizations

export const CREATION_STATUS_LABELS: Labels<CreationStatus> = {
  IN_PROGRESS: 'In progress',
  COMPLETED: 'Completed',
  STRIKE_OFF: 'Strike off',
  LATE: 'Late',
};
/**
 * An organization's creation status; anything but the four is shown as not set
 * (docs/product/organizations-and-people.md). The list's filter for those is "N/A" in the API.
 */
export const creationStatusInWords = (value: unknown): string =>
  isCreationStatus(value) ? CREATION_STATUS_LABELS[value] : NOT_SET;

export const CREATION_PACKAGE_LABELS: Labels<CreationPackage> = {
  FAST_CREATION: 'Fast creation',
  FULL_PACK: 'Full pack',
  PREMIUM_PACK: 'Premium pack',
  HOLDING: 'Holding',
  REAL_ESTATE_PACK: 'Real estate pack',
};

export const FINOTOR_STATUS_LABELS: Labels<FinotorStatus> = {
  not_sent: 'Not sent',
  sent: 'Sent',
  registered: 'Registered',
  stopped: 'Stopped',
};

/** The organization filters' choice for the API's "N/A": no value (or an unknown one). */
export const NOT_SET_FILTER_LABELS: Labels<typeof NOT_AVAILABLE> = { [NOT_AVAILABLE]: NOT_SET };

/** The list's signup-app filter: what each value matches, in words (FINOTOR_FILTER_STATUSES). */
export const FINOTOR_FILTER_LABELS: Labels<FinotorFilter> = {
  ok: 'OK (registered)',
  late: 'Late (not registered)',
  stopped: 'Stopped',
};

export const LANGUAGE_LABELS: Labels<Language> = { en: 'English', fr: 'French' };

/** The first annual return's status, a yes/no the screens show as Done or Pending. */
export const FIRST_AR_STATUS_LABELS = { done: 'Done', pending: 'Pending' } as const;
export const firstArStatusLabel = (done: boolean | null | undefined): 'Done' | 'Pending' =>
  done ? FIRST_AR_STATUS_LABELS.done : FIRST_AR_STATUS_LABELS.pending;

/** The organization's "bilan" box keeps the firm's French word, its English beside it. */
export const BILAN_LABEL = 'Bilan (balance sheet)';

/**
 * The B1B73 date, named as the firm writes it; the CRO forms it stands for: B1 is the annual
 * return, B73 the nomination of a new annual return date.
 */
export const B1B73_LABEL = 'B1/B73';
export const B1B73_HINT = 'CRO form B1 (annual return) or B73 (a new annual return date)';

export const SERVICE_LABELS: Labels<Service> = {
  domiciliation: 'Domiciliation',
  secretaryCompany: 'Secretary company',
  anonymousShareholder: 'Anonymous shareholder',
};

// ---------------------------------------------------------------- people and roles

/** A person's roles in a company (the organization's and the public form's, which adds one). */
export const PERSON_ROLE_LABELS: Labels<PublicFormRole> = {
  director: 'Director',
  secretary: 'Secretary',
  shareholder: 'Shareholder',
  nomineeDirector: 'Nominee director',
  nonExecutiveDirector: 'Non-executive director',
  other: 'Other',
};

/** The same roles in French, on the public form's person cards and summary. */
export const PUBLIC_FORM_ROLE_LABELS: Labels<PublicFormRole> = {
  director: 'Directeur',
  secretary: 'Secrétaire',
  shareholder: 'Actionnaire',
  nomineeDirector: 'Directeur nominé',
  nonExecutiveDirector: 'Directeur non exécutif',
  other: 'Autre',
};

export const PERSON_TYPE_LABELS: Labels<PersonType> = {
  naturalPerson: 'Natural person',
  legalPerson: 'Legal person (a company)',
};

// ---------------------------------------------------------------- staff accounts

export const USER_ROLE_LABELS: Labels<UserRole> = { admin: 'Administrator', staff: 'Staff' };

export const USER_STATUS_LABELS: Labels<UserStatus> = {
  INVITED: 'Invited',
  ACTIVE: 'Active',
  DISABLED: 'Deactivated',
};

// ---------------------------------------------------------------- tasks, subscriptions, orders

/** One spelling everywhere: the board's columns, the cards' selects, the dashboard's badges. */
export const TASK_STATUS_LABELS: Labels<TaskStatus> = {
  'TO DO': 'To do',
  'IN PROGRESS': 'In progress',
  DONE: 'Done',
};

export const SUBSCRIPTION_STATUS_LABELS: Labels<SubscriptionStatus> = {
  CURRENT: 'Current',
  UNPAID: 'Unpaid',
  CANCELLED: 'Cancelled',
};

/**
 * What each company of the group does (docs/product/README.md, ADR 0004): NEOTORIA the
 * company-secretarial work, NEO CIRCLE the accounting.
 */
export const GROUP_COMPANY_WORK: Labels<FollowUpCompany> = {
  NEOTORIA: 'company secretarial: CRO filings and registers',
  'NEO CIRCLE': 'accounting, tax, payroll and banking',
};

/** The company that owns a follow-up type, with what it does. */
export const FOLLOW_UP_COMPANY_LABELS: Labels<FollowUpCompany> = {
  NEOTORIA: `NEOTORIA (${GROUP_COMPANY_WORK.NEOTORIA})`,
  'NEO CIRCLE': `NEO CIRCLE (${GROUP_COMPANY_WORK['NEO CIRCLE']})`,
};

/**
 * Where an order came from. NEOCIRCLE is the group's NEO CIRCLE; nothing in the product says
 * more of NOMAD than its name.
 */
export const ORDER_ORIGIN_LABELS: Labels<OrderOrigin> = {
  NEOCIRCLE: FOLLOW_UP_COMPANY_LABELS['NEO CIRCLE'],
  NOMAD: 'Nomad',
};
/** The origin filter's choices: the origins and the orders without one. */
export const ORDER_ORIGIN_FILTER_LABELS: Labels<OrderOrigin | typeof NOT_AVAILABLE> = {
  ...ORDER_ORIGIN_LABELS,
  [NOT_AVAILABLE]: 'No origin',
};
/** The order filters' choice of the orders without an organization (the API's "N/A"). */
export const ORDER_ORGANIZATION_FILTER_LABELS: Labels<typeof NOT_AVAILABLE> = {
  [NOT_AVAILABLE]: 'No organization',
};
/** An order's origin in a list cell: the company's name alone (its work is in the filter). */
export const orderOriginName = (origin: string | null | undefined): string =>
  origin === 'NEOCIRCLE' ? 'NEO CIRCLE' : inWords(ORDER_ORIGIN_LABELS, origin);

// ---------------------------------------------------------------- follow-ups

/**
 * A follow-up type by its catalogue name ("INCORPORATION" → "Incorporation"); a type the catalogue
 * does not hold keeps its code.
 */
export const followUpName = (type: string | null | undefined): string =>
  isFollowUpType(type) ? FOLLOW_UP_CATALOGUE[type].displayName : inWords({}, type);

// ---------------------------------------------------------------- AML

export const NOT_ASSESSED = 'Not assessed';

export const RISK_LEVEL_LABELS: Labels<RiskLevel> = {
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};
/**
 * An organization's AML risk level; no level (appendix 2 never saved) is "Not assessed", the
 * same words in the overview, the General tab and the AML tab.
 */
export const riskLevelInWords = (level: unknown): string =>
  typeof level === 'string' && Object.prototype.hasOwnProperty.call(RISK_LEVEL_LABELS, level)
    ? RISK_LEVEL_LABELS[level as RiskLevel]
    : NOT_ASSESSED;

export const RISK_ASSESSMENT_LABELS: Labels<RiskAssessment> = {
  simplified: 'Simplified',
  normal: 'Normal',
  enhanced: 'Enhanced',
};

// ---------------------------------------------------------------- mail

export const MAIL_STATUS_LABELS: Labels<MailStatus> = {
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
};

export const EMAIL_EVENT_LABELS: Labels<EmailEvent> = {
  delivered: 'Delivered',
  failed: 'Failed',
  other: 'Other',
};

// ---------------------------------------------------------------- import

export const IMPORT_KIND_LABELS: Labels<ImportKind> = {
  organizations: 'Organizations',
  people: 'People',
  roles: 'Roles (people in organizations)',
  combined: 'Combined (one row per person in a company)',
};

export const IMPORT_STATUS_LABELS: Labels<ImportStatus> = {
  uploaded: 'Uploaded',
  checking: 'Checking',
  check_failed: 'Check failed',
  checked: 'Checked',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  undoing: 'Undoing',
  undone: 'Undone',
  undo_failed: 'Undo stopped',
};
