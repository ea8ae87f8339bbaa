import { describe, expect, it } from 'vitest';
import { APPENDIX2_QUESTIONS } from './aml';
import {
  AML_FIELDS,
  AML_REVIEW_MONTHS,
  amlNextReview,
  amlValue,
  applyAmlPatch,
  checkAmlPatch,
  isAmlReviewDue,
} from './aml-record';

const NOW = new Date('2026-11-23T10:00:00Z');
const REVIEWER = { user_id: 'u1', user_name: 'Ciara Byrne' };
const answers = (value: boolean | null) =>
  Object.fromEntries(APPENDIX2_QUESTIONS.map((q) => [q, value]));

const saved = (input: unknown, current: Record<string, unknown> = {}) => {
  const check = checkAmlPatch(input);
  if (!check.ok) throw new Error(JSON.stringify(check.errors));
  return applyAmlPatch(current, check, REVIEWER, NOW);
};

describe('periodic AML review: "the next review is due 12 months later for high risk, 24 for medium, 36 for low"', () => {
  it.each([
    ['high', 12, '2027-11-23'],
    ['medium', 24, '2028-11-23'],
    ['low', 36, '2029-11-23'],
  ] as const)('%s: every %i months (reviewed 2026-11-23 → %s)', (level, months, next) => {
    expect(AML_REVIEW_MONTHS[level]).toBe(months);
    expect(amlNextReview('2026-11-23', level)).toBe(next);
  });

  it.each([
    [null, true],
    ['2026-11-22', true],
    ['2026-11-23', true],
    ['2026-11-24', false],
  ])('next review %s on 2026-11-23: due %s', (next, due) => {
    expect(isAmlReviewDue(next, '2026-11-23')).toBe(due);
  });
});

describe('02-5.5: score and level computed on every save', () => {
  it.each([
    ['all yes', answers(true), 30, 'high'],
    ['all no', answers(false), 23, 'high'],
    ['unanswered', answers(null), 0, 'low'],
    ['q6 answered yes only', { appendix2_q6: true }, 1, 'low'],
    ['q6 answered no only', { appendix2_q6: false }, 1, 'low'],
  ])('%s → %i, %s; the client-sent score is ignored', (_, given, total, level) => {
    const aml = saved({ ...given, appendix2_total_score: 99, appendix2_risk_level: 'low' });
    expect(aml).toMatchObject({ appendix2_total_score: total, appendix2_risk_level: level });
  });

  it('records the reviewer and the next review on an appendix-2 save only', () => {
    const first = saved({ ...answers(true) });
    expect(first).toMatchObject({
      appendix2_reviewed_at: NOW.toISOString(),
      appendix2_reviewed_by: REVIEWER,
      appendix2_next_review: '2027-11-23',
    });
    const check = checkAmlPatch({ appendix4: { trading_name: 'Emerald' } });
    if (!check.ok) throw new Error('refused');
    const later = applyAmlPatch(
      first,
      check,
      { user_id: 'u2', user_name: 'Sean' },
      new Date('2027-01-01T00:00:00Z'),
    );
    expect(later.appendix2_reviewed_by).toEqual(REVIEWER);
    expect(later.appendix2_next_review).toBe('2027-11-23');
    // Still recomputed from what is stored.
    expect(later.appendix2_total_score).toBe(30);
  });

  it('leaves an organization not assessed (no score, no level) until appendix 2 is saved once', () => {
    const check = checkAmlPatch({ appendix4: { trading_name: 'Emerald' } });
    if (!check.ok) throw new Error('refused');
    const aml = applyAmlPatch({}, check, REVIEWER, NOW);
    expect(aml).toEqual({ appendix4: { trading_name: 'Emerald' } });
    expect(saved({ appendix2_q1: null })).toMatchObject({
      appendix2_total_score: 0,
      appendix2_risk_level: 'low',
    });
  });

  it('merges appendix 4 and 6 field by field and replaces top-level fields', () => {
    const first = saved({
      appendix4: { trading_name: 'A', registered_number: '1' },
      source_of_funds: 'x',
    });
    const next = saved({ appendix4: { trading_name: 'B' }, source_of_funds: 'y' }, first);
    expect(next.appendix4).toEqual({ trading_name: 'B', registered_number: '1' });
    expect(next.source_of_funds).toBe('y');
  });
});

describe('field by field checks', () => {
  it.each([
    [{ appendix2_q1: 'yes' }, 'aml.appendix2_q1'],
    [{ appendix3_expected_business: ['Accounting', 'Baking'] }, 'aml.appendix3_expected_business'],
    [{ appendix3_source_of_introduction: 'Other company' }, 'aml.appendix3_source_of_introduction'],
    [{ appendix4: { structure_type: 'Cooperative' } }, 'aml.appendix4.structure_type'],
    [{ appendix4: { risk_assessment: 'extreme' } }, 'aml.appendix4.risk_assessment'],
    [{ appendix6: { date_of_birth: '12/04/1985' } }, 'aml.appendix6.date_of_birth'],
    [{ signature: 'Ciara' }, 'aml.signature'],
    [{ kyc_obtained_date: '2026-02-30' }, 'aml.kyc_obtained_date'],
    [{ conclusion: 'x'.repeat(10_001) }, 'aml.conclusion'],
    [{ favourite_colour: 'green' }, 'aml.favourite_colour'],
    [{ appendix6: { shoe_size: 42 } }, 'aml.appendix6.shoe_size'],
    [{ appendix4: 'Limited' }, 'aml.appendix4'],
  ])('%j is refused naming %s', (input, field) => {
    const check = checkAmlPatch(input);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.errors.map((error) => error.field)).toContain(field);
  });

  it('refuses something that is not an object', () => {
    expect(checkAmlPatch([1])).toEqual({
      ok: false,
      errors: [{ field: 'aml', message: 'aml must be an object' }],
    });
  });

  it('accepts every field with a value of its kind', () => {
    const value = (kind: string) =>
      ({
        yesNo: true,
        text: 'x',
        date: '2026-01-31',
        multi: [],
        choice: undefined,
        userSignature: REVIEWER,
      })[kind];
    const input: Record<string, unknown> = { appendix4: {}, appendix6: {} };
    for (const field of AML_FIELDS) {
      const v = field.type.kind === 'choice' ? field.type.options[0] : value(field.type.kind);
      if (field.group === 'top') input[field.name] = v;
      else (input[field.group] as Record<string, unknown>)[field.name] = v;
    }
    expect(checkAmlPatch(input).ok).toBe(true);
  });
});

describe('AML_FIELDS defaults: a field with no stored value shows its default', () => {
  const field = (group: string, name: string) =>
    AML_FIELDS.find((f) => f.group === group && f.name === name)!;
  it.each([
    ['appendix4', 'structure_type', 'Limited'],
    ['appendix4', 'client_meeting_details', 'Online meeting'],
    ['appendix4', 'partnership_controllers', 'N.A'],
    ['appendix4', 'trust_controlling_parties', 'N.A'],
    ['appendix4', 'legal_documents_check', 'N.A'],
    ['appendix4', 'risk_assessment', 'normal'],
    ['top', 'appendix2_q1', null],
    ['top', 'kyc_obtained', false],
    ['top', 'appendix3_expected_business', []],
    ['top', 'signature', null],
  ])('%s.%s defaults to %j', (group, name, expected) => {
    expect(amlValue({}, field(group, name))).toEqual(expected);
    expect(amlValue(null, field(group, name))).toEqual(expected);
  });
});
