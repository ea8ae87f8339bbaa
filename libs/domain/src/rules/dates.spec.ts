import { describe, expect, it } from 'vitest';
import {
  acceptDateInput,
  addDays,
  addMonths,
  addYears,
  calendarDateOf,
  compareIsoDates,
  currentYearInDublin,
  daysBetween,
  daysInMonth,
  dublinDate,
  isDateInRange,
  isIsoDate,
  isValidDateFilter,
  latestDate,
  monthsBetween,
  toIsoDate,
  todayInDublin,
} from './dates';

describe('calendar dates travel as YYYY-MM-DD', () => {
  it.each([
    ['2026-11-21', true],
    ['2028-02-29', true], // leap year
    ['2027-02-29', false],
    ['2026-04-31', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-1-01', false],
    ['21/11/2026', false],
    ['2026-11-21T10:00:00Z', false],
    ['', false],
    [null, false],
    [20261121, false],
  ])('isIsoDate(%j) is %s', (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
  });

  it.each([
    [2026, 2, 28],
    [2028, 2, 29],
    [2000, 2, 29], // divisible by 400
    [2100, 2, 28], // divisible by 100 only
    [2026, 9, 30],
    [2026, 12, 31],
  ])('daysInMonth(%i, %i) = %i', (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
  });
});

describe('month arithmetic clamps to the month end (the one place that decides it)', () => {
  it.each([
    // The worked example: 31 December + 9 months = 30 September.
    ['2026-12-31', 9, '2027-09-30'],
    ['2026-08-31', 6, '2027-02-28'],
    ['2027-08-31', 6, '2028-02-29'],
    ['2026-01-31', 1, '2026-02-28'],
    ['2026-03-31', 1, '2026-04-30'],
    ['2026-01-15', 1, '2026-02-15'],
    ['2026-11-21', 12, '2027-11-21'],
    ['2026-11-21', 21, '2028-08-21'],
    ['2026-11-21', 0, '2026-11-21'],
    ['2026-03-31', -1, '2026-02-28'],
    ['2026-01-15', -13, '2024-12-15'],
    ['2028-02-29', 12, '2029-02-28'],
  ])('%s + %i months = %s', (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
  });

  it.each([
    ['2028-02-29', 1, '2029-02-28'],
    ['2026-11-21', 2, '2028-11-21'],
  ])('%s + %i years = %s', (date, years, expected) => {
    expect(addYears(date, years)).toBe(expected);
  });

  it.each([
    ['2026-02-30', 1],
    ['nonsense', 1],
    ['2026-01-31', 1.5],
  ])('refuses %j + %j months', (date, months) => {
    expect(() => addMonths(date, months)).toThrow(RangeError);
  });
});

describe('day arithmetic', () => {
  it.each([
    ['2026-11-21', 56, '2027-01-16'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-03-28', 2, '2026-03-30'], // across the Irish change to summer time
    ['2026-10-24', 2, '2026-10-26'], // and back
    ['2026-01-01', -1, '2025-12-31'],
  ])('%s + %i days = %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it('refuses a fractional day count', () => {
    expect(() => addDays('2026-01-01', 0.5)).toThrow(RangeError);
  });

  it.each([
    ['2026-11-21', '2027-01-16', 56],
    ['2027-01-16', '2026-11-21', -56],
    ['2026-03-28', '2026-03-30', 2],
  ])('daysBetween(%s, %s) = %i', (from, to, days) => {
    expect(daysBetween(from, to)).toBe(days);
  });

  it.each([
    ['2026-01-31', '2026-02-28', 1], // 31 January + 1 month clamps to 28 February: a month
    ['2026-01-31', '2026-03-01', 1],
    ['2026-01-15', '2026-02-14', 0],
    ['2026-01-15', '2026-02-15', 1],
    ['2026-11-21', '2027-11-21', 12],
    ['2027-11-21', '2026-11-21', -12],
  ])('monthsBetween(%s, %s) = %i', (from, to, months) => {
    expect(monthsBetween(from, to)).toBe(months);
  });

  it.each([
    ['2026-01-01', '2026-01-02', -1],
    ['2026-01-02', '2026-01-01', 1],
    ['2026-01-01', '2026-01-01', 0],
  ])('compareIsoDates(%s, %s) = %i', (a, b, expected) => {
    expect(compareIsoDates(a, b)).toBe(expected);
  });

  it.each([
    [['2024-03-01', '2026-01-31', '2025-12-31'], '2026-01-31'],
    [['2024-03-01', null, 'garbage', undefined], '2024-03-01'],
    [[], null],
    [[null], null],
  ])('latestDate(%j) = %j', (dates, expected) => {
    expect(latestDate(dates)).toBe(expected);
  });
});

describe('today is the day in Dublin, whatever the machine zone', () => {
  it('runs these tests in a zone that is not Dublin (vitest.config.ts sets TZ)', () => {
    expect(new Date('2026-07-01T12:00:00Z').getTimezoneOffset()).not.toBe(-60);
  });

  it.each([
    // Winter: Dublin is UTC.
    ['2026-11-21T23:59:59Z', '2026-11-21'],
    ['2026-11-22T00:00:00Z', '2026-11-22'],
    // Summer: Dublin is UTC+1, so 23:30 UTC is already the next day.
    ['2026-07-01T22:59:59Z', '2026-07-01'],
    ['2026-07-01T23:30:00Z', '2026-07-02'],
    // The night of the change to summer time.
    ['2026-03-29T00:30:00Z', '2026-03-29'],
    ['2026-12-31T23:59:59Z', '2026-12-31'],
  ])('at %s it is %s in Dublin', (instant, day) => {
    expect(todayInDublin(new Date(instant))).toBe(day);
    expect(dublinDate(new Date(instant))).toBe(day);
  });

  it('defaults to the real now', () => {
    expect(isIsoDate(todayInDublin())).toBe(true);
    expect(currentYearInDublin()).toBeGreaterThanOrEqual(2026);
  });

  it.each([
    ['2026-12-31T23:30:00Z', 2026],
    ['2027-01-01T00:00:00Z', 2027],
  ])('current year at %s is %i', (instant, year) => {
    expect(currentYearInDublin(new Date(instant))).toBe(year);
  });

  it.each([
    ['2026-11-21', '2026-11-21'],
    ['2026-07-01T23:30:00.000Z', '2026-07-02'],
    [new Date('2026-07-01T23:30:00Z'), '2026-07-02'],
    [new Date('invalid'), null],
    ['not a date', null],
  ])('toIsoDate(%j) = %j', (value, expected) => {
    expect(toIsoDate(value)).toBe(expected);
  });
});

describe('01-5.9 / 02-5.3 / 02-9.6 "from 2000-01-01 to 2099-12-31"', () => {
  it.each([
    ['1999-12-31', false],
    ['2000-01-01', true],
    ['2099-12-31', true],
    ['2100-01-01', false],
    ['2050-02-30', false],
  ])('isDateInRange(%s) is %s', (value, expected) => {
    expect(isDateInRange(value)).toBe(expected);
  });

  // 01-5.9: "Follow-up ARD and start date inputs: must match yyyy-mm-dd, from 2000-01-01 to
  // 2099-12-31; invalid or empty input reverts to the previous value without saving."
  it.each([
    ['2026-11-30', '2026-11-21', { value: '2026-11-30', save: true }],
    [' 2026-11-30 ', null, { value: '2026-11-30', save: true }],
    ['2026-11-21', '2026-11-21', { value: '2026-11-21', save: false }],
    ['', '2026-11-21', { value: '2026-11-21', save: false }],
    [null, '2026-11-21', { value: '2026-11-21', save: false }],
    ['30/11/2026', '2026-11-21', { value: '2026-11-21', save: false }],
    ['1999-12-31', '2026-11-21', { value: '2026-11-21', save: false }],
    ['2100-01-01', null, { value: null, save: false }],
  ])('input %j with previous %j gives %j', (input, previous, expected) => {
    expect(acceptDateInput(input, previous)).toEqual(expected);
  });

  // 02-5.3: "date filters accept only empty or YYYY-MM-DD, within 2000-01-01 to 2099-12-31".
  it.each([
    ['', true],
    [null, true],
    [undefined, true],
    ['2026-11-21', true],
    ['2026-11', false],
    ['1999-01-01', false],
  ])('date filter %j is valid: %s', (value, expected) => {
    expect(isValidDateFilter(value)).toBe(expected);
  });
});

describe('calendarDateOf: the day a date names, or none (the rule behind "This date does not exist")', () => {
  it.each([
    [2020, 2, 29, '2020-02-29'],
    [2024, 12, 31, '2024-12-31'],
    [1950, 1, 1, '1950-01-01'],
    [2020, 2, 30, null],
    [2020, 2, 31, null],
    [2023, 2, 29, null],
    [2026, 4, 31, null],
    [2026, 13, 1, null],
    [2026, 0, 1, null],
    [2026, 1, 0, null],
    [2026, 1.5, 1, null],
  ])('%i-%i-%i → %j', (year, month, day, expected) => {
    expect(calendarDateOf(year, month, day)).toBe(expected);
  });
});
