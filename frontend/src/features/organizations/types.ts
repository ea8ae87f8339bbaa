// Shapes of the organization and member answers (docs/api/people-organizations-links.md).
import type {
  AssignedUser,
  OrganizationDuplicateGroup,
  OrganizationView,
  PaymentHistoryEntry,
} from '@registra/domain';
import type { Link } from '../../types/records';

/** An organization as GET /organization/{id} answers it; dates are YYYY-MM-DD. */
export type Organization = OrganizationView;
export type { AssignedUser, PaymentHistoryEntry };

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
  amlRiskLevel?: 'high' | 'medium' | 'low' | 'none';
  amlReviewDue?: number;
}

export type { OrganizationDuplicateGroup };

/**
 * A link listed by organization: the person side populated. A ceased link stays listed with its
 * `ceasedOn`.
 */
export type Member = Omit<Link, 'peopleId'> & {
  peopleId: { _id: string; firstName: string; lastName: string };
};

/** A class of the company's shares (GET /organization/{id}/share-classes). */
export interface ShareClass {
  _id: string;
  name: string;
  /** The nominal value of one share, in `currency`. */
  nominalValue: number | string;
  currency: string;
  createdAt?: string;
  updatedAt?: string;
}

export type ShareEntryKind = 'allotment' | 'transfer';

/** One dated movement of shares: an allotment to a member, or a transfer between two. */
export interface ShareEntry {
  _id: string;
  kind: ShareEntryKind;
  date: string;
  shareClassId: string;
  shares: number;
  toPeopleId: string;
  /** The member the shares leave (transfers only). */
  fromPeopleId?: string | null;
  createdAt?: string;
}

/** The body of POST /organization/{id}/share-entries. */
export interface ShareEntryRequest {
  kind: ShareEntryKind;
  date: string;
  shareClassId: string;
  shares: number;
  toPeopleId: string;
  fromPeopleId?: string;
  /** The CRO already has the allotment: no B5 follow-up is started. */
  alreadyFiled?: boolean;
}

export const REGISTER_KINDS = ['directors-secretaries', 'members', 'beneficial-owners'] as const;
export type RegisterKind = (typeof REGISTER_KINDS)[number];

/**
 * One line of a register. Every line names its person; the other fields depend on the register
 * (a role for officers, a class and a number of shares for members, the interest for beneficial
 * owners), so each is optional here and shown when present.
 */
export interface RegisterEntry {
  peopleId: string;
  name?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  role?: string | null;
  roles?: string[] | null;
  shareClassId?: string | null;
  className?: string | null;
  shareClass?: string | null;
  shares?: number | null;
  percentage?: number | null;
  beneficiaryPercentage?: number | null;
  beneficialInterest?: string | null;
  natureOfInterest?: string | null;
  appointedOn?: string | null;
  ceasedOn?: string | null;
  enteredOn?: string | null;
  becameOn?: string | null;
}

/** GET /organization/{id}/registers/{kind}?asOf=: the register as it stood that day. */
export interface Register {
  asOf: string;
  entries: RegisterEntry[];
}

/** One thing the annual return lacks (a director without a date of birth, holdings short). */
export type MissingParticular = string | { message?: string; field?: string; peopleId?: string };

/** GET /organization/{id}/annual-return?ard=: the B1's particulars at the ARD and its check. */
export interface AnnualReturnParticulars {
  ard: string;
  filingDeadline: string;
  officers: unknown[];
  members: unknown[];
  shareCapital: unknown;
  changes: unknown[];
  missing: MissingParticular[];
}
