// Record shapes of organizations in the OpenAPI document
// (libs/domain/src/contract/people-organizations.ts, duplicates.ts).
import { ATTACHED_FILE } from '../files/files.openapi';
import {
  apiAnyObject,
  apiArray,
  apiBoolean,
  apiId,
  apiInteger,
  apiNullableDate,
  apiNullableString,
  apiNullableTimestamp,
  apiObject,
  apiSchema,
  apiString,
  apiTimestamp,
} from '../platform/http/openapi';

export const ASSIGNED_USER = apiSchema(
  'AssignedUser',
  apiObject({ userId: apiId, userName: apiString }),
);

export const PAYMENT_HISTORY_ENTRY = apiSchema(
  'PaymentHistoryEntry',
  apiObject({ nextPaidReminder: apiNullableDate, paidDate: apiNullableDate }),
);

/** An active follow-up as an organization embeds it. */
export const ORGANIZATION_FOLLOW_UP = apiSchema(
  'OrganizationFollowUp',
  apiObject({
    _id: apiId,
    followUpName: apiString,
    stepIndex: apiInteger,
    deadline: apiNullableDate,
    ARD: apiNullableDate,
    comments: apiString,
  }),
);

const paymentHistory = apiArray(PAYMENT_HISTORY_ENTRY);

const organization = apiObject(
  {
    _id: apiId,
    name: apiString,
    mail: apiNullableString,
    cro: apiNullableString,
    language: apiNullableString,
    creationStatus: apiNullableString,
    creationPackage: apiNullableString,
    incorporationDate: apiNullableDate,
    businessActivity: apiNullableString,
    address: apiNullableString,
    country: apiNullableString,
    rbo: apiBoolean,
    comments: apiNullableString,
    notes: apiNullableString,
    // The file URLs, as the specification has them; `files` the entries behind them (ADR 0112).
    attachedFiles: apiArray(apiString),
    files: apiArray(ATTACHED_FILE),
    users: apiArray(ASSIGNED_USER),
    aml: apiAnyObject,
    firstAr: apiNullableDate,
    status: apiBoolean,
    nextArReminder: apiNullableDate,
    B1B73: apiNullableDate,
    bilan: apiBoolean,
    annualReturnAutoStart: apiBoolean,
    financialYearEnd: apiNullableDate,
    corporationTaxPaid: apiArray(apiString),
    corporationTaxPaidReminder: apiNullableDate,
    coroporationTaxNumber: apiNullableString,
    accountingComments: apiNullableString,
    finotor: apiString,
    finotorEmailSentAt: apiNullableTimestamp,
    finotorRegisteredAt: apiNullableTimestamp,
    hasDomiciliation: apiBoolean,
    domiciliationSubscription: apiNullableString,
    domiciliationSubscriptionPlan: apiInteger,
    domiciliationPaidReminder: apiNullableDate,
    domiciliationPaymentHistory: paymentHistory,
    hasSecretaryCompany: apiBoolean,
    secretaryCompanySubscription: apiNullableString,
    secretaryCompanySubscriptionPlan: apiInteger,
    secretaryCompanyPaidReminder: apiNullableDate,
    secretaryCompanyPaymentHistory: paymentHistory,
    hasAnonymousShareholder: apiBoolean,
    anonymousShareholderSubscription: apiNullableString,
    anonymousShareholderSubscriptionPlan: apiInteger,
    anonymousShareholderPaidReminder: apiNullableDate,
    anonymousShareholdePaymentHistory: paymentHistory,
    followUps: apiArray(ORGANIZATION_FOLLOW_UP),
    createdAt: apiTimestamp,
    updatedAt: apiTimestamp,
    deletedAt: apiNullableTimestamp,
  },
  ['followUps'],
);

export const ORGANIZATION_VIEW = apiSchema('OrganizationView', organization);

/** What a create, update or merge answers: the view, whatever `attachedFiles` was sent as. */
export const ORGANIZATION_ANSWER = apiSchema('OrganizationAnswer', organization);

export const ORGANIZATION_DUPLICATE_GROUP = apiSchema(
  'OrganizationDuplicateGroup',
  apiObject({
    _id: apiString,
    count: apiInteger,
    organizations: apiArray(apiString),
    organizationIds: apiArray(apiId),
  }),
);
