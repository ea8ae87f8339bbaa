import {
  corporationTaxReminder,
  firstAnnualReturnDate,
  organizationDuplicateKey,
} from '@registra/domain';
import { deriveOrganizationValues } from './organization-derivations';
import type { OrganizationRow } from './organizations.schema';

// The server imports the domain library through the workspace (no copy): these are its functions.
describe('derived organization values on write (organization-dates.ts, payment-history.ts)', () => {
  it.each([
    // "First annual return date is 6 months after incorporation date"
    ['2024-03-15', '2024-09-15'],
    ['2024-08-31', '2025-02-28'],
    [null, null],
  ])('incorporationDate %s → firstAr %s', (incorporationDate, firstAr) => {
    expect(deriveOrganizationValues(undefined, { name: 'A Ltd', incorporationDate }).firstAr).toBe(
      firstAr,
    );
    if (incorporationDate) expect(firstAnnualReturnDate(incorporationDate)).toBe(firstAr);
  });

  it.each([
    // "Setting financial year end gives a tax reminder 9 months later" (31 December + 9 months = 30 September)
    ['2024-12-31', '2025-09-30'],
    ['2025-06-30', '2026-03-30'],
  ])('financialYearEnd %s → corporationTaxPaidReminder %s', (financialYearEnd, reminder) => {
    expect(
      deriveOrganizationValues(undefined, { name: 'A Ltd', financialYearEnd })
        .corporationTaxPaidReminder,
    ).toBe(reminder);
    expect(corporationTaxReminder(financialYearEnd)).toBe(reminder);
  });

  it('removing a corporation-tax paid date: year end = latest remaining + 12 months, reminder = + 21 months', () => {
    const previous = { corporationTaxPaid: ['2023-06-30', '2024-06-30'] } as OrganizationRow;
    const derived = deriveOrganizationValues(previous, {
      name: 'A Ltd',
      financialYearEnd: '2025-12-31',
      corporationTaxPaid: ['2023-06-30'],
    });
    expect(derived).toMatchObject({
      financialYearEnd: '2024-06-30',
      corporationTaxPaidReminder: '2025-03-30',
    });
  });

  it('keys duplicates on the name without case, accents, punctuation or legal suffix', () => {
    const key = deriveOrganizationValues(undefined, {
      name: 'Celtic Óg Holdings, Ltd.',
    }).duplicateKey;
    expect(key).toBe(organizationDuplicateKey('celtic og holdings limited'));
  });
});
