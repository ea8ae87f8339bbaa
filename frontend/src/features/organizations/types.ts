// Shapes of the organization, link and picker answers (docs/api/people-organizations-links.md).

export interface AssignedUser {
  userId: string;
  userName: string;
}

export interface AttachedFile {
  url: string;
  folder?: string | null;
  fileName?: string | null;
}

export interface PaymentHistoryEntry {
  nextPaidReminder: string | null;
  paidDate: string | null;
}

/** An organization as GET /organization/{id} answers it; dates are YYYY-MM-DD. */
export interface Organization {
  _id: string;
  name: string;
  mail: string | null;
  cro: string | null;
  language: string | null;
  creationStatus: string | null;
  creationPackage: string | null;
  incorporationDate: string | null;
  businessActivity: string | null;
  address: string | null;
  country: string | null;
  rbo: boolean;
  comments: string | null;
  notes: string | null;
  attachedFiles: AttachedFile[];
  users: AssignedUser[];
  aml: Record<string, unknown> | null;
  firstAr: string | null;
  status: boolean;
  nextArReminder: string | null;
  B1B73: string | null;
  bilan: boolean;
  financialYearEnd: string | null;
  corporationTaxPaid: string[];
  corporationTaxPaidReminder: string | null;
  coroporationTaxNumber: string | null;
  accountingComments: string | null;
  finotor: string;
  finotorEmailSentAt: string | null;
  finotorRegisteredAt: string | null;
  hasDomiciliation: boolean;
  domiciliationSubscription: string | null;
  domiciliationSubscriptionPlan: number;
  domiciliationPaidReminder: string | null;
  domiciliationPaymentHistory: PaymentHistoryEntry[];
  hasSecretaryCompany: boolean;
  secretaryCompanySubscription: string | null;
  secretaryCompanySubscriptionPlan: number;
  secretaryCompanyPaidReminder: string | null;
  secretaryCompanyPaymentHistory: PaymentHistoryEntry[];
  hasAnonymousShareholder: boolean;
  anonymousShareholderSubscription: string | null;
  anonymousShareholderSubscriptionPlan: number;
  anonymousShareholderPaidReminder: string | null;
  anonymousShareholdePaymentHistory: PaymentHistoryEntry[];
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

export type OrganizationSortField =
  | 'name'
  | 'createdAt'
  | 'updatedAt'
  | 'incorporationDate'
  | 'firstAr'
  | 'nextArReminder'
  | 'corporationTaxPaidReminder'
  | 'creationStatus';

/** The body of POST /organization/search; an absent field does not filter. */
export interface OrganizationSearch {
  search?: string;
  sortField?: OrganizationSortField;
  sortOrder?: 'asc' | 'desc';
  page?: number;
  limit?: number;
  nextArReminderMonths?: number;
  status?: boolean;
  bilan?: boolean;
  creationStatus?: string;
  finotor?: string;
  arColumn?: 'firstAr' | 'nextArReminder';
  arDate?: string;
  latePaidReminders?: boolean;
  user?: string;
}

export interface OrganizationDuplicateGroup {
  _id: string;
  count: number;
  organizations: string[];
  organizationIds: string[];
}

/** A link listed by organization: the person side populated. */
export interface Member {
  _id: string;
  peopleId: { _id: string; firstName: string; lastName: string };
  organizationId: string;
  roles: string[];
  beneficiaryPercentage: number;
  createdAt: string;
  updatedAt: string;
}

export interface LinkRecord {
  _id: string;
  peopleId: string;
  organizationId: string;
  roles: string[];
  beneficiaryPercentage: number;
}

/** The fields of a person the picker and the creation need. */
export interface PersonSummary {
  _id: string;
  firstName: string;
  lastName: string;
  mail?: string | null;
}
