import { describe, expect, it } from 'vitest';
import {
  amlReminderDate,
  b1b73Date,
  corporationTaxReminder,
  firstAnnualReturnDate,
  isB1B73Months,
  isFirstArCheckboxEnabled,
  isReminderPast,
  isServiceSubscriptionInputEnabled,
  isTaxInputEnabled,
  organizationWarnings,
  relativeDuration,
  reminderState,
  removeCorporationTaxPaidDate,
  resetAfterCorporationTaxPaidRemoved,
} from './organization-dates';

// "today's date is 2026-11-21" (the annual-return folders then end in 2026).
const NOW = new Date('2026-11-21T10:00:00Z');

describe('01-9.6 "First annual return date is 6 months after incorporation date"', () => {
  it.each([
    ['2026-05-21', '2026-11-21'],
    ['2026-08-31', '2027-02-28'], // clamps to the month end
    ['2027-08-31', '2028-02-29'], // leap year
    ['2025-12-31', '2026-06-30'],
  ])('incorporated %s → first AR %s', (incorporation, firstAr) => {
    expect(firstAnnualReturnDate(incorporation)).toBe(firstAr);
  });
});

describe('01-9.6 "Setting financial year end gives a tax reminder 9 months later"', () => {
  it.each([
    ['2026-12-31', '2027-09-30'], // 31 December + 9 months = 30 September
    ['2026-03-31', '2026-12-31'],
    ['2026-05-31', '2027-02-28'],
    ['2026-06-30', '2027-03-30'],
  ])('financial year end %s → reminder %s', (yearEnd, reminder) => {
    expect(corporationTaxReminder(yearEnd)).toBe(reminder);
  });
});

describe('01-4.11 "Deleting a corporation-tax paid date resets financial year end to 12 months after the latest remaining date and the tax reminder to 21 months after it (both empty if no dates remain)"', () => {
  it.each([
    [['2025-09-30', '2024-09-28'], '2026-09-30', '2027-06-30'],
    [['2024-09-28'], '2025-09-28', '2026-06-28'],
    [['2025-12-31', null], '2026-12-31', '2027-09-30'],
    [[], null, null],
    [[null, undefined], null, null],
  ])('remaining %j → year end %j, reminder %j', (remaining, yearEnd, reminder) => {
    expect(resetAfterCorporationTaxPaidRemoved(remaining)).toEqual({
      financialYearEnd: yearEnd,
      corporationTaxPaidReminder: reminder,
    });
  });

  it.each([
    [['2024-09-28', '2025-09-30'], 1, ['2024-09-28'], '2025-09-28', '2026-06-28'],
    [['2024-09-28', '2025-09-30'], 0, ['2025-09-30'], '2026-09-30', '2027-06-30'],
    [['2024-09-28'], 0, [], null, null],
  ])('removing index %#: %j without #%i', (paid, index, left, yearEnd, reminder) => {
    expect(removeCorporationTaxPaidDate(paid, index)).toEqual({
      corporationTaxPaid: left,
      financialYearEnd: yearEnd,
      corporationTaxPaidReminder: reminder,
    });
  });

  it.each([[-1], [2], [0.5]])('refuses index %j', (index) => {
    expect(() => removeCorporationTaxPaidDate(['2024-01-01', '2025-01-01'], index)).toThrow(
      RangeError,
    );
  });
});

describe('01-9.6 "B1B73 options: 1 to 6 months added to the next annual return reminder"', () => {
  it.each([
    [1, '2026-12-21'],
    [3, '2027-02-21'],
    [6, '2027-05-21'],
  ])('+%i months on 2026-11-21 = %s', (months, expected) => {
    expect(b1b73Date('2026-11-21', months)).toBe(expected);
  });

  it.each([[0], [7], [2.5], [-1]])('refuses %j months', (months) => {
    expect(isB1B73Months(months)).toBe(false);
    expect(() => b1b73Date('2026-11-21', months)).toThrow(RangeError);
  });
});

describe('people: "a reminder date 3 units (probably months, uncertain) after dateAml"', () => {
  it.each([
    ['2026-11-21', '2027-02-21'],
    ['2026-11-30', '2027-02-28'],
  ])('dateAml %s → reminder %s', (dateAml, reminder) => {
    expect(amlReminderDate(dateAml)).toBe(reminder);
  });
});

