import { describe, expect, it } from 'vitest';
import {
  directorNames,
  effectiveBeneficiaryPercentage,
  fullName,
  isBeneficiaryEditable,
  newLinkDefaults,
} from './people';

describe('01-4.5 "Beneficiary percentage is edited only when shareholder is selected. New links start with an empty roles list and beneficiary 0."', () => {
  it('new links: roles [] and beneficiary 0', () => {
    expect(newLinkDefaults()).toEqual({ roles: [], beneficiaryPercentage: 0 });
  });

  // 01-5.4 "Beneficiary percentage: number input 0 to 100, sent only when shareholder is ticked,
  // otherwise 0."
  it.each([
    [['shareholder'], 40, true, 40],
    [['director', 'shareholder'], null, true, 0],
    [['director'], 40, false, 0],
    [[], 100, false, 0],
    [null, 25, false, 0],
  ])('roles %j with %j → editable %s, sent %i', (roles, value, editable, sent) => {
    expect(isBeneficiaryEditable(roles)).toBe(editable);
    expect(effectiveBeneficiaryPercentage(roles, value)).toBe(sent);
  });
});

describe('names', () => {
  it.each([
    [{ firstName: 'Ann', lastName: 'Ryan' }, 'Ann Ryan'],
    [{ firstName: ' Ann ', lastName: null }, 'Ann'],
    [{}, ''],
    [null, ''],
  ])('fullName(%j) = %j', (person, name) => {
    expect(fullName(person)).toBe(name);
  });

  it('Directors column: "first and last names of people with the director role, joined"', () => {
    expect(
      directorNames([
        { roles: ['director'], firstName: 'Ann', lastName: 'Ryan' },
        { roles: ['shareholder'], firstName: 'Bob', lastName: 'Byrne' },
        { roles: ['director', 'secretary'], firstName: 'Cian', lastName: 'Doyle' },
        { roles: null, firstName: 'Dan' },
        { roles: ['director'] },
      ]),
    ).toBe('Ann Ryan, Cian Doyle');
  });
});
