import {
  corporationTaxReminder,
  firstAnnualReturnDate,
  organizationDuplicateKey,
  paymentHistoryOnSave,
  resetAfterCorporationTaxPaidRemoved,
} from '@registra/domain';
import { searchTextOf } from '../platform/database/search';
import type { NewOrganizationRow, OrganizationRow } from './organizations.schema';

/**
 * The three recurring services and their column names (docs/product/organizations-and-people.md).
 */
export const ORGANIZATION_SERVICES = [
  {
    subscription: 'domiciliationSubscription',
    plan: 'domiciliationSubscriptionPlan',
    history: 'domiciliationPaymentHistory',
    reminder: 'domiciliationPaidReminder',
  },
  {
    subscription: 'secretaryCompanySubscription',
    plan: 'secretaryCompanySubscriptionPlan',
    history: 'secretaryCompanyPaymentHistory',
    reminder: 'secretaryCompanyPaidReminder',
  },
  {
    subscription: 'anonymousShareholderSubscription',
    plan: 'anonymousShareholderSubscriptionPlan',
    history: 'anonymousShareholdePaymentHistory',
    reminder: 'anonymousShareholderPaidReminder',
  },
] as const;

/** Every value derived from others, computed from the merged record (organization-dates.ts). */
export function deriveOrganizationValues(
  previous: OrganizationRow | undefined,
  next: Partial<NewOrganizationRow>,
): Partial<NewOrganizationRow> {
  const derived: Partial<NewOrganizationRow> = {
    firstAr: next.incorporationDate ? firstAnnualReturnDate(next.incorporationDate) : null,
    searchText: searchTextOf(next.name, next.cro, next.mail),
    duplicateKey: organizationDuplicateKey(next.name ?? ''),
  };

  let financialYearEnd = next.financialYearEnd ?? null;
  const before = previous?.corporationTaxPaid ?? [];
  const after = next.corporationTaxPaid ?? [];
  if (before.some((date) => !after.includes(date))) {
    // A paid date was removed: the year end and the reminder follow the latest remaining date.
    financialYearEnd = resetAfterCorporationTaxPaidRemoved(after).financialYearEnd;
    derived.financialYearEnd = financialYearEnd;
  }
  derived.corporationTaxPaidReminder = financialYearEnd
    ? corporationTaxReminder(financialYearEnd)
    : null;

  for (const service of ORGANIZATION_SERVICES) {
    const saved = paymentHistoryOnSave(
      next[service.history] ?? [],
      next[service.subscription] ?? null,
      next[service.plan] ?? 12,
      // A changed subscription date or plan recomputes the whole chain (recomputePaymentChain).
      previous && {
        subscriptionDate: previous[service.subscription],
        plan: previous[service.plan],
      },
    );
    derived[service.history] = saved.history;
    derived[service.reminder] = saved.paidReminder;
  }
  return derived;
}
