/** Subscriptions (docs/product/orders-and-subscriptions.md). */
import {
  SUBSCRIPTION_PERIOD_DEFAULT,
  SUBSCRIPTION_PERIOD_MAX,
  SUBSCRIPTION_PERIOD_MIN,
} from '../limits';
import { addMonths, isIsoDate, monthsBetween, todayInDublin, type IsoDate } from './dates';

/** "period a number from 1 to 60, required, default 6; starting date required, default today" */
export const newSubscriptionDefaults = (now: Date = new Date()) => ({
  plan: SUBSCRIPTION_PERIOD_DEFAULT,
  startingDate: todayInDublin(now),
  productId: '',
});

export const isValidSubscriptionPeriod = (value: unknown): value is number =>
  Number.isInteger(value) &&
  (value as number) >= SUBSCRIPTION_PERIOD_MIN &&
  (value as number) <= SUBSCRIPTION_PERIOD_MAX;

/**
 * nextDueDate, which api-conventions.md makes the server's, by the calendar alone (the API uses
 * subscriptionBilling below): a subscription falls due every `plan` months counted from its
 * starting date (startingDate + k × plan, k ≥ 1, each counted from the start so the day does not
 * drift), and the next due date is the first of those on or after today.
 */
export function subscriptionNextDueDate(
  startingDate: IsoDate | null | undefined,
  plan: number,
  now: Date = new Date(),
): IsoDate | null {
  if (!isIsoDate(startingDate) || !isValidSubscriptionPeriod(plan)) return null;
  const today = todayInDublin(now);
  if (startingDate >= today) return addMonths(startingDate, plan);
  let periods = Math.max(1, Math.floor(monthsBetween(startingDate, today) / plan));
  while (addMonths(startingDate, periods * plan) < today) periods += 1;
  return addMonths(startingDate, periods * plan);
}

/**
 * What a subscription owes (ADR 0086): its periods fall due on the starting date and
 * every `plan` months after it; each linked order pays one period, in order. The next due date is
 * the start of the first unpaid period (in the past when payments are missing); the missing
 * payments are the periods fallen due by today that no order paid. A cancelled subscription owes
 * nothing more.
 */
export function subscriptionBilling(
  startingDate: IsoDate | null | undefined,
  plan: number,
  paidPeriods: number,
  status: string,
  now: Date = new Date(),
): { nextDueDate: IsoDate | null; missingPayments: number } {
  if (status === 'CANCELLED' || !isIsoDate(startingDate) || !isValidSubscriptionPeriod(plan)) {
    return { nextDueDate: null, missingPayments: 0 };
  }
  const today = todayInDublin(now);
  let due = 0;
  if (startingDate <= today) {
    // Jump near the answer, then step: addMonths clamps month ends, so count by dates.
    due = Math.max(0, Math.floor(monthsBetween(startingDate, today) / plan) - 1);
    while (addMonths(startingDate, due * plan) <= today) due += 1;
  }
  return {
    nextDueDate: addMonths(startingDate, Math.max(0, paidPeriods) * plan),
    missingPayments: Math.max(0, due - Math.max(0, paidPeriods)),
  };
}
