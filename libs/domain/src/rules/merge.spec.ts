import { describe, expect, it } from 'vitest';
import {
  chosenValues,
  joinNotes,
  movedFolder,
  ORGANIZATION_MERGE_FIELDS,
  PERSON_MERGE_FIELDS,
  suggestedChoice,
  unionBy,
} from './merge';

const field = (key: string) =>
  [...PERSON_MERGE_FIELDS, ...ORGANIZATION_MERGE_FIELDS].find((f) => f.key === key)!;

describe('merging duplicates: staff choose field by field which value survives', () => {
  it.each([
    ['the kept value when both have one', { mail: 'a@x.ie' }, { mail: 'b@x.ie' }, 'keep'],
    ["the other's when the kept one is empty", { mail: null }, { mail: 'b@x.ie' }, 'merge'],
    ['the kept one when both are empty', { mail: '' }, { mail: null }, 'keep'],
    ['the kept one when the other is empty too', { mail: null }, { mail: '' }, 'keep'],
  ])('suggests %s', (_case, keep, merge, expected) => {
    expect(suggestedChoice(field('mail'), keep, merge)).toBe(expected);
  });

  it('suggests a group (address) as one: the other one only when all the kept fields are empty', () => {
    const address = field('address');
    expect(address.fields).toHaveLength(5);
    expect(
      suggestedChoice(address, { addressCity1: 'Cork' }, { addressStreet1: '1 Main St' }),
    ).toBe('keep');
    expect(suggestedChoice(address, {}, { addressStreet1: '1 Main St' })).toBe('merge');
  });

  it("takes the other record's values for the fields chosen 'merge', every field of a group", () => {
    const merge = {
      mail: 'b@x.ie',
      phone: '+353 1',
      addressStreet1: '1 Main St',
      addressCity1: 'Cork',
      addressZip1: null,
      addressState1: null,
      addressCountry1: 'ireland',
    };
    expect(
      chosenValues(PERSON_MERGE_FIELDS, merge, { mail: 'merge', phone: 'keep', address: 'merge' }),
    ).toEqual({
      mail: 'b@x.ie',
      addressStreet1: '1 Main St',
      addressZip1: null,
      addressCity1: 'Cork',
      addressState1: null,
      addressCountry1: 'ireland',
    });
    expect(chosenValues(PERSON_MERGE_FIELDS, merge, {})).toEqual({});
  });

  it('a service is chosen with its subscription, plan and payment history together', () => {
    expect(field('domiciliation').fields).toEqual([
      'hasDomiciliation',
      'domiciliationSubscription',
      'domiciliationSubscriptionPlan',
      'domiciliationPaymentHistory',
    ]);
    expect(field('anonymousShareholder').fields[3]).toBe('anonymousShareholdePaymentHistory');
  });

  it.each([
    ['both', 'Called.', 'Paid.', 'Called.\n\nPaid.'],
    ['only the kept', 'Called.', null, 'Called.'],
    ['only the other', null, 'Paid.', 'Paid.'],
    ['the same twice', 'Called.', ' Called. ', 'Called.'],
    ['none', null, '', null],
  ])('joins notes: %s', (_case, keep, merge, expected) => {
    expect(joinNotes(keep, merge)).toBe(expected);
  });

  it('unites lists without a second entry for the same key, the kept ones first', () => {
    expect(unionBy([{ u: 'a' }, { u: 'b' }], [{ u: 'b' }, { u: 'c' }], (x) => x.u)).toEqual([
      { u: 'a' },
      { u: 'b' },
      { u: 'c' },
    ]);
  });

  it.each([
    ['people/m1', 'people', 'people/k1'],
    ['organization/m1/bank', 'organization', 'organization/k1/bank'],
    ['organization/m10/bank', 'organization', 'organization/m10/bank'],
    ['task/t1', 'people', 'task/t1'],
  ])('moves folder %s of a %s', (folder, kind, expected) => {
    expect(movedFolder(folder, kind, 'm1', 'k1')).toBe(expected);
  });
});
