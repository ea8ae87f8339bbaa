import { describe, expect, it } from 'vitest';
import { isFormDirty, sameValues } from './forms';

describe('02-4.4 "AML form: clean, then dirty on any change, then clean after a successful save"', () => {
  const saved = {
    aml: { appendix2_q1: true, appendix3_expected_business: ['Accounting'] },
    name: 'A',
  };

  it.each([
    ['unchanged', structuredClone(saved), false],
    ['a changed answer', { ...saved, aml: { ...saved.aml, appendix2_q1: false } }, true],
    [
      'an added option',
      {
        ...saved,
        aml: { ...saved.aml, appendix3_expected_business: ['Accounting', 'Other Services'] },
      },
      true,
    ],
    ['a new field', { ...saved, notes: '' }, true],
    ['a removed field', { aml: saved.aml }, true],
    ['a field swapped for another', { aml: saved.aml, other: 'A' }, true],
    ['an array for an object', { ...saved, aml: [] }, true],
    ['null for an object', { ...saved, aml: null }, true],
  ])('%s → dirty %s', (_, current, dirty) => {
    expect(isFormDirty(saved, current)).toBe(dirty);
  });

  it('after a successful save the saved values are the current ones: clean', () => {
    const edited = { ...saved, name: 'B' };
    expect(isFormDirty(saved, edited)).toBe(true);
    expect(isFormDirty(edited, edited)).toBe(false);
  });

  it.each([
    [Number.NaN, Number.NaN, true],
    [1, '1', false],
    [[1, 2], [1, 2], true],
    [[1, 2], [2, 1], false],
  ])('sameValues(%j, %j) is %s', (a, b, same) => {
    expect(sameValues(a, b)).toBe(same);
  });
});
