/**
 * The change history: which records are audited, the actions a row
 * can record, the API field and label of each stored column, and the plain-words sentence the
 * History tab and the Activity page show ("Mary Byrne changed Financial year end from
 * 31/12/2025 to 31/03/2026").
 */
import {
  B1B73_LABEL,
  BILAN_LABEL,
  CREATION_PACKAGE_LABELS,
  CREATION_STATUS_LABELS,
  FINOTOR_STATUS_LABELS,
  LANGUAGE_LABELS,
  ORDER_ORIGIN_LABELS,
  PERSON_ROLE_LABELS,
  SUBSCRIPTION_STATUS_LABELS,
  TASK_STATUS_LABELS,
  USER_ROLE_LABELS,
  USER_STATUS_LABELS,
  followUpName,
} from './labels';
import { isIsoDate } from './rules/dates';
import { formatDate, formatDateTime } from './rules/format';

/** The `recordType` values of GET /audit, one per audited table. */
export const AUDIT_RECORD_TYPES = [
  'organization',
  'people',
  'link',
  'file',
  'followUp',
  'task',
  'order',
  'subscription',
  'product',
  'form',
  'user',
  'email',
  'settings',
  'shareClass',
  'shareEntry',
] as const;
export type AuditRecordType = (typeof AUDIT_RECORD_TYPES)[number];
export const isAuditRecordType = (value: unknown): value is AuditRecordType =>
  typeof value === 'string' && (AUDIT_RECORD_TYPES as readonly string[]).includes(value);

/** What one audit row records. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'restore',
  'link',
  'unlink',
  'upload',
  'file delete',
  'email queued',
  'sign-in',
  'failed sign-in',
  'sign-up',
  'merge',
  'import',
  'password change',
  'password reset',
  'sessions ended',
  'erase',
  'subject access export',
  'erase mail bodies',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Records are kept, and never hard-deleted, for at least this long (AML record keeping). */
export const AUDIT_RETENTION_YEARS = 5;

/** Who a row names when no signed-in user made the change (scheduled jobs, the mail worker). */
export const SYSTEM_ACTOR_NAME = 'System';
/** The anonymous author of a public company-creation request. */
export const PUBLIC_FORM_ACTOR_NAME = 'Public form';

/** The nouns of each record type in a sentence ("created organization Acme Ltd"). */
export const AUDIT_RECORD_NOUNS: Readonly<Record<AuditRecordType, string>> = {
  organization: 'organization',
  people: 'person',
  link: 'link',
  file: 'file',
  followUp: 'follow-up',
  task: 'task',
  order: 'order',
  subscription: 'subscription',
  product: 'product',
  form: 'company-creation request',
  user: 'user',
  email: 'e-mail',
  settings: 'firm settings',
  shareClass: 'share class',
  shareEntry: 'share entry',
};

/**
 * Stored columns whose API name is not the plain camelCase of the column (the API's own spellings).
 */
const FIELD_NAME_OVERRIDES: Readonly<Record<string, string>> = {
  b1b73: 'B1B73',
  ard: 'ARD',
  idpal: 'IDPAL',
  organization_name1: 'organizationName1',
  organization_name2: 'organizationName2',
  organization_name3: 'organizationName3',
  anonymous_shareholder_payment_history: 'anonymousShareholdePaymentHistory',
};

/**
 * Fields whose API name is already snake_case (the follow-up and AML fields of the API are
 * spelled so): the column name is the field name.
 */
const SNAKE_CASE_RECORDS: ReadonlySet<AuditRecordType> = new Set(['followUp']);

