import { describe, expect, it } from 'vitest';
import {
  centsToEuros,
  eurosToCents,
  formatCents,
  formatEuros,
  hasAtMostTwoDecimals,
  parseEurosInput,
  sumCents,
} from './money';

describe('02-9.9 "Currency: euro, 2 decimals"; 02-5.8 "step 0.01" — integer cents, never floats', () => {
  it.each([
    [0, 0],
    [12, 1200],
    [12.5, 1250],
    [12.34, 1234],
    [0.01, 1],
    [0.29, 29], // 0.29 * 100 = 28.999999999999996 in floating point
    [1.005, null], // three decimals
    [19.99, 1999],
    [-4.5, -450],
    [-0, 0],
    [1e21, null],
    [1e-7, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
  ])('%j euros → %j cents', (euros, cents) => {
    if (cents === null) {
      expect(hasAtMostTwoDecimals(euros)).toBe(false);
      expect(() => eurosToCents(euros)).toThrow(RangeError);
    } else {
      expect(hasAtMostTwoDecimals(euros)).toBe(true);
      expect(eurosToCents(euros)).toBe(cents);
      expect(centsToEuros(cents)).toBe(euros === 0 ? 0 : euros);
    }
  });

  it('0.1 + 0.2 is not an amount: a float sum must be made in cents', () => {
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(false);
    expect(centsToEuros(sumCents([eurosToCents(0.1), eurosToCents(0.2)]))).toBe(0.3);
  });

  it.each([['12'], [null]])('refuses %j that is not a number', (value) => {
    expect(hasAtMostTwoDecimals(value)).toBe(false);
    expect(() => eurosToCents(value as unknown as number)).toThrow(RangeError);
  });

  it.each([[1.5], [Number.MAX_SAFE_INTEGER + 1]])('centsToEuros refuses %j', (cents) => {
    expect(() => centsToEuros(cents)).toThrow(RangeError);
  });

  it('refuses an amount whose cents are past the safe integers', () => {
    expect(() => eurosToCents(100000000000000000)).toThrow(RangeError);
  });

  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12,50', 1250],
    [' 1 234.56 ', 123456],
    ['1\u00a0234,56', 123456],
    ['-3', -300],
    ['12.345', null],
    ['abc', null],
    ['', null],
    ['99999999999999999999', null],
  ])('typed "%s" → %j cents', (text, cents) => {
    expect(parseEurosInput(text)).toBe(cents);
  });

  it.each([
    [123456, '€1,234.56'],
    [5, '€0.05'],
    [0, '€0.00'],
  ])('%i cents are shown as %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });
});

describe("formatEuros: the orders' amounts as shown", () => {
  it.each([
    [1000.1, '€1,000.10'],
    [0, '€0.00'],
    [null, ''],
    [undefined, ''],
  ])('%s → %j', (euros, text) => {
    expect(formatEuros(euros)).toBe(text);
  });
});
