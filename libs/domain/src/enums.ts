/**
 * Every enumeration of the product (docs/product/), as typed constants. Values are the stored/wire
 * values exactly as the API spells them (the contract keeps them, misspellings included).
 */

/** A value of a readonly tuple of string literals. */
type ValueOf<T extends readonly unknown[]> = T[number];

function isOneOf<T extends readonly string[]>(values: T, value: unknown): value is T[number] {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}

/**
 * Shown wherever a value is missing or not one of the known ones
 * (docs/product/organizations-and-people.md).
 */
export const NOT_AVAILABLE = 'N/A';

// ---------------------------------------------------------------- organizations

export const CREATION_STATUSES = ['IN_PROGRESS', 'COMPLETED', 'STRIKE_OFF', 'LATE'] as const;
export type CreationStatus = ValueOf<typeof CREATION_STATUSES>;
export const isCreationStatus = (value: unknown): value is CreationStatus =>
  isOneOf(CREATION_STATUSES, value);
/**
 * The stored code, or N/A for anything else ("anything else is shown as N/A"): what the CSV
 * export writes, so that it imports back; the screens show the words (creationStatusInWords).
 */
export const creationStatusOrNotAvailable = (
  value: unknown,
): CreationStatus | typeof NOT_AVAILABLE => (isCreationStatus(value) ? value : NOT_AVAILABLE);

export const CREATION_PACKAGES = [
  'FAST_CREATION',
  'FULL_PACK',
  'PREMIUM_PACK',
  'HOLDING',
  'REAL_ESTATE_PACK',
] as const;
export type CreationPackage = ValueOf<typeof CREATION_PACKAGES>;

/** Signup-app (finotor) status of an organization. */
export const FINOTOR_STATUSES = ['not_sent', 'sent', 'registered', 'stopped'] as const;
export type FinotorStatus = ValueOf<typeof FINOTOR_STATUSES>;
export const DEFAULT_FINOTOR_STATUS: FinotorStatus = 'not_sent';

export const FINOTOR_FILTERS = ['ok', 'late', 'stopped'] as const;
export type FinotorFilter = ValueOf<typeof FINOTOR_FILTERS>;
/**
 * What each filter value matches (docs/product/organizations-and-people.md): ok = registered; late
 * = invited or not yet invited but not registered; stopped = stopped.
 */
export const FINOTOR_FILTER_STATUSES: Readonly<Record<FinotorFilter, readonly FinotorStatus[]>> = {
  ok: ['registered'],
  late: ['not_sent', 'sent'],
  stopped: ['stopped'],
};

export const LANGUAGES = ['en', 'fr'] as const;
export type Language = ValueOf<typeof LANGUAGES>;

// ---------------------------------------------------------------- people and links

/** Roles of a person in an organization (several allowed). */
export const ORGANIZATION_ROLES = [
  'director',
  'secretary',
  'shareholder',
  'nomineeDirector',
  'other',
] as const;
export type OrganizationRole = ValueOf<typeof ORGANIZATION_ROLES>;
export const isOrganizationRole = (value: unknown): value is OrganizationRole =>
  isOneOf(ORGANIZATION_ROLES, value);

/** The public form adds nonExecutiveDirector (docs/product/forms.md). */
export const PUBLIC_FORM_ROLES = [
  'director',
  'secretary',
  'shareholder',
  'nomineeDirector',
  'nonExecutiveDirector',
  'other',
] as const;
export type PublicFormRole = ValueOf<typeof PUBLIC_FORM_ROLES>;
export const isPublicFormRole = (value: unknown): value is PublicFormRole =>
  isOneOf(PUBLIC_FORM_ROLES, value);

export const PERSON_TYPES = ['naturalPerson', 'legalPerson'] as const;
export type PersonType = ValueOf<typeof PERSON_TYPES>;
export const DEFAULT_PERSON_TYPE: PersonType = 'naturalPerson';

export const PEOPLE_TABS = [
  'INFORMATION',
  'ATTACHEDFILES_PEOPLE_TAB',
  'ORGANIZATION_TAB',
  'RAW_DATA',
] as const;
export type PeopleTab = ValueOf<typeof PEOPLE_TABS>;

