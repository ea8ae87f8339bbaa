/** People, their links to organizations and their roles (docs/product/links-and-registers.md). */
import type { OrganizationRole } from '../enums';
import { BENEFICIARY_PERCENTAGE_DEFAULT } from '../limits';

/** "New links start with an empty roles list and beneficiary 0." */
export const newLinkDefaults = (): {
  roles: OrganizationRole[];
  beneficiaryPercentage: number;
} => ({
  roles: [],
  beneficiaryPercentage: BENEFICIARY_PERCENTAGE_DEFAULT,
});

/** "Beneficiary percentage is edited only when shareholder is selected." */
export const isBeneficiaryEditable = (roles: readonly string[] | null | undefined): boolean =>
  (roles ?? []).includes('shareholder');

/** "sent only when shareholder is ticked, otherwise 0". */
export const effectiveBeneficiaryPercentage = (
  roles: readonly string[] | null | undefined,
  percentage: number | null | undefined,
): number => (isBeneficiaryEditable(roles) ? (percentage ?? BENEFICIARY_PERCENTAGE_DEFAULT) : 0);

/** First and last name joined, missing parts skipped. */
export const fullName = (
  person: { firstName?: string | null; lastName?: string | null } | null | undefined,
): string =>
  [person?.firstName, person?.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');

/**
 * The form list's Directors column: "first and last names of people with the director role,
 * joined".
 */
export const directorNames = (
  peoples: ReadonlyArray<{
    roles?: readonly string[] | null;
    firstName?: string | null;
    lastName?: string | null;
  }>,
): string =>
  peoples
    .filter((person) => (person.roles ?? []).includes('director'))
    .map(fullName)
    .filter(Boolean)
    .join(', ');
