import { describe, expect, it } from 'vitest';
import {
  companyTypeOfName,
  companyTypeOfText,
  companyTypesAgree,
  normalizeName,
  organizationDuplicateKey,
  personDuplicateKey,
} from './duplicates';

describe('people duplicates: first + last name, "case, accents, spacing ignored"', () => {
  it.each([
    [
      ['Jean', 'Dupont'],
      ['JEAN', 'dupont'],
    ],
    [
      ['Hélène', 'Lefèvre'],
      ['Helene', 'Lefevre'],
    ],
    [
      ['Seán', "O'Brien"],
      ['sean', "o'brien"],
    ],
    [
      ['  Anne  Marie ', 'Smith'],
      ['AnneMarie', 'Smith'],
    ],
    [
      ['Søren', 'Straße'],
      ['Soren', 'Strasse'],
    ],
  ])('%j and %j are duplicates', ([f1, l1], [f2, l2]) => {
    expect(personDuplicateKey(f1, l1)).toBe(personDuplicateKey(f2, l2));
  });

  it.each([
    [
      ['Ann', 'Marie Smith'],
      ['Ann Marie', 'Smith'],
    ],
    [
      ['Jean', 'Dupont'],
      ['Jeanne', 'Dupont'],
    ],
    [
      ['Jean', 'Dupont'],
      ['Dupont', 'Jean'],
    ],
  ])('%j and %j are not', ([f1, l1], [f2, l2]) => {
    expect(personDuplicateKey(f1, l1)).not.toBe(personDuplicateKey(f2, l2));
  });

  it.each([
    [null, null, '|'],
    ['Zoë', undefined, 'zoe|'],
  ])('copes with missing parts: (%j, %j) → %j', (first, last, key) => {
    expect(personDuplicateKey(first, last)).toBe(key);
  });

  it.each([
    ['Łukasz Æther Œuvre Đorđe', 'lukaszaetheroeuvredorde'],
    [null, ''],
  ])('normalizeName(%j) = %j', (value, expected) => {
    expect(normalizeName(value)).toBe(expected);
  });
});

describe('organization duplicates: name with "case, accents, punctuation, spacing and Irish legal suffixes such as Ltd, Limited, DAC, CLG, PLC, Teoranta ignored"', () => {
  it.each([
    ['Emerald Isle Trading Ltd', 'emeraldisletrading'],
    ['EMERALD ISLE TRADING LIMITED', 'emeraldisletrading'],
    ['Emerald Isle Trading Ltd.', 'emeraldisletrading'],
    ['Emerald-Isle Trading, Limited', 'emeraldisletrading'],
    ['Émerald  Isle   Trading', 'emeraldisletrading'],
    ['Cliste Teoranta', 'cliste'],
    ['Cliste Teo.', 'cliste'],
    ['Harbour Holdings DAC', 'harbourholdings'],
    ['Harbour Holdings D.A.C.', 'harbourholdings'],
    ['Harbour Holdings Designated Activity Company', 'harbourholdings'],
    ['Green Clubs CLG', 'greenclubs'],
    ['Green Clubs Company Limited by Guarantee', 'greenclubs'],
    ['Big Bank PLC', 'bigbank'],
    ['Big Bank p.l.c.', 'bigbank'],
    ['Big Bank Public Limited Company', 'bigbank'],
    ['Open Ventures Unlimited Company', 'openventures'],
    ['Open Ventures UC', 'openventures'],
    ['Acme Holdings Ltd Ltd', 'acmeholdings'], // repeated suffixes
    ["O'Neill & Sons Ltd", 'oneillsons'],
    ['Limited Editions Ltd', 'limitededitions'], // only the trailing suffix goes
    ['Limited', 'limited'], // a name that is only a suffix keeps it
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%j → %j', (name, key) => {
    expect(organizationDuplicateKey(name)).toBe(key);
  });

  it.each([
    ['Acme Ltd', 'Acme Trading Ltd'],
    ['Acme', 'Acmee'],
  ])('%j and %j are not duplicates', (a, b) => {
    expect(organizationDuplicateKey(a)).not.toBe(organizationDuplicateKey(b));
  });
});

describe("a company's type is part of its name's identity", () => {
  it.each([
    ['X Fisheries Teoranta', 'LTD'],
    ['X Fisheries Teo.', 'LTD'],
    ['X Fisheries Ltd', 'LTD'],
    ['X Fisheries Limited', 'LTD'],
    ['X Fisheries Unlimited Company', 'ULC'],
    ['X Fisheries ULC', 'ULC'],
    ['X Fisheries Designated Activity Company', 'DAC'],
    ['X Fisheries D.A.C.', 'DAC'],
    ['X Fisheries CLG', 'CLG'],
    ['X Fisheries Company Limited by Guarantee', 'CLG'],
    ['X Fisheries plc', 'PLC'],
    ['X Fisheries Public Unlimited Company', 'PUC'],
    ['X Fisheries', null],
    ['Limited', null],
  ])('%j is a %j', (name, type) => {
    expect(companyTypeOfName(name)).toBe(type);
  });

  it.each([
    ['LTD - Private Company Limited by Shares', 'LTD'],
    ['ULC - Private Unlimited Company', 'ULC'],
    ['DAC - Designated Activity Company', 'DAC'],
    ['Company Limited by Guarantee', 'CLG'],
    ['Public Limited Company', 'PLC'],
    ['Teoranta', 'LTD'],
    ['External Company', 'external company'],
    ['', null],
  ])('the type written %j is %j', (text, type) => {
    expect(companyTypeOfText(text)).toBe(type);
  });

  it('one name key, two types: two companies; an unknown type agrees with any', () => {
    expect(organizationDuplicateKey('X Fisheries Teoranta')).toBe(
      organizationDuplicateKey('X Fisheries Unlimited Company'),
    );
    expect(companyTypesAgree('LTD', 'ULC')).toBe(false);
    expect(companyTypesAgree('LTD', 'LTD')).toBe(true);
    expect(companyTypesAgree(null, 'ULC')).toBe(true);
    expect(companyTypesAgree('DAC', null)).toBe(true);
  });
});
