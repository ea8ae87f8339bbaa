import { describe, expect, it } from 'vitest';
import {
  nextReminder,
  paymentHistoryOnSave,
  paymentLateness,
  recomputePaymentChain,
  recordPayment,
  removePaidRow,
  withOpenRow,
  yearsAndDays,
  type PaymentHistoryEntry,
} from './payment-history';

const row = (nextPaidReminder: string | null, paidDate: string | null): PaymentHistoryEntry => ({
  nextPaidReminder,
  paidDate,
});

describe('01-4.10a "there is always one open last row (no paid date) holding the next reminder"', () => {
  it.each([
    ['no rows: the subscription date', [], '2026-01-15', 12, [row('2026-01-15', null)]],
    ['no rows, no subscription date', [], null, 12, [row(null, null)]],
    [
      'after a paid row: its reminder + plan',
      [row('2026-01-15', '2026-01-20')],
      '2026-01-15',
      6,
      [row('2026-01-15', '2026-01-20'), row('2026-07-15', null)],
    ],
    [
      'a stale open row is replaced',
      [row('2026-01-15', '2026-01-20'), row('2099-01-01', null)],
      '2026-01-15',
      12,
      [row('2026-01-15', '2026-01-20'), row('2027-01-15', null)],
    ],
    [
      'clamped to the month end',
      [row('2026-08-31', '2026-08-31')],
      '2026-08-31',
      6,
      [row('2026-08-31', '2026-08-31'), row('2027-02-28', null)],
    ],
  ])('%s', (_, history, subscription, plan, expected) => {
    expect(withOpenRow(history, subscription, plan)).toEqual(expected);
  });

  it('a paid last row with no reminder leaves the next one unknown', () => {
    expect(nextReminder([row(null, '2026-01-01')], '2026-01-01', 12)).toBeNull();
  });

  it.each([[0], [-6], [6.5]])('refuses a plan of %j months', (plan) => {
    expect(() => nextReminder([], '2026-01-01', plan)).toThrow(RangeError);
  });

  it('recording a payment on the open row appends the next open row', () => {
    const history = [row('2026-01-15', '2026-01-20'), row('2027-01-15', null)];
    expect(recordPayment(history, 1, '2027-01-10', '2026-01-15', 12)).toEqual([
      row('2026-01-15', '2026-01-20'),
      row('2027-01-15', '2027-01-10'),
      row('2028-01-15', null),
    ]);
  });

  it.each([
    [5, '2026-01-01'],
    [-1, '2026-01-01'],
    [0, 'yesterday'],
  ])('refuses to record a payment at index %j on %j', (index, paidDate) => {
    expect(() => recordPayment([row('2026-01-15', null)], index, paidDate, null, 12)).toThrow(
      RangeError,
    );
  });
});

describe('01-4.10b "Removing a paid row drops it and re-appends an open row whose reminder is the previous row\'s reminder plus the plan months (or the subscription date if none)"', () => {
  const history = [
    row('2025-01-15', '2025-01-15'),
    row('2026-01-15', '2026-02-01'),
    row('2027-01-15', null),
  ];

  it.each([
    [
      'the last paid row: the open row is due again on its date',
      1,
      [row('2025-01-15', '2025-01-15'), row('2026-01-15', null)],
    ],
    [
      'a middle row: the later rows keep their dates',
      0,
      [row('2026-01-15', '2026-02-01'), row('2027-01-15', null)],
    ],
  ])('%s', (_, index, expected) => {
    expect(removePaidRow(history, index, '2025-01-15', 12)).toEqual(expected);
  });

  it('the only paid row: the open row falls back to the subscription date', () => {
    expect(
      removePaidRow([row('2025-01-15', '2025-01-20'), row('2025-07-15', null)], 0, '2025-01-15', 6),
    ).toEqual([row('2025-01-15', null)]);
  });

  it.each([[2], [3], [-1]])('refuses to remove row %j (open or missing)', (index) => {
    expect(() => removePaidRow(history, index, '2025-01-15', 12)).toThrow(RangeError);
  });
});

