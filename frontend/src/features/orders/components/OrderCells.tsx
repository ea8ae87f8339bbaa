import { checkedLabel, eurosToCents, formatCents } from '@registra/domain';

/** Euros with 2 decimals, as every amount of the orders shows (empty when there is none). */
export const euros = (value: number | null | undefined): string =>
  value === null || value === undefined ? '' : formatCents(eurosToCents(value));

export { checkedLabel };
