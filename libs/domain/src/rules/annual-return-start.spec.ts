import { describe, expect, it } from 'vitest';
import {
  ANNUAL_RETURN_LEAD_DAYS_DEFAULT,
  ANNUAL_RETURN_PREVIEW_DAYS,
  annualReturnFollowUpType,
  annualReturnPreviewWindow,
  annualReturnStartDay,
  annualReturnStartWindow,
  isAnnualReturnLeadDays,
} from './annual-return-start';

describe('annual-return work started "days before the ARD, default 60"', () => {
  it('defaults to 60 days; the preview looks 30 days ahead', () => {
    expect(ANNUAL_RETURN_LEAD_DAYS_DEFAULT).toBe(60);
    expect(ANNUAL_RETURN_PREVIEW_DAYS).toBe(30);
  });

  it.each([
    [60, true],
    [1, true],
    [365, true],
    [0, false],
    [366, false],
    [1.5, false],
    ['60', false],
  ])('lead days %j valid: %s', (value, valid) => {
    expect(isAnnualReturnLeadDays(value)).toBe(valid);
  });

  it.each([
    // today, lead, window of ARDs started today
    ['2026-11-25', 60, ['2026-11-25', '2027-01-24']],
    ['2026-11-25', 1, ['2026-11-25', '2026-11-26']],
  ] as const)('on %s with %i days, the ARDs %j', (today, lead, window) => {
    expect(annualReturnStartWindow(today, lead)).toEqual(window);
  });

  it.each([
    ['2027-01-24', 60, '2026-11-25'], // enters the window today
    ['2027-02-24', 60, '2026-12-26'], // later
    ['2026-12-01', 60, '2026-11-25'], // already inside: today
  ] as const)('ARD %s, %i days before: starts on %s (today 2026-11-25)', (ard, lead, day) => {
    expect(annualReturnStartDay(ard, lead, '2026-11-25')).toBe(day);
  });

  it('previews the ARDs whose work starts within 30 days', () => {
    expect(annualReturnPreviewWindow('2026-11-25', 60)).toEqual(['2026-11-25', '2027-02-23']);
  });

  it.each([
    [false, 'FIRST_AR'],
    [true, 'AR_TRADING'],
  ] as const)('first annual return done %s → %s', (done, type) => {
    expect(annualReturnFollowUpType(done)).toBe(type);
  });
});
