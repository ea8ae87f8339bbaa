// Shapes of the organization and member answers (docs/api/people-organizations-links.md).
import type { AttachedFile, Link } from '../../types/records';

export interface AssignedUser {
  userId: string;
  userName: string;
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
export type Member = Omit<Link, 'peopleId'> & {
  peopleId: { _id: string; firstName: string; lastName: string };
};
