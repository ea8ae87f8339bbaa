import { within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** The calendar's kinds as their check boxes name them, in the calendar's order. */
export const CALENDAR_KIND_NAMES = [
  'Annual return date',
  'Filing deadline',
  'B1/B73',
  'Corporation tax',
  'AML review due',
  'Subscription due',
  'B10 due (officer change)',
  'B2 due (registered office)',
  'B5 due (allotment)',
] as const;

/** Clicks the kinds' check boxes named `names` inside `scope` (the calendar's filter, a feed's form). */
export async function clickKinds(user: UserEvent, scope: HTMLElement, names: readonly string[]) {
  for (const name of names) {
    await user.click(within(scope).getByRole('checkbox', { name }));
  }
}