describe('01-4.10c "On save only rows with a paid date are kept and the service\'s paid-reminder becomes the last paid row\'s reminder plus plan months (empty if none)"', () => {
  it.each([
    [
      'open row dropped; reminder = last paid + 12',
      [row('2025-01-15', '2025-01-20'), row('2026-01-15', '2026-01-10'), row('2027-01-15', null)],
      12,
      [row('2025-01-15', '2025-01-20'), row('2026-01-15', '2026-01-10')],
      '2027-01-15',
    ],
    [
      'plan 6',
      [row('2026-05-31', '2026-05-31'), row('2026-11-30', null)],
      6,
      [row('2026-05-31', '2026-05-31')],
      '2026-11-30',
    ],
    ['no paid row: empty', [row('2026-01-15', null)], 12, [], null],
    ['nothing at all: empty', [], 12, [], null],
  ])('%s', (_, history, plan, kept, paidReminder) => {
    expect(paymentHistoryOnSave(history, '2025-01-15', plan)).toEqual({
      history: kept,
      paidReminder,
    });
  });

  it('a kept row without a reminder takes its place in the chain (the server is authoritative)', () => {
    expect(
      paymentHistoryOnSave(
        [row(null, '2025-01-20'), row(null, '2026-01-20'), row('', '2026-02-01')],
        '2025-01-15',
        12,
      ),
    ).toEqual({
      history: [
        row('2025-01-15', '2025-01-20'),
        row('2026-01-15', '2026-01-20'),
        row('2027-01-15', '2026-02-01'),
      ],
      paidReminder: '2028-01-15',
    });
  });

  it('without a subscription date a reminder cannot be derived: empty', () => {
    expect(paymentHistoryOnSave([row(null, '2025-01-20')], null, 12)).toEqual({
      history: [row(null, '2025-01-20')],
      paidReminder: null,
    });
  });

  it('a stored subscription date or plan that changed recomputes the chain', () => {
    const history = [row('2025-01-15', '2025-01-20'), row('2026-01-15', '2026-01-10')];
    expect(
      paymentHistoryOnSave(history, '2025-03-31', 6, { subscriptionDate: '2025-01-15', plan: 12 }),
    ).toEqual({
      history: [row('2025-03-31', '2025-01-20'), row('2025-09-30', '2026-01-10')],
      paidReminder: '2026-03-30',
    });
  });

  it('an unchanged subscription date and plan keep the rows as they are', () => {
    const history = [row('2025-01-20', '2025-01-20')];
    expect(
      paymentHistoryOnSave(history, '2025-01-15', 12, { subscriptionDate: '2025-01-15', plan: 12 }),
    ).toEqual({ history, paidReminder: '2026-01-20' });
  });

  it('a removed subscription date counts as a change, and leaves nothing to chain from', () => {
    const history = [row('2025-01-15', '2025-02-01')];
    expect(
      paymentHistoryOnSave(history, undefined, 12, { subscriptionDate: '2025-01-15', plan: 12 }),
    ).toEqual({ history, paidReminder: '2026-01-15' });
  });

  it('a first subscription date (none before) counts as a change', () => {
    expect(
      paymentHistoryOnSave([row(null, '2025-02-01')], '2025-01-15', 12, {
        subscriptionDate: undefined,
        plan: 12,
      }).history,
    ).toEqual([row('2025-01-15', '2025-02-01')]);
  });

  it('refuses a plan that is not a whole number of months', () => {
    expect(() => paymentHistoryOnSave([], null, 0)).toThrow(RangeError);
  });
});

describe('01-4.10e "Changing the subscription date or plan recomputes every row\'s reminder in chain, each the previous plus plan months"', () => {
  const history = [
    row('2025-01-15', '2025-01-20'),
    row('2026-01-15', '2026-01-10'),
    row('2027-01-15', null),
  ];

  it.each([
    ['new date', '2025-03-01', 12, ['2025-03-01', '2026-03-01', '2027-03-01']],
    ['new plan', '2025-01-15', 6, ['2025-01-15', '2025-07-15', '2026-01-15']],
    // Each is the previous plus the plan, so the clamped day carries on: 31 → 28 → 28.
    ['chained from a month end', '2025-08-31', 6, ['2025-08-31', '2026-02-28', '2026-08-28']],
  ])('%s: %s every %i months → %j', (_, subscription, plan, reminders) => {
    const result = recomputePaymentChain(history, subscription, plan);
    expect(result.map((r) => r.nextPaidReminder)).toEqual(reminders);
    expect(result.map((r) => r.paidDate)).toEqual(history.map((r) => r.paidDate));
  });

  it('without a subscription date there is nothing to chain from', () => {
    expect(recomputePaymentChain(history, null, 12)).toEqual(history);
  });
});

describe('01-4.10d "Each row shows lateness by comparing reminder and paid date: late by years/days, in advance, or On time"', () => {
  it.each([
    ['2026-01-15', '2026-01-15', 'onTime', 0, 0, 'On time'],
    ['2026-01-15', '2026-01-16', 'late', 0, 1, 'Late by 1 day'],
    ['2026-01-15', '2026-03-01', 'late', 0, 45, 'Late by 45 days'],
    ['2024-01-15', '2025-01-15', 'late', 1, 0, 'Late by 1 year'],
    ['2024-01-10', '2025-03-01', 'late', 1, 50, 'Late by 1 year and 50 days'],
    ['2023-01-10', '2025-01-11', 'late', 2, 1, 'Late by 2 years and 1 day'],
    ['2026-01-15', '2026-01-05', 'inAdvance', 0, 10, 'In advance'],
    ['2026-01-15', null, 'open', 0, 0, ''],
    [null, '2026-01-15', 'open', 0, 0, ''],
  ])('due %j, paid %j → %s', (due, paid, status, years, days, label) => {
    expect(paymentLateness(row(due, paid))).toEqual({ status, years, days, label });
  });

  it.each([
    ['2024-02-29', '2025-02-28', 1, 0],
    ['2024-02-29', '2025-03-01', 1, 1],
    ['2026-01-01', '2026-12-31', 0, 364],
  ])('yearsAndDays(%s, %s) = %i years %i days', (from, to, years, days) => {
    expect(yearsAndDays(from, to)).toEqual({ years, days });
  });
});
