import { describe, expect, it } from 'vitest';
import {
  FIRST_STEP_LABEL,
  FOLLOW_UP_CATALOGUE,
  FOLLOW_UP_TYPES,
  LAST_STEP_LABEL,
  isFollowUpType,
} from './follow-up-types';

describe('"Process type catalogue": the 21 types', () => {
  it('holds exactly the 21 types of the catalogue, each under its own name', () => {
    expect(FOLLOW_UP_TYPES).toHaveLength(21);
    expect(Object.keys(FOLLOW_UP_CATALOGUE).sort()).toEqual([...FOLLOW_UP_TYPES].sort());
    for (const type of FOLLOW_UP_TYPES) expect(FOLLOW_UP_CATALOGUE[type].name).toBe(type);
  });

  it.each([
    ['AR_TRADING', true],
    ['VAT_REGISTRATION', true],
    ['ANNUAL_RETURN', false],
    [12, false],
  ])('isFollowUpType(%j) is %s', (value, expected) => {
    expect(isFollowUpType(value)).toBe(expected);
  });

  it('every display name is unique and not empty', () => {
    const names = FOLLOW_UP_TYPES.map((type) => FOLLOW_UP_CATALOGUE[type].displayName);
    expect(new Set(names).size).toBe(21);
    expect(names.every((name) => name.trim().length > 0)).toBe(true);
  });
});

describe('01-4.12 "Last step index per type" and "from 0 \'Start of the process\' to a final \'End of the process\'"', () => {
  it.each([
    ['AR_NO_TRADING', 8],
    ['AR_TRADING', 12],
    ['CESSATION_OF_DIRECTOR_SECRETARY', 2],
    ['CHANGE_OF_DIRECTOR', 7],
    ['CHANGE_OF_SECRETARY', 7],
    ['CHANGE_OF_REGISTERED_ADDRESS', 5],
    ['CHANGE_OF_SHAREHOLDER', 5],
    ['COMPTE_BANCAIRE', 8],
    ['CORPORATION_TAX_REGISTRATION', 7],
    ['DISTRICT_COURT', 13],
    ['EORI_REGISTRATION', 4],
    ['FIRST_AR', 7],
    ['INCORPORATION', 10],
    ['INCOME_TAX_REGISTRATION', 4],
    ['PAYSLIPS', 7],
    ['PPS', 6],
    ['RBO_UPDATED', 3],
    ['REGISTRATION_OF_BUSINESS_NAME', 6],
    ['STRIKE_OFF', 8],
    ['STRIKE_OFF_NO_TRADING', 8],
    ['VAT_REGISTRATION', 5],
  ] as const)('%s: steps 0 to %i', (type, last) => {
    const { steps } = FOLLOW_UP_CATALOGUE[type];
    expect(steps).toHaveLength(last + 1);
    expect(steps[0]).toBe(FIRST_STEP_LABEL);
    expect(steps[last]).toBe(LAST_STEP_LABEL);
    expect(FIRST_STEP_LABEL).toBe('Start of the process');
    expect(LAST_STEP_LABEL).toBe('End of the process');
    // Numbered steps a staff member recognises: short, distinct, none left blank.
    const middle = steps.slice(1, -1);
    expect(new Set(middle).size).toBe(middle.length);
    for (const label of middle) {
      expect(label.trim()).toBe(label);
      expect(label.length).toBeGreaterThan(3);
      expect(label.length).toBeLessThanOrEqual(70);
      expect(label).not.toMatch(/TODO|TBD|placeholder|step \d/i);
    }
  });
});

const labelsOf = (type: keyof typeof FOLLOW_UP_CATALOGUE) =>
  FOLLOW_UP_CATALOGUE[type].steps.map((label) => label.toLowerCase());

