// Shapes of the organization and member answers (docs/api/people-organizations-links.md).
import type {
  AnnualReturnAnswer,
  AssignedUser,
  BeneficialOwnerRegisterEntry,
  MemberRegisterEntry,
  OfficerRegisterEntry,
  OrganizationDuplicateGroup,
  OrganizationView,
  PaymentHistoryEntry,
  RegisterAnswer,
  RegisterEntry,
  RegisterKind,
  ShareClassView,
  ShareEntryKind,
  ShareEntryView,
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

/** Share capital and the registers, as the API answers them (docs/api/registers.md). */
export type ShareClass = ShareClassView;
export type ShareEntry = ShareEntryView;
export type { RegisterKind, ShareEntryKind };
export type Register = RegisterAnswer;
export type {
  BeneficialOwnerRegisterEntry,
  MemberRegisterEntry,
  OfficerRegisterEntry,
  RegisterEntry,
};
export type AnnualReturnParticulars = AnnualReturnAnswer;

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
