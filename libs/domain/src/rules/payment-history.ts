/**
 * A service's payment history (domiciliation, secretary company, anonymous shareholder), as
 * docs/product/organizations-and-people.md states it. A row is { nextPaidReminder, paidDate }: the
 * date the payment was due, and the date it was paid (null while open). The first row is due on the
 * subscription date; each next row is due `plan` months after the previous one (month arithmetic
 * clamps to the month's end, so a chain may drift from the 31st to the 30th or 28th, as "each the
 * previous plus plan months" says).
 */
import { MESSAGES } from '../messages';
import { addMonths, addYears, daysBetween, isIsoDate, monthsBetween, type IsoDate } from './dates';

export interface PaymentHistoryEntry {
  nextPaidReminder: IsoDate | null;
  paidDate: IsoDate | null;
}

function assertPlan(plan: number): void {
  if (!Number.isInteger(plan) || plan < 1) {
    throw new RangeError(`A plan is a positive whole number of months, not ${plan}`);
  }
}

const isPaid = (row: PaymentHistoryEntry): boolean => isIsoDate(row.paidDate);

const reminderOrNull = (value: IsoDate | null | undefined): IsoDate | null =>
  isIsoDate(value) ? value : null;

/**
 * The reminder of the row that follows `rows`: "the previous row's reminder plus the plan months
 * (or the subscription date if none)".
 */
export function nextReminder(
  rows: readonly PaymentHistoryEntry[],
  subscriptionDate: IsoDate | null | undefined,
  plan: number,
): IsoDate | null {
  assertPlan(plan);
  const previous = rows.length > 0 ? reminderOrNull(rows[rows.length - 1].nextPaidReminder) : null;
  if (previous !== null) return addMonths(previous, plan);
  return rows.length === 0 ? reminderOrNull(subscriptionDate) : null;
}

/**
 * "There is always one open last row (no paid date) holding the next reminder": keeps the paid
 * rows in order and appends the one open row after them.
 */
export function withOpenRow(
  history: readonly PaymentHistoryEntry[],
  subscriptionDate: IsoDate | null | undefined,
  plan: number,
): PaymentHistoryEntry[] {
  const paid = history.filter(isPaid).map((row) => ({ ...row }));
  return [
    ...paid,
    { nextPaidReminder: nextReminder(paid, subscriptionDate, plan), paidDate: null },
  ];
}

/** Marks the row at `index` paid on `paidDate`; a new open row follows it. */
export function recordPayment(
  history: readonly PaymentHistoryEntry[],
  index: number,
  paidDate: IsoDate,
  subscriptionDate: IsoDate | null | undefined,
  plan: number,
): PaymentHistoryEntry[] {
  if (!isIsoDate(paidDate)) throw new RangeError(`Not a calendar date: ${paidDate}`);
  if (!Number.isInteger(index) || index < 0 || index >= history.length) {
    throw new RangeError(`No payment row at index ${index}`);
  }
  const rows = history.map((row, i) => (i === index ? { ...row, paidDate } : row));
  return withOpenRow(rows, subscriptionDate, plan);
}

/**
 * "Removing a paid row drops it and re-appends an open row whose reminder is the previous row's
 * reminder plus the plan months (or the subscription date if none)."
 */
export function removePaidRow(
  history: readonly PaymentHistoryEntry[],
  index: number,
  subscriptionDate: IsoDate | null | undefined,
  plan: number,
): PaymentHistoryEntry[] {
  if (!Number.isInteger(index) || index < 0 || index >= history.length || !isPaid(history[index])) {
    throw new RangeError(`No paid row at index ${index}`);
  }
  return withOpenRow(
    history.filter((_, i) => i !== index),
    subscriptionDate,
    plan,
  );
}

/**
 * "Changing the subscription date or plan recomputes every row's reminder in chain, each the
 * previous plus plan months": the first row is due on the subscription date. Without a
 * subscription date there is nothing to chain from, and the rows are returned unchanged.
 */
