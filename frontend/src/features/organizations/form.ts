import {
  CREATION_PACKAGES,
  CREATION_STATUSES,
  DEFAULT_SERVICE_PLAN,
  LANGUAGES,
  SERVICES,
  SERVICE_FIELDS,
  corporationTaxReminder,
  isIsoDate,
  isServicePlan,
  organizationWarnings,
  paymentHistoryOnSave,
  withOpenRow,
} from '@registra/domain';
import type { Service } from '@registra/domain';
import type { OrganizationUpdate } from './api';
import type { Organization, PaymentHistoryEntry } from './types';

/**
 * The one form of the General, Accounting, Services and Payments tabs. Text and date inputs
 * hold '' for an empty value; each payment history holds its open last row.
 */
export interface OrganizationFormValues {
  name: string;
  mail: string;
  cro: string;
  language: string;
  creationStatus: string;
  creationPackage: string;
  address: string;
  /**
   * The registered-office change being saved is already filed with the CRO: no B2 follow-up is
   * started for it. Not part of the record; it goes with a save that changes the address.
   */
  alreadyFiled: boolean;
  country: string;
  businessActivity: string;
  rbo: boolean;
  comments: string;

  incorporationDate: string;
  status: boolean;
  nextArReminder: string;
  B1B73: string;
  bilan: boolean;
  financialYearEnd: string;
  relationshipEndedOn: string;
  corporationTaxPaid: string[];
  coroporationTaxNumber: string;
  accountingComments: string;

  hasDomiciliation: boolean;
  domiciliationSubscription: string;
  domiciliationSubscriptionPlan: number;
  domiciliationPaymentHistory: PaymentHistoryEntry[];
  hasSecretaryCompany: boolean;
  secretaryCompanySubscription: string;
  secretaryCompanySubscriptionPlan: number;
  secretaryCompanyPaymentHistory: PaymentHistoryEntry[];
  hasAnonymousShareholder: boolean;
  anonymousShareholderSubscription: string;
  anonymousShareholderSubscriptionPlan: number;
  anonymousShareholdePaymentHistory: PaymentHistoryEntry[];
}

export type FlagField = (typeof SERVICE_FIELDS)[Service]['flag'];
export type SubscriptionField = (typeof SERVICE_FIELDS)[Service]['subscription'];
export type PlanField = (typeof SERVICE_FIELDS)[Service]['plan'];
export type HistoryField = (typeof SERVICE_FIELDS)[Service]['history'];
export type PaidReminderField = (typeof SERVICE_FIELDS)[Service]['paidReminder'];

const text = (value: string | null | undefined) => value ?? '';
/** A stored value outside the known ones shows as empty ("N/A") and is not sent back. */
const known = (values: readonly string[], value: string | null | undefined) =>
  value && values.includes(value) ? value : '';
const plan = (value: number | null | undefined) =>
  isServicePlan(value) ? value : DEFAULT_SERVICE_PLAN;

export function toFormValues(organization: Organization): OrganizationFormValues {
  const values = {
    name: organization.name,
    mail: text(organization.mail),
    cro: text(organization.cro),
    language: known(LANGUAGES, organization.language),
    creationStatus: known(CREATION_STATUSES, organization.creationStatus),
    creationPackage: known(CREATION_PACKAGES, organization.creationPackage),
    address: text(organization.address),
    alreadyFiled: false,
    country: text(organization.country),
    businessActivity: text(organization.businessActivity),
    rbo: organization.rbo,
    comments: text(organization.comments),
    incorporationDate: text(organization.incorporationDate),
    status: organization.status,
    nextArReminder: text(organization.nextArReminder),
    B1B73: text(organization.B1B73),
    bilan: organization.bilan,
    financialYearEnd: text(organization.financialYearEnd),
    relationshipEndedOn: text(organization.relationshipEndedOn),
    corporationTaxPaid: [...(organization.corporationTaxPaid ?? [])],
    coroporationTaxNumber: text(organization.coroporationTaxNumber),
    accountingComments: text(organization.accountingComments),
  } as OrganizationFormValues;
  for (const service of SERVICES) {
    const fields = SERVICE_FIELDS[service];
    const subscription = organization[fields.subscription];
    const servicePlan = plan(organization[fields.plan]);
    values[fields.flag] = organization[fields.flag];
    values[fields.subscription] = text(subscription);
    values[fields.plan] = servicePlan;
    // "There is always one open last row (no paid date) holding the next reminder."
    values[fields.history] = withOpenRow(
      organization[fields.history] ?? [],
      subscription,
      servicePlan,
    );
  }
  return values;
}

