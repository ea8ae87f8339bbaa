import type { ListAnswer } from '../types/api';

/** What a list's answer says of its size. */
export type ListTotal = Pick<ListAnswer<unknown>, 'totalItems' | 'totalItemsIsLowerBound'>;

/**
 * A list's total as staff read it: the number, or "10 000+" ("1 000+" for a text) when the
 * server counted the matches only up to a bound and the list holds more (ADR 0149, 0150). The
 * space is a no-break one, so that the count never wraps.
 */
export function totalText({ totalItems, totalItemsIsLowerBound }: ListTotal): string {
  if (!totalItemsIsLowerBound) return String(totalItems);
  return `${String(totalItems).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')}+`;
}
