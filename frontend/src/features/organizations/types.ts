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

/** A link listed by organization: the person side populated. */
export type Member = Omit<Link, 'peopleId'> & {
  peopleId: { _id: string; firstName: string; lastName: string };
};