const orNull = (value: string) => (value.trim() === '' ? null : value);

/**
 * The whole organization for PUT: the record as loaded (assigned users, notes, AML and the other
 * parts this form does not edit are the latest the client holds) with the form's values over it,
 * and the loaded `updatedAt` so that a concurrent change answers 409 instead of being lost.
 */
export function toUpdateBody(
  loaded: Organization,
  values: OrganizationFormValues,
): OrganizationUpdate {
  // `files` is the view of `attachedFiles` (the URLs, which are what a save writes back).
  const { files: _files, ...record } = loaded;
  const body: OrganizationUpdate = {
    ...record,
    name: values.name.trim(),
    mail: orNull(values.mail),
    cro: orNull(values.cro),
    language: orNull(values.language),
    creationStatus: orNull(values.creationStatus),
    creationPackage: orNull(values.creationPackage),
    address: orNull(values.address),
    country: orNull(values.country),
    businessActivity: orNull(values.businessActivity),
    rbo: values.rbo,
    comments: orNull(values.comments),
    incorporationDate: orNull(values.incorporationDate),
    status: values.status,
    nextArReminder: orNull(values.nextArReminder),
    B1B73: orNull(values.B1B73),
    bilan: values.bilan,
    financialYearEnd: orNull(values.financialYearEnd),
    relationshipEndedOn: orNull(values.relationshipEndedOn),
    corporationTaxPaid: values.corporationTaxPaid.filter((date) => date.trim() !== ''),
    coroporationTaxNumber: orNull(values.coroporationTaxNumber),
    accountingComments: orNull(values.accountingComments),
    updatedAt: loaded.updatedAt,
  };
  if (values.alreadyFiled && orNull(values.address) !== (loaded.address ?? null)) {
    body.alreadyFiled = true;
  }
  for (const service of SERVICES) {
    const fields = SERVICE_FIELDS[service];
    body[fields.flag] = values[fields.flag];
    body[fields.subscription] = orNull(values[fields.subscription]);
    body[fields.plan] = values[fields.plan];
    // The server keeps only the paid rows and recomputes the paid-reminder from them.
    body[fields.history] = values[fields.history].map((row) => ({
      nextPaidReminder: row.nextPaidReminder || null,
      paidDate: row.paidDate || null,
    }));
  }
  return body;
}

/** The service's paid-reminder as the server will store it on save (live preview). */
export function livePaidReminder(values: OrganizationFormValues, service: Service): string | null {
  const fields = SERVICE_FIELDS[service];
  return paymentHistoryOnSave(
    values[fields.history],
    values[fields.subscription] || null,
    values[fields.plan],
  ).paidReminder;
}

/** The corporation-tax reminder as the server will store it on save (live preview). */
export const liveTaxReminder = (values: OrganizationFormValues): string | null =>
  isIsoDate(values.financialYearEnd) ? corporationTaxReminder(values.financialYearEnd) : null;

/**
 * The header's warning icons, from what the form holds now
 * (docs/product/organizations-and-people.md).
 */
export const liveWarnings = (values: OrganizationFormValues) =>
  organizationWarnings({
    corporationTaxPaidReminder: liveTaxReminder(values),
    domiciliationPaidReminder: livePaidReminder(values, 'domiciliation'),
    secretaryCompanyPaidReminder: livePaidReminder(values, 'secretaryCompany'),
    anonymousShareholderPaidReminder: livePaidReminder(values, 'anonymousShareholder'),
  });