describe('01-4.12 the step labels the rule quotes', () => {
  it('CHANGE_OF_SECRETARY 7 "(documents with customer, documents received, change in progress, signature page with customer / received / uploaded, payment)"', () => {
    expect(labelsOf('CHANGE_OF_SECRETARY')).toEqual([
      'start of the process',
      'documents with customer',
      'documents received',
      'change in progress',
      'signature page with customer',
      'signature page received and uploaded',
      'payment',
      'end of the process',
    ]);
  });

  it('CHANGE_OF_SHAREHOLDER 5 "(ends with awaiting annual return date, B1 information updated)"', () => {
    expect(labelsOf('CHANGE_OF_SHAREHOLDER').slice(-3)).toEqual([
      'awaiting annual return date',
      'b1 information updated',
      'end of the process',
    ]);
  });

  it('COMPTE_BANCAIRE 8 "(e-mail sent, bank form received, bank documents received, RBO completed, awaiting bank screening, uploading on bank site, awaiting bank comments)"', () => {
    expect(labelsOf('COMPTE_BANCAIRE').slice(1, -1)).toEqual([
      'e-mail sent',
      'bank form received',
      'bank documents received',
      'rbo completed',
      'awaiting bank screening',
      'uploading on bank site',
      'awaiting bank comments',
    ]);
  });

  it.each(['STRIKE_OFF', 'STRIKE_OFF_NO_TRADING'] as const)(
    '%s 8 "(corporation tax cancellation, awaiting letter of no objection, awaiting legal notice, strike off in progress, signature steps)"',
    (type) => {
      const labels = labelsOf(type);
      const at = (label: string) => labels.indexOf(label);
      for (const quoted of [
        'corporation tax cancellation',
        'awaiting letter of no objection',
        'awaiting legal notice',
        'strike off in progress',
      ]) {
        expect(at(quoted)).toBeGreaterThan(0);
      }
      expect(labels.filter((label) => label.startsWith('signature page'))).toHaveLength(3);
      // The procedure's order: tax first, the CRO's strike off last.
      expect(at('corporation tax cancellation')).toBe(1);
      expect(at('strike off in progress')).toBe(7);
    },
  );
});

describe('01-9.5 "Process deadlines in days: AR_NO_TRADING, AR_TRADING, FIRST_AR, STRIKE_OFF, STRIKE_OFF_NO_TRADING 56; COMPTE_BANCAIRE 15; INCORPORATION 10; all others 0. ardEnabled true for AR_NO_TRADING, AR_TRADING, FIRST_AR, STRIKE_OFF, STRIKE_OFF_NO_TRADING"', () => {
  const fiftySix = [
    'AR_NO_TRADING',
    'AR_TRADING',
    'FIRST_AR',
    'STRIKE_OFF',
    'STRIKE_OFF_NO_TRADING',
  ];
  it.each(FOLLOW_UP_TYPES.map((type) => [type]))('%s', (type) => {
    const expectedDays = fiftySix.includes(type)
      ? 56
      : type === 'COMPTE_BANCAIRE'
        ? 15
        : type === 'INCORPORATION'
          ? 10
          : 0;
    expect(FOLLOW_UP_CATALOGUE[type].deadlineDays).toBe(expectedDays);
    expect(FOLLOW_UP_CATALOGUE[type].ardEnabled).toBe(fiftySix.includes(type));
  });
});

describe('"Two companies own these processes: NEOTORIA and NEO CIRCLE" (ADR 0004)', () => {
  it.each([
    [
      'NEOTORIA',
      [
        'AR_NO_TRADING',
        'AR_TRADING',
        'CESSATION_OF_DIRECTOR_SECRETARY',
        'CHANGE_OF_DIRECTOR',
        'CHANGE_OF_REGISTERED_ADDRESS',
        'CHANGE_OF_SECRETARY',
        'CHANGE_OF_SHAREHOLDER',
        'DISTRICT_COURT',
        'FIRST_AR',
        'INCORPORATION',
        'RBO_UPDATED',
        'REGISTRATION_OF_BUSINESS_NAME',
        'STRIKE_OFF',
        'STRIKE_OFF_NO_TRADING',
      ],
    ],
    [
      'NEO CIRCLE',
      [
        'COMPTE_BANCAIRE',
        'CORPORATION_TAX_REGISTRATION',
        'EORI_REGISTRATION',
        'INCOME_TAX_REGISTRATION',
        'PAYSLIPS',
        'PPS',
        'VAT_REGISTRATION',
      ],
    ],
  ])('%s owns %j', (company, types) => {
    const owned = FOLLOW_UP_TYPES.filter((type) => FOLLOW_UP_CATALOGUE[type].company === company);
    expect([...owned].sort()).toEqual([...types].sort());
  });
});
