import { describe, expect, it } from 'vitest';
import {
  isValidSubscriptionPeriod,
  newSubscriptionDefaults,
  subscriptionBilling,
  subscriptionNextDueDate,
} from './subscriptions';

const NOW = new Date('2026-11-21T10:00:00Z');

describe('01-5.8 "Subscription creation: period a number from 1 to 60, required, default 6; starting date required, default today; product required"', () => {
  it('defaults to 6 months starting today (Dublin) with no product', () => {
    expect(newSubscriptionDefaults(NOW)).toEqual({
      plan: 6,
      startingDate: '2026-11-21',
      productId: '',
    });
    expect(newSubscriptionDefaults().plan).toBe(6);
  });

  it.each([
    [1, true],
    [6, true],
    [60, true],
    [0, false],
    [61, false],
    [2.5, false],
    ['6', false],
    [null, false],
  ])('period %j valid: %s', (period, valid) => {
    expect(isValidSubscriptionPeriod(period)).toBe(valid);
  });
});

describe('nextDueDate (derived by the server): every plan months from the starting date, the first on or after today', () => {
  it.each([
    ['2026-11-21', 6, '2027-05-21'], // started today: first due one period later
    ['2027-01-10', 12, '2028-01-10'], // starts in the future
    ['2026-05-21', 6, '2026-11-21'], // due today
    ['2026-05-20', 6, '2027-05-20'],
    ['2025-01-31', 1, '2026-11-30'], // counted from the start: 31 → 30 in November
    ['2020-02-29', 12, '2027-02-28'],
    ['2026-10-25', 1, '2026-11-25'],
  ])('started %s, every %i months → next due %s', (start, plan, due) => {
    expect(subscriptionNextDueDate(start, plan, NOW)).toBe(due);
  });

  it.each([
    [null, 6],
    ['2026-01-01', 0],
    ['2026-01-01', 61],
  ])('no due date for start %j / plan %j', (start, plan) => {
    expect(subscriptionNextDueDate(start, plan, NOW)).toBeNull();
  });

  it('uses the real now by default', () => {
    expect(subscriptionNextDueDate('2000-01-01', 12)).toMatch(/^\d{4}-01-01$/);
  });
});

describe('subscriptions (ADR 0086): "each linked order pays one period"', () => {
  const NOW = new Date('2026-11-23T12:00:00Z');
  it.each([
    // start, plan, paid, status → next due, missing
    ['2026-01-15', 6, 0, 'CURRENT', '2026-01-15', 2],
    ['2026-01-15', 6, 1, 'CURRENT', '2026-07-15', 1],
    ['2026-01-15', 6, 2, 'CURRENT', '2027-01-15', 0],
    ['2026-01-15', 6, 3, 'UNPAID', '2027-07-15', 0],
    ['2026-11-23', 1, 0, 'CURRENT', '2026-11-23', 1],
    ['2026-11-24', 12, 0, 'CURRENT', '2026-11-24', 0],
    ['2021-11-23', 12, 2, 'CURRENT', '2023-11-23', 4],
    ['2025-08-31', 6, 0, 'CURRENT', '2025-08-31', 3],
    ['2026-01-15', 6, 0, 'CANCELLED', null, 0],
  ] as const)(
    'from %s every %i months, %i paid, %s: next due %s, %i missing',
    (start, plan, paid, status, next, missing) => {
      expect(subscriptionBilling(start, plan, paid, status, NOW)).toEqual({
        nextDueDate: next,
        missingPayments: missing,
      });
    },
  );

  it('has nothing to say without a valid start or period', () => {
    expect(subscriptionBilling(null, 6, 0, 'CURRENT', NOW)).toEqual({
      nextDueDate: null,
      missingPayments: 0,
    });
    expect(subscriptionBilling('2026-01-15', 0, 0, 'CURRENT', NOW)).toEqual({
      nextDueDate: null,
      missingPayments: 0,
    });
  });
});