export function recomputePaymentChain(
  history: readonly PaymentHistoryEntry[],
  subscriptionDate: IsoDate | null | undefined,
  plan: number,
): PaymentHistoryEntry[] {
  assertPlan(plan);
  if (!isIsoDate(subscriptionDate)) return history.map((row) => ({ ...row }));
  let reminder: IsoDate = subscriptionDate;
  return history.map((row, i) => {
    if (i > 0) reminder = addMonths(reminder, plan);
    return { ...row, nextPaidReminder: reminder };
  });
}

export interface PaymentHistorySaved {
  history: PaymentHistoryEntry[];
  /** The service's paid-reminder: the last paid row's reminder plus plan months, or null. */
  paidReminder: IsoDate | null;
}

/**
 * "On save only rows with a paid date are kept and the service's paid-reminder becomes the last
 * paid row's reminder plus plan months (empty if none)."
 *
 * The server computes this on write. A kept row without a reminder gets its place in the chain
 * (previous + plan, or the subscription date for the first), so every stored row has one. With
 * `previous` (the stored subscription date and plan), a change of either recomputes the chain.
 */
export function paymentHistoryOnSave(
  history: readonly PaymentHistoryEntry[],
  subscriptionDate: IsoDate | null | undefined,
  plan: number,
  previous?: { subscriptionDate: IsoDate | null | undefined; plan: number | null | undefined },
): PaymentHistorySaved {
  assertPlan(plan);
  let kept = history.filter(isPaid).map((row) => ({
    nextPaidReminder: reminderOrNull(row.nextPaidReminder),
    paidDate: row.paidDate,
  }));
  const changed =
    previous !== undefined &&
    ((previous.subscriptionDate ?? null) !== (subscriptionDate ?? null) || previous.plan !== plan);
  if (changed) {
    kept = recomputePaymentChain(kept, subscriptionDate, plan);
  } else {
    kept = kept.reduce<PaymentHistoryEntry[]>((rows, row) => {
      const nextPaidReminder = row.nextPaidReminder ?? nextReminder(rows, subscriptionDate, plan);
      return [...rows, { ...row, nextPaidReminder }];
    }, []);
  }
  const last = kept[kept.length - 1];
  const paidReminder = last?.nextPaidReminder ? addMonths(last.nextPaidReminder, plan) : null;
  return { history: kept, paidReminder };
}

export interface PaymentLateness {
  status: 'open' | 'late' | 'inAdvance' | 'onTime';
  years: number;
  days: number;
  /** "late by years/days, in advance, or On time"; empty for an open row. */
  label: string;
}

const plural = (n: number, unit: string): string => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** Whole years and remaining days from `from` to a later or equal `to`. */
export function yearsAndDays(from: IsoDate, to: IsoDate): { years: number; days: number } {
  const years = Math.floor(monthsBetween(from, to) / 12);
  return { years, days: daysBetween(addYears(from, years), to) };
}

/** "Each row shows lateness by comparing reminder and paid date." */
export function paymentLateness(row: PaymentHistoryEntry): PaymentLateness {
  const { nextPaidReminder: due, paidDate: paid } = row;
  if (!isIsoDate(due) || !isIsoDate(paid)) return { status: 'open', years: 0, days: 0, label: '' };
  if (paid === due) return { status: 'onTime', years: 0, days: 0, label: MESSAGES.onTime };
  if (paid < due) {
    const { years, days } = yearsAndDays(paid, due);
    return { status: 'inAdvance', years, days, label: MESSAGES.inAdvance };
  }
  const { years, days } = yearsAndDays(due, paid);
  const parts = [years > 0 ? plural(years, 'year') : '', days > 0 ? plural(days, 'day') : ''];
  return { status: 'late', years, days, label: `Late by ${parts.filter(Boolean).join(' and ')}` };
}
