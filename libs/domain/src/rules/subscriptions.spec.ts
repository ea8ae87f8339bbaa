import { describe, expect, it } from 'vitest';
import {
  isValidSubscriptionPeriod,
  newSubscriptionDefaults,
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
