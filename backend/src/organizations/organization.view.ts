import type { AttachedFile } from '../platform/database/columns';
import type { AssignedUser, OrganizationRow, PaymentHistoryEntry } from './organizations.schema';

/** An organization as the API shows it: spec 01 section 3 field names, misspellings included. */
export interface OrganizationView {
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
  aml: Record<string, unknown>;
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

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toOrganizationView(row: OrganizationRow): OrganizationView {
  const { id, b1b73, searchText: _searchText, duplicateKey: _duplicateKey, ...rest } = row;
  return {
    _id: id,
    ...rest,
    B1B73: b1b73,
    finotorEmailSentAt: iso(row.finotorEmailSentAt),
    finotorRegisteredAt: iso(row.finotorRegisteredAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: iso(row.deletedAt),
  };
}
