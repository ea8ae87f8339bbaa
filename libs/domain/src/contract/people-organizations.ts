// People and organizations as GET /people/{id} and GET /organization/{id} answer them
// (docs/api/people-organizations-links.md).
import type { PaymentHistoryEntry } from '../rules/payment-history';
import type { OrganizationFollowUp } from './follow-ups';

/** One attached file of a record (docs/api/files.md), as the files module appends it. */
export interface AttachedFile {
  /** `/api/file/{fileId}`: the download (needs the Authorization header) and the delete id. */
  url: string;
  /** `people/{id}`, `organization/{id}/{folder}` or `task/{id}`. */
  folder: string;
  fileName: string;
  /** Absent on entries written before uploads were streamed (size unknown). */
  size?: number;
  contentType?: string;
  /** The uploader's name at upload time. */
  uploadedBy?: string;
  uploadedAt?: string;
}

/** An assigned user of an organization (the header's multi-select). */
export interface AssignedUser {
  userId: string;
  userName: string;
}

/** An organization as GET /organization/{id} answers it; dates are YYYY-MM-DD. */
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
  /** The file URLs, as the client reads them (`files` holds the entries). */
  attachedFiles: string[];
  /** The same files, in the same order, with their name, folder, size and uploader. */
  files: AttachedFile[];
  users: AssignedUser[];
  aml: Record<string, unknown>;
  firstAr: string | null;
  status: boolean;
  nextArReminder: string | null;
  B1B73: string | null;
  bilan: boolean;
  /** Its annual-return follow-up starts by itself before the ARD (default on). */
  annualReturnAutoStart: boolean;
  financialYearEnd: string | null;
  /** When the client relationship ended; null while it goes on (retention runs from it). */
  relationshipEndedOn: string | null;
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
  /**
   * Its active follow-ups, earliest deadline first: on GET /organization/{id}, and in a search
   * with `followUps: true`.
   */
  followUps?: OrganizationFollowUp[];
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

/** A person as the API shows it (docs/api/people-organizations-links.md). */
export interface PersonView {
  _id: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  mail: string | null;
  /** Calendar dates travel as 'YYYY-MM-DD'. */
  birth: string | null;
  nationality: string | null;
  country: string | null;
  ipn: string | null;
  pps: string | null;
  addressStreet1: string | null;
  addressZip1: string | null;
  addressCity1: string | null;
  addressState1: string | null;
  addressCountry1: string | null;
  comments: string | null;
  vif: boolean;
  idPal: boolean;
  pep: boolean;
  companyForm: string | null;
  dateAml: string | null;
  /** The file URLs, as the client reads them (`files` holds the entries). */
  attachedFiles: string[];
  /** The same files, in the same order, with their name, folder, size and uploader. */
  files: AttachedFile[];
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}
