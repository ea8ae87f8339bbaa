// Record shapes of organizations in the OpenAPI document
// (libs/domain/src/contract/people-organizations.ts, duplicates.ts).
import { ATTACHED_FILE } from '../files/files.openapi';
import { api, duplicateGroupSchema } from '../platform/http/openapi';

export const ASSIGNED_USER = api.record('AssignedUser', { userId: api.id, userName: api.string });

export const PAYMENT_HISTORY_ENTRY = api.record('PaymentHistoryEntry', {
  nextPaidReminder: api.nullableDate,
  paidDate: api.nullableDate,
});

/** An active follow-up as an organization embeds it. */
export const ORGANIZATION_FOLLOW_UP = api.record('OrganizationFollowUp', {
  _id: api.id,
  followUpName: api.string,
  stepIndex: api.integer,
  deadline: api.nullableDate,
  ARD: api.nullableDate,
  comments: api.string,
});

const paymentHistory = api.array(PAYMENT_HISTORY_ENTRY);

const organization = api.object(
  {
    _id: api.id,
    name: api.string,
    mail: api.nullableString,
    cro: api.nullableString,
    language: api.nullableString,
    creationStatus: api.nullableString,
    creationPackage: api.nullableString,
    incorporationDate: api.nullableDate,
    businessActivity: api.nullableString,
    address: api.nullableString,
    country: api.nullableString,
    rbo: api.boolean,
    comments: api.nullableString,
    notes: api.nullableString,
    // The file URLs, as the client reads them; `files` the entries behind them (ADR 0112).
    attachedFiles: api.array(api.string),
    files: api.array(ATTACHED_FILE),
    users: api.array(ASSIGNED_USER),
    aml: api.anyObject,
    firstAr: api.nullableDate,
    status: api.boolean,
    nextArReminder: api.nullableDate,
    B1B73: api.nullableDate,
    bilan: api.boolean,
    annualReturnAutoStart: api.boolean,
    financialYearEnd: api.nullableDate,
    relationshipEndedOn: api.nullableDate,
    corporationTaxPaid: api.array(api.string),
    corporationTaxPaidReminder: api.nullableDate,
    coroporationTaxNumber: api.nullableString,
    accountingComments: api.nullableString,
    finotor: api.string,
    finotorEmailSentAt: api.nullableTimestamp,
    finotorRegisteredAt: api.nullableTimestamp,
    hasDomiciliation: api.boolean,
    domiciliationSubscription: api.nullableString,
    domiciliationSubscriptionPlan: api.integer,
    domiciliationPaidReminder: api.nullableDate,
    domiciliationPaymentHistory: paymentHistory,
    hasSecretaryCompany: api.boolean,
    secretaryCompanySubscription: api.nullableString,
    secretaryCompanySubscriptionPlan: api.integer,
    secretaryCompanyPaidReminder: api.nullableDate,
    secretaryCompanyPaymentHistory: paymentHistory,
    hasAnonymousShareholder: api.boolean,
    anonymousShareholderSubscription: api.nullableString,
    anonymousShareholderSubscriptionPlan: api.integer,
    anonymousShareholderPaidReminder: api.nullableDate,
    anonymousShareholdePaymentHistory: paymentHistory,
    followUps: api.array(ORGANIZATION_FOLLOW_UP),
    createdAt: api.timestamp,
    updatedAt: api.timestamp,
    deletedAt: api.nullableTimestamp,
  },
  ['followUps'],
);

export const ORGANIZATION_VIEW = api.schema('OrganizationView', organization);

/** What a create, update or merge answers: the view, whatever `attachedFiles` was sent as. */
export const ORGANIZATION_ANSWER = api.schema('OrganizationAnswer', organization);

export const ORGANIZATION_DUPLICATE_GROUP = duplicateGroupSchema('OrganizationDuplicateGroup', {
  organizations: api.array(api.string),
  organizationIds: api.array(api.id),
});
