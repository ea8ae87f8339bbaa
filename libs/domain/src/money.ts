/**
 * Money: euros with at most 2 decimals on the wire, integer cents in storage and arithmetic
 * (api-conventions.md: "stored exactly ..., never as a float").
 */
import { CURRENCY } from './limits';

// The shortest text of a JSON number is the text the client sent: "12.345" has three decimals
// even though 12.345 * 100 rounds to a whole number of cents.
const EUROS = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/** Cents of an amount written in euros, or null when it is not one of at most 2 decimals. */
function centsOf(text: string): number | null {
  const match = EUROS.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/** True for a finite number of euros with at most 2 decimals (12, 12.5, 12.34; not 12.345). */
export function hasAtMostTwoDecimals(value: unknown): value is number {
  return typeof value === 'number' && centsOf(String(value)) !== null;
}

/** Euros (at most 2 decimals) to integer cents, exactly: 12.34 → 1234. */
export function eurosToCents(euros: number): number {
  const cents = typeof euros === 'number' ? centsOf(String(euros)) : null;
  if (cents === null) {
    throw new RangeError(`Not an amount of euros with at most 2 decimals: ${euros}`);
  }
  return cents;
}

/** Integer cents to euros for the wire: 1234 → 12.34 (the nearest double prints exactly). */
export function centsToEuros(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be an integer: ${cents}`);
  return cents / 100;
}

/**
 * Reads a typed amount ("12", "12.5", "12,50", "1 234.56") into cents; null when it is not an
 * amount of at most 2 decimals. Amount inputs accept the comma French speakers type.
 */
export const parseEurosInput = (text: string): number | null =>
  centsOf(
    text
      .trim()
      .replace(/[\s\u00a0\u202f]/g, '')
      .replace(',', '.'),
  );

// Made on first use: a formatter loads its locale's data (~25 ms on a phone), paid only by a
// screen that shows an amount, not by every screen that imports the money rules.
let euroFormat: Intl.NumberFormat | undefined;

/** Display of an amount in cents: 123456 → "€1,234.56". */
export const formatCents = (cents: number): string =>
  (euroFormat ??= new Intl.NumberFormat('en-IE', { style: 'currency', currency: CURRENCY })).format(
    centsToEuros(cents),
  );

/** Display of an amount in euros as the API sends it: 1000.1 → "€1,000.10"; empty for none. */
export const formatEuros = (euros: number | null | undefined): string =>
  euros === null || euros === undefined ? '' : formatCents(eurosToCents(euros));

/** Sum of amounts in cents, exact. */
export const sumCents = (amounts: readonly number[]): number =>
  amounts.reduce((total, cents) => total + cents, 0);