describe('01-4.8 "First annual return: a done / to-do checkbox, enabled only when the incorporation date is set"', () => {
  it.each([
    ['2026-01-01', true],
    [null, false],
    [undefined, false],
    ['', false],
  ])('incorporation date %j → enabled %s', (date, enabled) => {
    expect(isFirstArCheckboxEnabled(date)).toBe(enabled);
  });
});

describe('01-5.12 "Financial year end and corporation-tax paid-date inputs are disabled unless first annual return status is done. A service\'s subscription date input is disabled unless that service\'s flag is on."', () => {
  it.each([
    [true, true],
    [false, false],
    [null, false],
    [undefined, false],
  ])(
    'first AR done %j → tax inputs enabled %s; service flag %j → subscription input enabled %s',
    (value, enabled) => {
      expect(isTaxInputEnabled(value)).toBe(enabled);
      expect(isServiceSubscriptionInputEnabled(value)).toBe(enabled);
    },
  );
});

describe('01-4.9 "Reminder banners: a future reminder shows time remaining; a past one shows LATE with relative time"', () => {
  it.each([
    ['2026-11-22', 'upcoming', false, 1, '1 day remaining'],
    ['2026-12-21', 'upcoming', false, 30, '30 days remaining'],
    ['2027-01-21', 'upcoming', false, 61, '2 months remaining'],
    ['2028-01-01', 'upcoming', false, 406, '1 year remaining'],
    ['2026-11-21', 'today', false, 0, 'Today'],
    ['2026-11-20', 'late', true, -1, 'LATE (1 day ago)'],
    ['2026-09-01', 'late', true, -81, 'LATE (2 months ago)'],
    ['2023-11-01', 'late', true, -1116, 'LATE (3 years ago)'],
  ])('reminder %s on 2026-11-21: %s', (reminder, status, late, days, text) => {
    expect(reminderState(reminder, NOW)).toEqual({ status, late, days, text });
  });

  it.each([[null], [undefined], ['']])('no reminder (%j): nothing to show', (reminder) => {
    expect(reminderState(reminder, NOW)).toEqual({
      status: 'none',
      late: false,
      days: null,
      text: '',
    });
  });

  it('uses the real now by default', () => {
    expect(reminderState('2000-01-01').late).toBe(true);
    expect(isReminderPast('2000-01-01')).toBe(true);
  });

  it('counts "today" in Dublin: at 23:30 UTC on 1 July it is already 2 July there', () => {
    expect(isReminderPast('2026-07-01', new Date('2026-07-01T23:30:00Z'))).toBe(true);
    expect(isReminderPast('2026-07-01', new Date('2026-07-01T22:30:00Z'))).toBe(false);
  });

  it.each([
    ['2026-11-21', '2026-11-21', '0 days'],
    ['2026-11-21', '2026-12-21', '30 days'],
    ['2026-12-21', '2026-11-21', '30 days'],
    ['2026-11-21', '2026-12-22', '1 month'],
    ['2026-11-21', '2027-11-20', '11 months'],
    ['2026-11-21', '2028-11-21', '2 years'],
  ])('relativeDuration(%s, %s) = %s', (from, to, text) => {
    expect(relativeDuration(from, to)).toBe(text);
  });
});

describe('organization header: "Warning icon on Accounting when the corporation-tax reminder date is past; on Services when any of the domiciliation, secretary-company or anonymous-shareholder reminder dates is past"', () => {
  it.each([
    [{}, false, false],
    [{ corporationTaxPaidReminder: '2026-11-20' }, true, false],
    [{ corporationTaxPaidReminder: '2026-11-21' }, false, false],
    [{ domiciliationPaidReminder: '2026-01-01' }, false, true],
    [{ secretaryCompanyPaidReminder: '2026-01-01' }, false, true],
    [{ anonymousShareholderPaidReminder: '2026-01-01' }, false, true],
    [{ domiciliationPaidReminder: '2027-01-01', secretaryCompanyPaidReminder: null }, false, false],
    [
      { corporationTaxPaidReminder: '2020-01-01', anonymousShareholderPaidReminder: '2020-01-01' },
      true,
      true,
    ],
  ])('%j → accounting %s, services %s', (organization, accounting, services) => {
    expect(organizationWarnings(organization, NOW)).toEqual({ accounting, services });
  });

  it('uses the real now by default', () => {
    expect(organizationWarnings({ corporationTaxPaidReminder: '2000-01-01' }).accounting).toBe(
      true,
    );
  });
});
