import { describe, expect, it } from 'vitest';
import {
  AML_RETENTION_YEARS,
  DEFAULT_RETENTION_PERIODS,
  MAIL_BODY_RETENTION_MONTHS_DEFAULT,
  PROSPECT_RETENTION_MONTHS_DEFAULT,
  RETENTION_PERIOD_RULES,
  erasureDecision,
  isRetentionMonths,
  prospectErasableFrom,
  prospectKeptSince,
  retentionEndsOn,
  retentionHoldMessage,
  retentionPeriodProblem,
} from './retention';
import type { RetainedRelationship } from './retention';

const TODAY = '2026-11-28';

const client = (
  relationshipEndedOn: string | null,
  name = 'Liffey Trading Ltd',
): RetainedRelationship => ({
  organizationId: name,
  organizationName: name,
  relationshipEndedOn,
});

describe('AML retention: "five years after the business relationship ends" (CJA 2010 s.55)', () => {
  it('keeps 5 years after the end; prospects 12 months', () => {
    expect(AML_RETENTION_YEARS).toBe(5);
    expect(PROSPECT_RETENTION_MONTHS_DEFAULT).toBe(12);
  });

  it.each([
    ['2021-11-28', '2026-11-28'],
    ['2020-02-29', '2025-02-28'], // 29 February clamps in a common year
    ['2026-01-31', '2031-01-31'],
  ])('a relationship ended on %s lets its people go on %s (end + 5 years)', (ended, from) => {
    expect(retentionEndsOn(ended)).toBe(from);
  });

  it.each([
    // case, relationships, erasable, erasableFrom
    ['a current link (the relationship goes on)', [client(null)], false, '2031-11-28'],
    ['ended 4 years ago', [client('2022-11-28')], false, '2027-11-28'],
    ['ended 5 years less 1 day ago', [client('2021-11-29')], false, '2026-11-29'],
    ['ended exactly 5 years ago', [client('2021-11-28')], true, null],
    ['ended 5 years and 1 day ago', [client('2021-11-27')], true, null],
    ['never a client', [], true, null],
    [
      'one ended 6 years ago, another 4 years ago: the later holds',
      [client('2020-11-28', 'Old Ltd'), client('2022-11-28', 'Recent Ltd')],
      false,
      '2027-11-28',
    ],
  ] as const)('%s: erasable %s, from %s', (_case, relationships, erasable, erasableFrom) => {
    const decision = erasureDecision(relationships, TODAY);
    expect(decision.erasable).toBe(erasable);
    if (!decision.erasable) expect(decision.erasableFrom).toBe(erasableFrom);
  });

  it('names the organizations that hold the person, latest first, and why', () => {
    const decision = erasureDecision(
      [
        client('2023-05-01', 'Recent Ltd'),
        client(null, 'Ongoing Ltd'),
        client('2019-01-01', 'Gone Ltd'),
      ],
      TODAY,
    );
    if (decision.erasable) throw new Error('held');
    expect(decision.holds.map((hold) => [hold.organizationName, hold.erasableFrom])).toEqual([
      ['Ongoing Ltd', '2031-11-28'],
      ['Recent Ltd', '2028-05-01'],
    ]);
    expect(retentionHoldMessage(decision)).toBe(
      'Kept under the AML law (five years after the client relationship ends): Ongoing Ltd, Recent Ltd are still a client, so erasure is possible from 2031-11-28 at the earliest.',
    );
    const ended = erasureDecision([client('2022-11-28')], TODAY);
    if (ended.erasable) throw new Error('held');
    expect(retentionHoldMessage(ended)).toBe(
      'Kept under the AML law (five years after the client relationship ends): erasure is possible from 2027-11-28 (Liffey Trading Ltd).',
    );
  });
});

describe('prospects: a request that never became a client, 12 months after its last change', () => {
  it.each([
    ['2025-11-28', 12, '2026-11-28'],
    ['2025-11-29', 12, '2026-11-29'],
    ['2026-05-31', 6, '2026-11-30'],
  ])('last changed %s, kept %i months: erasable from %s', (changed, months, from) => {
    expect(prospectErasableFrom(changed, months)).toBe(from);
  });

  it('on 2026-11-28 the requests last changed on or before 2025-11-28 are past 12 months', () => {
    expect(prospectKeptSince(TODAY)).toBe('2025-11-28');
  });

  it.each([
    [1, true],
    [12, true],
    [240, true],
    [0, false],
    [241, false],
    [1.5, false],
    ['12', false],
  ])('a retention period of %j months is valid: %s', (value, valid) => {
    expect(isRetentionMonths(value)).toBe(valid);
  });
});

describe('the retention periods, firm settings whose defaults quote the law', () => {
  it.each([
    // field, default, unit, the law or reason quoted
    ['amlRetentionYears', 5, 'years', 's.55'],
    ['prospectRetentionMonths', 12, 'months', 'Art. 5(1)(e)'],
    ['mailBodyRetentionMonths', 60, 'months', 'five years'],
  ] as const)('%s: %i %s by default (%s)', (field, fallback, unit, quoted) => {
    expect(RETENTION_PERIOD_RULES[field]).toMatchObject({ default: fallback, unit });
    expect(RETENTION_PERIOD_RULES[field].basis).toContain(quoted);
    expect(DEFAULT_RETENTION_PERIODS[field]).toBe(fallback);
  });

  it('the mail default is the AML period in months', () => {
    expect(MAIL_BODY_RETENTION_MONTHS_DEFAULT).toBe(AML_RETENTION_YEARS * 12);
  });

  it.each([
    // field, value, accepted
    ['amlRetentionYears', 5, true],
    ['amlRetentionYears', 10, true],
    ['amlRetentionYears', 20, true],
    ['amlRetentionYears', 4, false], // shorter than the law allows
    ['amlRetentionYears', 21, false],
    ['amlRetentionYears', 5.5, false],
    ['prospectRetentionMonths', 1, true],
    ['prospectRetentionMonths', 240, true],
    ['prospectRetentionMonths', 0, false],
    ['prospectRetentionMonths', 241, false],
    ['prospectRetentionMonths', '12', false],
    ['mailBodyRetentionMonths', 60, true],
    ['mailBodyRetentionMonths', -1, false],
    ['mailBodyRetentionMonths', null, false],
  ] as const)('%s = %j is accepted: %s', (field, value, accepted) => {
    const problem = retentionPeriodProblem(field, value);
    if (accepted) expect(problem).toBeNull();
    else expect(problem).toMatch(new RegExp(`^${field} must be a whole number of`));
  });

  it('a longer AML period moves the date and says so', () => {
    const decision = erasureDecision([client('2022-11-28')], TODAY, 7);
    if (decision.erasable) throw new Error('held');
    expect(decision.erasableFrom).toBe('2029-11-28');
    expect(retentionHoldMessage(decision, 7)).toBe(
      'Kept under the AML law (7 years after the client relationship ends): erasure is possible from 2029-11-28 (Liffey Trading Ltd).',
    );
  });
});