export const ORGANIZATION_TABS = [
  'GENERAL_TAB',
  'ACCOUNTING_TAB',
  'SERVICE_TAB',
  'SERVICE_TAB_BETA',
  'AML_TAB',
  'PEOPLE_TAB',
  // The statutory registers, the share capital and the annual return's particulars.
  'REGISTERS_TAB',
  'PAYMENT_TAB',
  'FOLLOW_UP_BETA_TAB',
  'FOLLOW_UP_TAB',
  'ATTACHEDFILES_ORGANIZATION_TAB',
  'NOTES_TAB',
  'RAW_DATA',
] as const;
export type OrganizationTab = ValueOf<typeof ORGANIZATION_TABS>;

/** Order and form-request detail tabs. */
export const DETAIL_TABS = ['INFORMATION', 'RAW_DATA'] as const;
export type DetailTab = ValueOf<typeof DETAIL_TABS>;

// ---------------------------------------------------------------- services

export const SERVICES = ['domiciliation', 'secretaryCompany', 'anonymousShareholder'] as const;
export type Service = ValueOf<typeof SERVICES>;

/** The organization's field names per service, the misspelt history field included. */
export const SERVICE_FIELDS = {
  domiciliation: {
    flag: 'hasDomiciliation',
    subscription: 'domiciliationSubscription',
    plan: 'domiciliationSubscriptionPlan',
    paidReminder: 'domiciliationPaidReminder',
    history: 'domiciliationPaymentHistory',
  },
  secretaryCompany: {
    flag: 'hasSecretaryCompany',
    subscription: 'secretaryCompanySubscription',
    plan: 'secretaryCompanySubscriptionPlan',
    paidReminder: 'secretaryCompanyPaidReminder',
    history: 'secretaryCompanyPaymentHistory',
  },
  anonymousShareholder: {
    flag: 'hasAnonymousShareholder',
    subscription: 'anonymousShareholderSubscription',
    plan: 'anonymousShareholderSubscriptionPlan',
    paidReminder: 'anonymousShareholderPaidReminder',
    history: 'anonymousShareholdePaymentHistory',
  },
} as const satisfies Record<Service, Record<string, string>>;

// ---------------------------------------------------------------- subscriptions, tasks, orders

export const SUBSCRIPTION_STATUSES = ['CURRENT', 'CANCELLED', 'UNPAID'] as const;
export type SubscriptionStatus = ValueOf<typeof SUBSCRIPTION_STATUSES>;
export const DEFAULT_SUBSCRIPTION_STATUS: SubscriptionStatus = 'CURRENT';

export const TASK_STATUSES = ['TO DO', 'IN PROGRESS', 'DONE'] as const;
export type TaskStatus = ValueOf<typeof TASK_STATUSES>;
export const DEFAULT_TASK_STATUS: TaskStatus = 'TO DO';
export const isTaskStatus = (value: unknown): value is TaskStatus => isOneOf(TASK_STATUSES, value);
/** "Task status: moves freely among TO DO, IN PROGRESS, DONE. No restriction is shown." */
export const canChangeTaskStatus = (from: unknown, to: unknown): boolean =>
  isTaskStatus(from) && isTaskStatus(to);

export const ORDER_ORIGINS = ['NEOCIRCLE', 'NOMAD'] as const;
export type OrderOrigin = ValueOf<typeof ORDER_ORIGINS>;
/** The order list's origin filter also offers N/A (orders with no origin). */
export const ORDER_ORIGIN_FILTERS = [...ORDER_ORIGINS, NOT_AVAILABLE] as const;

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = ValueOf<typeof SORT_ORDERS>;

// ---------------------------------------------------------------- follow-ups

export const FOLLOW_UP_COMPANIES = ['NEOTORIA', 'NEO CIRCLE'] as const;
export type FollowUpCompany = ValueOf<typeof FOLLOW_UP_COMPANIES>;

export const FOLLOW_UP_HISTORY_ACTIONS = [
  'created',
  'updated',
  'archived',
  'unarchived',
  'assigned',
  'changed',
  'removed',
] as const;
export type FollowUpHistoryAction = ValueOf<typeof FOLLOW_UP_HISTORY_ACTIONS>;

/**
 * The history action of an assignment change: first assignee, another assignee, or none.
 * History actions "assigned", "changed" and "removed" (docs/product/follow-ups.md).
 */
export function assignmentAction(
  previousUserId: string | null | undefined,
  nextUserId: string | null | undefined,
): 'assigned' | 'changed' | 'removed' | null {
  if (!nextUserId) return previousUserId ? 'removed' : null;
  if (!previousUserId) return 'assigned';
  return previousUserId === nextUserId ? null : 'changed';
}