/** The API field name of a stored column: `financial_year_end` → `financialYearEnd`. */
export function auditFieldName(recordType: string, column: string): string {
  if (FIELD_NAME_OVERRIDES[column]) return FIELD_NAME_OVERRIDES[column];
  if (SNAKE_CASE_RECORDS.has(recordType as AuditRecordType)) return column;
  return column.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/** Labels that humanising the field name would get wrong (acronyms, the API's misspellings). */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  B1B73: B1B73_LABEL,
  bilan: BILAN_LABEL,
  ARD: 'ARD',
  IDPAL: 'IDPAL',
  cro: 'CRO',
  aml: 'AML',
  rbo: 'RBO',
  vif: 'VIF',
  pep: 'PEP',
  pps: 'PPS',
  ipn: 'IPN',
  idPal: 'ID Pal',
  mail: 'E-mail',
  firstAr: 'First AR',
  nextArReminder: 'Next AR reminder',
  status: 'Status',
  coroporationTaxNumber: 'Corporation tax number',
  anonymousShareholdePaymentHistory: 'Anonymous shareholder payment history',
  finotor: 'Signup-app status',
  finotorEmailSentAt: 'Signup e-mail sent at',
  finotorRegisteredAt: 'Signup-app registered at',
  deletedAt: 'Deleted at',
  step_index: 'Step',
  user_name: 'Assigned to',
  user_id: 'Assigned user',
  archived_at: 'Archived at',
  start_date: 'Start date',
  totpEnabled: 'Two-factor sign-in',
  totpApp: 'Two-factor app',
  recoveryCodes: 'Two-factor recovery codes',
  requireTwoFactor: 'Two-factor sign-in required',
  appointedOn: 'Appointed on',
  ceasedOn: 'Ceased on',
  b5Due: 'B5 due',
};

/** "financialYearEnd" → "Financial year end"; "appendix2_q1" → "Appendix2 q1". */
export function auditFieldLabel(field: string): string {
  if (FIELD_LABELS[field]) return FIELD_LABELS[field];
  const words = field
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields whose values are codes, by record type and API field: the history shows their
 * words (labels.ts), as every screen does.
 */
const VALUE_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'organization.creationStatus': CREATION_STATUS_LABELS,
  'organization.creationPackage': CREATION_PACKAGE_LABELS,
  'organization.finotor': FINOTOR_STATUS_LABELS,
  'organization.language': LANGUAGE_LABELS,
  'link.roles': PERSON_ROLE_LABELS,
  'task.status': TASK_STATUS_LABELS,
  'subscription.status': SUBSCRIPTION_STATUS_LABELS,
  'order.origin': ORDER_ORIGIN_LABELS,
  'user.role': USER_ROLE_LABELS,
  'user.status': USER_STATUS_LABELS,
};

/** The words of a field's coded values, when its values are codes. */
export const auditValueLabels = (
  recordType: string,
  field: string,
): Readonly<Record<string, string>> | undefined => VALUE_LABELS[`${recordType}.${field}`];

/**
 * A stored value as the firm reads it: dates dd/MM/yyyy, yes/no, lists joined, a code in words
 * when `labels` names it.
 */
export function formatAuditValue(
  value: unknown,
  labels?: Readonly<Record<string, string>>,
): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    if (labels && Object.prototype.hasOwnProperty.call(labels, value)) return labels[value];
    if (isIsoDate(value)) return formatDate(value);
    if (ISO_TIMESTAMP.test(value)) return formatDateTime(value) || value;
    return value;
  }
  if (Array.isArray(value)) {
    if (value.every((item) => item === null || typeof item !== 'object')) {
      return value.map((item) => formatAuditValue(item, labels)).join(', ');
    }
    return `${value.length} ${value.length === 1 ? 'entry' : 'entries'}`;
  }
  if (isPlainObject(value)) {
    // A named reference ({ userId, userName }, { user_id, user_name }) reads as its name.
    const name = value.userName ?? value.user_name ?? value.name;
    if (typeof name === 'string') return name;
    return `${Object.keys(value).length} fields`;
  }
  return String(value);
}

/** One changed field of an update, as GET /audit answers it. */
export interface AuditChange {
  field: string;
  old: unknown;
  new: unknown;
}

/**
 * Splits a change of an object-valued field (an AML appendix, say) into one change per inner
 * field that differs, named "aml.appendix2_q1": the History tab then says what really changed.
 */
