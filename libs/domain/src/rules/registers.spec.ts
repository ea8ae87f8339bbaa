import { describe, expect, it } from 'vitest';
import {
  B10_DAYS,
  B1_DAYS,
  B2_DAYS,
  B5_DAYS,
  annualReturnMissing,
  ardAfterFiledReturn,
  croDeadline,
  defaultBeneficialInterest,
  derivedNextArd,
  heldOn,
  holdingPercentage,
  holdingsFromEntries,
  isBeneficialOwnerShare,
  isShareEntryKind,
  importedSharesError,
  isRegisterKind,
  REGISTER_TITLES,
  issuedShares,
  officerChangeFollowUp,
  percentageMismatch,
  registerAsOf,
  roleDatesError,
  shareEntryError,
  type ShareEntry,
} from './registers';

describe('the CRO gives 14 days for a B10 and a B2, 30 for a B5, 56 after the ARD for a B1', () => {
  it('names the days', () => {
    expect([B10_DAYS, B2_DAYS, B5_DAYS, B1_DAYS]).toEqual([14, 14, 30, 56]);
  });

  it.each([
    ['b10', '2026-03-01', '2026-03-15'],
    ['b10', '2026-12-25', '2027-01-08'],
    ['b2', '2026-02-20', '2026-03-06'],
    ['b5', '2026-01-31', '2026-03-02'],
    ['b1', '2026-06-30', '2026-08-25'],
  ] as const)('%s for a change on %s: file by %s', (form, date, deadline) => {
    expect(croDeadline(form, date)).toBe(deadline);
  });
});

describe('an officer change starts its follow-up', () => {
  it.each([
    [['director'], 'appointed', 'CHANGE_OF_DIRECTOR'],
    [['nomineeDirector'], 'appointed', 'CHANGE_OF_DIRECTOR'],
    [['secretary'], 'appointed', 'CHANGE_OF_SECRETARY'],
    [['director', 'secretary'], 'appointed', 'CHANGE_OF_DIRECTOR'],
    [['secretary'], 'ceased', 'CESSATION_OF_DIRECTOR_SECRETARY'],
    [['director', 'shareholder'], 'ceased', 'CESSATION_OF_DIRECTOR_SECRETARY'],
    [['shareholder'], 'appointed', null],
    [['other'], 'ceased', null],
    [[], 'appointed', null],
  ] as const)('%j %s → %s', (roles, change, type) => {
    expect(officerChangeFollowUp(roles, change)).toBe(type);
  });
});

describe('a role is held from its appointment to the day before its cessation', () => {
  it.each([
    [null, null, '2026-01-01', true],
    ['2025-03-01', null, '2025-02-28', false],
    ['2025-03-01', null, '2025-03-01', true],
    ['2025-03-01', '2026-03-01', '2026-02-28', true],
    ['2025-03-01', '2026-03-01', '2026-03-01', false],
    [null, '2024-01-01', '2023-12-31', true],
    [null, '2024-01-01', '2024-06-01', false],
  ] as const)('appointed %s, ceased %s, on %s: %s', (appointedOn, ceasedOn, asOf, held) => {
    expect(heldOn({ appointedOn, ceasedOn }, asOf)).toBe(held);
  });

  it('a register as of last year shows who held office then', () => {
    const rows = [
      { id: 'former', appointedOn: '2020-01-01', ceasedOn: '2025-06-30' },
      { id: 'current', appointedOn: '2025-07-01', ceasedOn: null },
      { id: 'unknown', appointedOn: null, ceasedOn: null },
    ];
    expect(registerAsOf(rows, '2025-01-01').map((row) => row.id)).toEqual(['former', 'unknown']);
    expect(registerAsOf(rows, '2026-01-01').map((row) => row.id)).toEqual(['current', 'unknown']);
  });

  it.each([
    ['2026-01-01', '2025-12-31', 'ceasedOn must not be before appointedOn'],
    ['2026-01-01', '2026-01-01', null],
    [null, '2026-01-01', null],
    ['2026-01-01', null, null],
  ] as const)('appointed %s, ceased %s: %s', (appointedOn, ceasedOn, error) => {
    expect(roleDatesError({ appointedOn, ceasedOn })).toBe(error);
  });
});

const allot = (date: string, to: string, shares: number, shareClassId = 'ord'): ShareEntry => ({
  kind: 'allotment',
  date,
  shareClassId,
  shares,
  toPeopleId: to,
  fromPeopleId: null,
});
const transfer = (date: string, from: string, to: string, shares: number): ShareEntry => ({
  kind: 'transfer',
  date,
  shareClassId: 'ord',
  shares,
  toPeopleId: to,
  fromPeopleId: from,
});