export const FOLLOW_UP_STATES = ['inProgress', 'completed'] as const;
export type FollowUpState = ValueOf<typeof FOLLOW_UP_STATES>;

// ---------------------------------------------------------------- AML (docs/product/aml.md)

export const AML_APPENDICES = ['appendix2', 'appendix3', 'appendix4', 'appendix6'] as const;
export type AmlAppendix = ValueOf<typeof AML_APPENDICES>;

export const SOURCES_OF_INTRODUCTION = ['Societe France Irlande', 'Other company'] as const;
export type SourceOfIntroduction = ValueOf<typeof SOURCES_OF_INTRODUCTION>;

export const EXPECTED_BUSINESS = ['Accounting', 'Company Formation', 'Other Services'] as const;
export type ExpectedBusiness = ValueOf<typeof EXPECTED_BUSINESS>;

/**
 * Appendix 4 structure type. "Limited" is the default; the other values are the
 * Irish company types (Companies Act 2014) and the other client structures the form asks about
 * (partnership, trust). Stored as free text: an unknown legacy value is kept, not refused.
 */
export const STRUCTURE_TYPES = [
  'Limited',
  'DAC',
  'CLG',
  'PLC',
  'Unlimited',
  'Partnership',
  'Trust',
  'Other',
] as const;
export type StructureType = ValueOf<typeof STRUCTURE_TYPES>;
export const DEFAULT_STRUCTURE_TYPE: StructureType = 'Limited';

export const RISK_ASSESSMENTS = ['simplified', 'normal', 'enhanced'] as const;
export type RiskAssessment = ValueOf<typeof RISK_ASSESSMENTS>;
export const DEFAULT_RISK_ASSESSMENT: RiskAssessment = 'normal';

export const RISK_LEVELS = ['high', 'medium', 'low'] as const;
export type RiskLevel = ValueOf<typeof RISK_LEVELS>;
/** "high red, medium yellow, low green" */
export const RISK_LEVEL_COLOURS: Readonly<Record<RiskLevel, 'red' | 'yellow' | 'green'>> = {
  high: 'red',
  medium: 'yellow',
  low: 'green',
};

/** Appendix 4 text defaults (docs/product/aml.md). */
export const APPENDIX4_DEFAULTS = {
  structure_type: DEFAULT_STRUCTURE_TYPE,
  client_meeting_details: 'Online meeting',
  partnership_controllers: 'N.A',
  trust_controlling_parties: 'N.A',
  legal_documents_check: 'N.A',
  risk_assessment: DEFAULT_RISK_ASSESSMENT,
} as const;

/** Appendix 2 action checklist: each item has a yes/no flag plus a date. */
export const APPENDIX2_CHECKLIST_ITEMS = [
  'kyc_obtained',
  'client_identity_verified',
  'third_party_permission',
  'documents_obtained',
  'beneficial_owners_identified',
  'non_resident_edd_completed',
  'edd_form_completed',
  'enhanced_procedures_completed',
] as const;
export type Appendix2ChecklistItem = ValueOf<typeof APPENDIX2_CHECKLIST_ITEMS>;

// ---------------------------------------------------------------- e-mail activity

export const EMAIL_EVENTS = ['delivered', 'failed', 'other'] as const;
export type EmailEvent = ValueOf<typeof EMAIL_EVENTS>;

/** Where a mail of the outbox stands (docs/product/mail.md). */
export const MAIL_STATUSES = ['queued', 'sent', 'delivered', 'failed'] as const;
export type MailStatus = ValueOf<typeof MAIL_STATUSES>;

// ---------------------------------------------------------------- privacy

/** Where a subject-access export's job stands (GET /data-export/{id}, docs/product/privacy.md). */
export const DATA_EXPORT_STATUSES = ['running', 'done', 'failed'] as const;
export type DataExportStatus = ValueOf<typeof DATA_EXPORT_STATUSES>;

// ---------------------------------------------------------------- display helpers

/** Boolean order columns show 'Checked' or 'No' (docs/product/orders-and-subscriptions.md). */
export const checkedLabel = (value: boolean | null | undefined): 'Checked' | 'No' =>
  value ? 'Checked' : 'No';
/** The people list's VIF column is an ON/OFF badge. */
export const onOffLabel = (value: boolean | null | undefined): 'ON' | 'OFF' =>
  value ? 'ON' : 'OFF';