export function expandAuditChanges(changes: readonly AuditChange[]): AuditChange[] {
  const expanded: AuditChange[] = [];
  const walk = (field: string, before: unknown, after: unknown, depth: number) => {
    if (depth < 3 && (isPlainObject(before) || isPlainObject(after))) {
      const a = isPlainObject(before) ? before : {};
      const b = isPlainObject(after) ? after : {};
      const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
      for (const key of keys) {
        if (JSON.stringify(a[key]) !== JSON.stringify(b[key]))
          walk(`${field}.${key}`, a[key], b[key], depth + 1);
      }
      return;
    }
    expanded.push({ field, old: before ?? null, new: after ?? null });
  };
  for (const change of changes) walk(change.field, change.old, change.new, 0);
  return expanded;
}

/** "aml.appendix2_q1" → "AML › Appendix2 q1". */
export const auditFieldPathLabel = (path: string): string =>
  path.split('.').map(auditFieldLabel).join(' › ');

/** The parts of an audit row the sentences are made of. */
export interface AuditEntryWords {
  userName: string | null;
  action: string;
  recordType: string;
  recordLabel: string | null;
  changes: readonly AuditChange[] | null;
  /** Events' details (an import names its file). */
  data?: Record<string, unknown> | null;
}

const ACTION_VERBS: Readonly<Record<string, string>> = {
  create: 'created',
  delete: 'deleted',
  restore: 'restored',
  upload: 'uploaded',
  'file delete': 'deleted',
  'email queued': 'queued',
  merge: 'merged',
  'password change': 'changed the password of',
  'password reset': 'reset the password of',
  'sessions ended': 'ended the sessions of',
};

/**
 * The plain-words lines of one audit row. `withRecord` names the record in update lines (the
 * Activity page); the History tab of that record leaves it out.
 */
export function describeAuditEntry(entry: AuditEntryWords, withRecord = false): string[] {
  const who = entry.userName || SYSTEM_ACTOR_NAME;
  const noun = AUDIT_RECORD_NOUNS[entry.recordType as AuditRecordType] ?? entry.recordType;
  // A follow-up is labelled by its type, a code: named as the catalogue names it.
  const name =
    entry.recordType === 'followUp' && entry.recordLabel
      ? followUpName(entry.recordLabel)
      : entry.recordLabel;
  const record = name ? `${noun} ${name}` : `a ${noun}`;
  switch (entry.action) {
    case 'sign-in':
      return [`${who} signed in`];
    case 'sign-up':
      // A user row is created by its own sign-up, or by an administrator's invitation: then the
      // author is not the user the row names.
      if (entry.userName && entry.recordLabel && entry.userName !== entry.recordLabel)
        return [`${who} invited ${record}`];
      return [`${who} signed up`];
    case 'failed sign-in':
      return [`Failed sign-in${entry.recordLabel ? ` for ${entry.recordLabel}` : ''}`];
    case 'erase':
      // The erased values are gone from the history too: the line names no one but the actor.
      return [`Erased by ${who} under Art. 17 (GDPR)`];
    case 'subject access export':
      return [`Subject access export by ${who}`];
    case 'erase mail bodies':
      // The bodies' values are gone: the line says how many and up to when, never what.
      return [
        `${who} erased the bodies of ${String(entry.data?.mails ?? 0)} mails sent before ${String(entry.data?.before ?? '').slice(0, 10)}`,
      ];
    case 'import':
      return [`Imported from ${String(entry.data?.fileName ?? 'a file')} by ${who}`];
    case 'link':
    case 'unlink':
      return [`${who} ${entry.action}ed ${entry.recordLabel ?? 'a person and an organization'}`];
    case 'update': {
      const on = withRecord ? ` on ${record}` : '';
      const changes = expandAuditChanges(entry.changes ?? []);
      if (changes.length === 0) return [`${who} updated ${record}`];
      return changes.map((change) => {
        const label = auditFieldPathLabel(change.field);
        const words = auditValueLabels(entry.recordType, change.field);
        const before = formatAuditValue(change.old, words);
        const after = formatAuditValue(change.new, words);
        if (before === '' && after !== '') return `${who} set ${label} to ${after}${on}`;
        if (after === '' && before !== '') return `${who} cleared ${label} (was ${before})${on}`;
        return `${who} changed ${label} from ${before} to ${after}${on}`;
      });
    }
    default: {
      const verb = ACTION_VERBS[entry.action] ?? entry.action;
      return [`${who} ${verb} ${record}`];
    }
  }
}