describe('holdings follow from the entries', () => {
  const entries = [
    allot('2024-01-10', 'ann', 100),
    allot('2024-01-10', 'bob', 50),
    transfer('2025-05-01', 'bob', 'cat', 50),
    allot('2025-06-01', 'ann', 10, 'pref'),
  ];

  it.each([
    ['2024-01-09', []],
    [
      '2024-01-10',
      [
        ['ann', 'ord', 100, '2024-01-10', null],
        ['bob', 'ord', 50, '2024-01-10', null],
      ],
    ],
    [
      '2025-05-01',
      [
        ['ann', 'ord', 100, '2024-01-10', null],
        ['bob', 'ord', 0, '2024-01-10', '2025-05-01'],
        ['cat', 'ord', 50, '2025-05-01', null],
      ],
    ],
    [
      '2026-01-01',
      [
        ['ann', 'ord', 100, '2024-01-10', null],
        ['bob', 'ord', 0, '2024-01-10', '2025-05-01'],
        ['cat', 'ord', 50, '2025-05-01', null],
        ['ann', 'pref', 10, '2025-06-01', null],
      ],
    ],
  ] as const)('as of %s', (asOf, expected) => {
    expect(
      holdingsFromEntries(entries, asOf).map((h) => [
        h.peopleId,
        h.shareClassId,
        h.shares,
        h.enteredOn,
        h.ceasedOn,
      ]),
    ).toEqual(expected);
  });

  it('without a date, every entry', () => {
    expect(holdingsFromEntries(entries)).toHaveLength(4);
  });

  it('a member who comes back keeps the date first entered and is current again', () => {
    const back = [...entries, transfer('2025-09-01', 'cat', 'bob', 20)];
    const bob = holdingsFromEntries(back).find((h) => h.peopleId === 'bob');
    expect(bob).toEqual({
      peopleId: 'bob',
      shareClassId: 'ord',
      shares: 20,
      enteredOn: '2024-01-10',
      ceasedOn: null,
    });
  });

  it('the issued capital is the allotments by class', () => {
    expect([...issuedShares(entries, '2025-12-31')]).toEqual([
      ['ord', 150],
      ['pref', 10],
    ]);
    expect([...issuedShares(entries, '2024-01-01')]).toEqual([]);
    expect([...issuedShares(entries)]).toHaveLength(2);
  });

  it.each([
    ['allotment', true],
    ['transfer', true],
    ['gift', false],
  ])('%s is a kind: %s', (kind, valid) => {
    expect(isShareEntryKind(kind)).toBe(valid);
  });
});

describe('a transfer of more shares than held is refused', () => {
  const entries = [allot('2024-01-10', 'ann', 100), transfer('2025-01-01', 'ann', 'bob', 60)];

  it.each([
    [allot('2026-01-01', 'cat', 5), null],
    [{ ...allot('2026-01-01', 'cat', 5), fromPeopleId: 'ann' }, 'An allotment has no fromPeopleId'],
    [
      { ...transfer('2026-01-01', 'ann', 'bob', 5), fromPeopleId: null },
      'A transfer needs fromPeopleId',
    ],
    [transfer('2026-01-01', 'ann', 'ann', 5), 'A transfer is to another member'],
    [transfer('2026-01-01', 'ann', 'cat', 40), null],
    [
      transfer('2026-01-01', 'ann', 'cat', 41),
      'The transferor holds 40 shares of this class on 2026-01-01; 41 cannot be transferred',
    ],
    [
      transfer('2023-12-31', 'ann', 'cat', 1),
      'The transferor holds 0 shares of this class on 2023-12-31; 1 cannot be transferred',
    ],
    // Backdated before the later transfer: ann held 100 then, but 60 leave her on 2025-01-01.
    [
      transfer('2024-06-01', 'ann', 'cat', 50),
      'The transferor holds 100 shares of this class on 2024-06-01; 50 cannot be transferred',
    ],
    [transfer('2024-06-01', 'ann', 'cat', 40), null],
  ] as const)('%j → %s', (entry, error) => {
    expect(shareEntryError(entries, entry)).toBe(error);
  });
});

describe('the percentage check', () => {
  it.each([
    [50, 100, 50],
    [1, 3, 33.33],
    [2, 3, 66.67],
    [5, 0, 0],
  ])('%i of %i shares is %d %%', (held, issued, percentage) => {
    expect(holdingPercentage(held, issued)).toBe(percentage);
  });

  it.each([
    [50, 50, 100, null],
    [33.33, 1, 3, null],
    // 0.01 apart is within the tolerance (a float subtraction says 0.010000000000005116).
    [33.34, 1, 3, null],
    [33.32, 1, 3, null],
    [33.35, 1, 3, 33.33],
    [33, 1, 3, 33.33],
    [0, 25, 100, 25],
    [40, 0, 0, null],
  ])('stated %d %%, %i of %i shares: mismatch %j', (stated, held, issued, mismatch) => {
    expect(percentageMismatch(stated, held, issued)).toBe(mismatch);
  });

  it.each([
    [25, false],
    [25.01, true],
    [100, true],
    [0, false],
  ])('a beneficial owner holds more than 25 %%: %d → %s', (percentage, owner) => {
    expect(isBeneficialOwnerShare(percentage)).toBe(owner);
  });

  it('words the default interest', () => {
    expect(defaultBeneficialInterest(40)).toBe('Holds 40.00 % of the shares');
  });
});

describe('the ARD: six months after incorporation, then each anniversary', () => {
  it.each([
    // incorporated, today, next ARD
    ['2025-01-15', '2025-03-01', '2025-07-15'],
    ['2025-01-15', '2025-09-09', '2025-07-15'], // its filing deadline (56 days) is that very day
    ['2025-01-15', '2025-09-10', '2026-07-15'],
    ['2020-08-31', '2026-11-28', '2027-02-28'], // February clamps
    ['2024-02-29', '2026-01-01', '2026-08-29'],
  ])('incorporated %s, on %s: %s', (incorporated, today, ard) => {
    expect(derivedNextArd(incorporated, today)).toBe(ard);
  });

  it.each([
    ['2025-07-15', '2026-07-15'],
    ['2024-02-29', '2025-02-28'],
  ])('an annual return filed for %s moves the next ARD to %s', (ard, next) => {
    expect(ardAfterFiledReturn(ard)).toBe(next);
  });
});

describe("the annual return's check lists what is missing", () => {
  const director = {
    name: 'Ann Byrne',
    roles: ['director'],
    dateOfBirth: '1980-01-01',
    address: '1 Main St',
  };
  it.each([
    [
      {
        officers: [director],
        registeredOffice: 'Dublin 2',
        classes: [{ name: 'Ordinary', issued: 100, held: 100 }],
      },
      [],
    ],
    [
      {
        officers: [{ ...director, dateOfBirth: null, address: null }],
        registeredOffice: null,
        classes: [{ name: 'Ordinary', issued: 100, held: 90 }],
      },
      [
        'The registered office address is not recorded',
        'Ann Byrne: no date of birth',
        'Ann Byrne: no address',
        'Ordinary: members hold 90 shares of 100 issued',
      ],
    ],
    [
      { officers: [{ ...director, roles: ['secretary'] }], registeredOffice: 'Cork', classes: [] },
      ['No director held office at the ARD', 'No share capital is recorded'],
    ],
  ])('%#', (input, missing) => {
    expect(annualReturnMissing(input)).toEqual(missing);
  });
});

describe('the three registers', () => {
  it.each([
    ['directors-secretaries', 'Register of directors and secretaries'],
    ['members', 'Register of members'],
    ['beneficial-owners', 'Register of beneficial owners'],
  ] as const)('%s is titled "%s"', (kind, title) => {
    expect(isRegisterKind(kind)).toBe(true);
    expect(REGISTER_TITLES[kind]).toBe(title);
  });

  it('knows no other', () => {
    expect(isRegisterKind('charges')).toBe(false);
  });
});

describe('an imported holding: "Shares" and "Class"', () => {
  it.each([
    [undefined, undefined, null],
    [null, 'Ordinary', 'Class goes with Shares'],
    [100, undefined, null],
    [100, 'Preference', null],
    [1, null, null],
    [1_000_000_000, null, null],
    [0, null, 'Shares must be a whole number from 1 to 1000000000'],
    [1_000_000_001, null, 'Shares must be a whole number from 1 to 1000000000'],
    [2.5, null, 'Shares must be a whole number from 1 to 1000000000'],
    ['12', null, 'Shares must be a whole number from 1 to 1000000000'],
    [5, 'x'.repeat(101), 'Class must be at most 100 characters'],
  ])('shares %j, class %j: %j', (shares, shareClass, error) => {
    expect(importedSharesError(shares, shareClass)).toBe(error);
  });
});
