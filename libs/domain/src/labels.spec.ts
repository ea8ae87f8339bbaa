import { describe, expect, it } from 'vitest';
import { FOLLOW_UP_CATALOGUE, FOLLOW_UP_TYPES } from './catalogue/follow-up-types';
import { USER_ROLES, USER_STATUSES } from './contract/users';
import {
  CREATION_PACKAGES,
  CREATION_STATUSES,
  EMAIL_EVENTS,
  FINOTOR_FILTERS,
  FINOTOR_STATUSES,
  FOLLOW_UP_COMPANIES,
  LANGUAGES,
  MAIL_STATUSES,
  ORDER_ORIGINS,
  ORDER_ORIGIN_FILTERS,
  PERSON_TYPES,
  PUBLIC_FORM_ROLES,
  RISK_ASSESSMENTS,
  RISK_LEVELS,
  SERVICES,
  SUBSCRIPTION_STATUSES,
  TASK_STATUSES,
} from './enums';
import {
  B1B73_HINT,
  B1B73_LABEL,
  BILAN_LABEL,
  CREATION_PACKAGE_LABELS,
  CREATION_STATUS_LABELS,
  EMAIL_EVENT_LABELS,
  FINOTOR_FILTER_LABELS,
  FINOTOR_STATUS_LABELS,
  FOLLOW_UP_COMPANY_LABELS,
  IMPORT_KIND_LABELS,
  IMPORT_STATUS_LABELS,
  LANGUAGE_LABELS,
  MAIL_STATUS_LABELS,
  NOT_ASSESSED,
  NOT_SET,
  NOT_SET_FILTER_LABELS,
  ORDER_ORGANIZATION_FILTER_LABELS,
  ORDER_ORIGIN_FILTER_LABELS,
  ORDER_ORIGIN_LABELS,
  PERSON_ROLE_LABELS,
  PERSON_TYPE_LABELS,
  PUBLIC_FORM_ROLE_LABELS,
  RISK_ASSESSMENT_LABELS,
  RISK_LEVEL_LABELS,
  SERVICE_LABELS,
  SUBSCRIPTION_STATUS_LABELS,
  TASK_STATUS_LABELS,
  USER_ROLE_LABELS,
  USER_STATUS_LABELS,
  creationStatusInWords,
  firstArStatusLabel,
  followUpName,
  inWords,
  labelledOptions,
  orNotSet,
  orderOriginName,
  riskLevelInWords,
} from './labels';
import { IMPORT_KINDS, IMPORT_STATUSES } from './rules/import';

/** Every map, the codes it must cover, and its words in the codes' order. */
const MAPS: Array<[string, readonly string[], Readonly<Record<string, string>>, string[]]> = [
  [
    'creation statuses',
    CREATION_STATUSES,
    CREATION_STATUS_LABELS,
    ['In progress', 'Completed', 'Strike off', 'Late'],
  ],
  [
    'creation packages',
    CREATION_PACKAGES,
    CREATION_PACKAGE_LABELS,
    ['Fast creation', 'Full pack', 'Premium pack', 'Holding', 'Real estate pack'],
  ],
  [
    'signup-app statuses',
    FINOTOR_STATUSES,
    FINOTOR_STATUS_LABELS,
    ['Not sent', 'Sent', 'Registered', 'Stopped'],
  ],
  [
    'signup-app filters',
    FINOTOR_FILTERS,
    FINOTOR_FILTER_LABELS,
    ['OK (registered)', 'Late (not registered)', 'Stopped'],
  ],
  ['languages', LANGUAGES, LANGUAGE_LABELS, ['English', 'French']],
  [
    'services',
    SERVICES,
    SERVICE_LABELS,
    ['Domiciliation', 'Secretary company', 'Anonymous shareholder'],
  ],
  [
    'roles',
    PUBLIC_FORM_ROLES,
    PERSON_ROLE_LABELS,
    ['Director', 'Secretary', 'Shareholder', 'Nominee director', 'Non-executive director', 'Other'],
  ],
  [
    'roles on the public form (French)',
    PUBLIC_FORM_ROLES,
    PUBLIC_FORM_ROLE_LABELS,
    [
      'Directeur',
      'Secrétaire',
      'Actionnaire',
      'Directeur nominé',
      'Directeur non exécutif',
      'Autre',
    ],
  ],
  [
    'person types',
    PERSON_TYPES,
    PERSON_TYPE_LABELS,
    ['Natural person', 'Legal person (a company)'],
  ],
  ['account roles', USER_ROLES, USER_ROLE_LABELS, ['Administrator', 'Staff']],
  ['account statuses', USER_STATUSES, USER_STATUS_LABELS, ['Invited', 'Active', 'Deactivated']],
  ['task statuses', TASK_STATUSES, TASK_STATUS_LABELS, ['To do', 'In progress', 'Done']],
  [
    'subscription statuses',
    SUBSCRIPTION_STATUSES,
    SUBSCRIPTION_STATUS_LABELS,
    ['Current', 'Cancelled', 'Unpaid'],
  ],
  [
    'follow-up companies',
    FOLLOW_UP_COMPANIES,
    FOLLOW_UP_COMPANY_LABELS,
    [
      'NEOTORIA (company secretarial: CRO filings and registers)',
      'NEO CIRCLE (accounting, tax, payroll and banking)',
    ],
  ],
  [
    'order origins',
    ORDER_ORIGINS,
    ORDER_ORIGIN_LABELS,
    ['NEO CIRCLE (accounting, tax, payroll and banking)', 'Nomad'],
  ],
  [
    'order origin filter',
    ORDER_ORIGIN_FILTERS,
    ORDER_ORIGIN_FILTER_LABELS,
    ['NEO CIRCLE (accounting, tax, payroll and banking)', 'Nomad', 'No origin'],
  ],
  ['AML risk levels', RISK_LEVELS, RISK_LEVEL_LABELS, ['High', 'Medium', 'Low']],
  [
    'AML risk assessments',
    RISK_ASSESSMENTS,
    RISK_ASSESSMENT_LABELS,
    ['Simplified', 'Normal', 'Enhanced'],
  ],
  ['mail statuses', MAIL_STATUSES, MAIL_STATUS_LABELS, ['Queued', 'Sent', 'Delivered', 'Failed']],
  ['e-mail events', EMAIL_EVENTS, EMAIL_EVENT_LABELS, ['Delivered', 'Failed', 'Other']],
  [
    'import kinds',
    IMPORT_KINDS,
    IMPORT_KIND_LABELS,
    [
      'Organizations',
      'People',
      'Roles (people in organizations)',
      'Combined (one row per person in a company)',
    ],
  ],
  [
    'import statuses',
    IMPORT_STATUSES,
    IMPORT_STATUS_LABELS,
    [
      'Uploaded',
      'Checking',
      'Check failed',
      'Checked',
      'Running',
      'Done',
      'Failed',
      'Undoing',
      'Undone',
      'Undo stopped',
    ],
  ],
];

describe('every code the API keeps is shown in words', () => {
  it.each(MAPS)('%s: one label per code, in words', (_, codes, labels, words) => {
    expect(Object.keys(labels).sort()).toEqual([...codes].sort());
    expect(codes.map((code) => labels[code])).toEqual(words);
    for (const word of Object.values(labels)) {
      // Words start with a capital and never shout the code back (the group's names aside).
      expect(word).toMatch(/^[A-Z]/);
      expect(word.replace(/NEOTORIA|NEO CIRCLE|CRO|OK/g, '')).not.toMatch(/[A-Z]{2,}|_/);
    }
  });

  it('a task status has one spelling: "To do", never TODO or TO DO', () => {
    expect(TASK_STATUS_LABELS['TO DO']).toBe('To do');
  });
});

describe('a code in words, whatever comes', () => {
  it.each([
    ['COMPLETED', 'Completed'],
    // A newer server's value is shown as it came rather than hidden.
    ['DISSOLVED', 'DISSOLVED'],
    ['', 'Not set'],
    ['  ', 'Not set'],
    [null, 'Not set'],
    [42, 'Not set'],
    // Not a label of the map, even though every object has it.
    ['toString', 'toString'],
  ])('inWords(%j) → %s', (value, words) => {
    expect(inWords(CREATION_STATUS_LABELS, value)).toBe(words);
  });

  it.each([
    ['STRIKE_OFF', 'Strike off'],
    ['in_progress', 'Not set'],
    ['', 'Not set'],
    [undefined, 'Not set'],
  ])('creation status %j → %s (anything else is shown as not set)', (value, words) => {
    expect(creationStatusInWords(value)).toBe(words);
  });

  it('select options keep the code as the value and show the words', () => {
    expect(labelledOptions(TASK_STATUSES, TASK_STATUS_LABELS)).toEqual([
      { value: 'TO DO', label: 'To do' },
      { value: 'IN PROGRESS', label: 'In progress' },
      { value: 'DONE', label: 'Done' },
    ]);
  });

  it.each([
    [true, 'Done'],
    [false, 'Pending'],
    [null, 'Pending'],
  ])('first AR status %j → %s', (done, words) => {
    expect(firstArStatusLabel(done)).toBe(words);
  });
});

describe('an empty value is "Not set", never N/A', () => {
  it('is the words every screen shows', () => {
    expect(NOT_SET).toBe('Not set');
  });

  it.each([
    ['welcome', 'welcome'],
    ['', 'Not set'],
    ['  ', 'Not set'],
    [null, 'Not set'],
    [undefined, 'Not set'],
  ])('a free text %j is shown as %j (an e-mail tag, a message id)', (text, shown) => {
    expect(orNotSet(text)).toBe(shown);
  });

  it('the filters keep the API’s N/A as their value and say what it matches', () => {
    expect(NOT_SET_FILTER_LABELS).toEqual({ 'N/A': 'Not set' });
    expect(ORDER_ORGANIZATION_FILTER_LABELS).toEqual({ 'N/A': 'No organization' });
    expect(ORDER_ORIGIN_FILTER_LABELS['N/A']).toBe('No origin');
  });
});

describe('follow-ups by their catalogue names', () => {
  it.each(FOLLOW_UP_TYPES.map((type) => [type, FOLLOW_UP_CATALOGUE[type].displayName]))(
    '%s → %s',
    (type, name) => {
      expect(followUpName(type)).toBe(name);
    },
  );

  it.each([
    ['INCORPORATION', 'Incorporation'],
    ['COMPTE_BANCAIRE', 'Bank Account'],
    ['SOMETHING_NEWER', 'SOMETHING_NEWER'],
    [null, 'Not set'],
  ])('%j → %s', (type, name) => {
    expect(followUpName(type)).toBe(name);
  });
});

describe('AML risk: one "Not assessed" everywhere', () => {
  it.each([
    ['high', 'High'],
    ['medium', 'Medium'],
    ['low', 'Low'],
    [null, 'Not assessed'],
    [undefined, 'Not assessed'],
    ['none', 'Not assessed'],
    ['HIGH', 'Not assessed'],
  ])('%j → %s', (level, words) => {
    expect(riskLevelInWords(level)).toBe(words);
  });

  it('is the constant the screens compare with', () => {
    expect(NOT_ASSESSED).toBe('Not assessed');
  });
});

describe('order origins in a cell: the company by name', () => {
  it.each([
    ['NEOCIRCLE', 'NEO CIRCLE'],
    ['NOMAD', 'Nomad'],
    [null, 'Not set'],
    ['ELSEWHERE', 'ELSEWHERE'],
  ])('%j → %s', (origin, words) => {
    expect(orderOriginName(origin)).toBe(words);
  });
});

describe('the firm’s own words, explained', () => {
  it('keeps "Bilan" with its English beside it', () => {
    expect(BILAN_LABEL).toBe('Bilan (balance sheet)');
  });

  it('writes B1/B73 one way and says which CRO forms it names', () => {
    expect(B1B73_LABEL).toBe('B1/B73');
    expect(B1B73_HINT).toBe('CRO form B1 (annual return) or B73 (a new annual return date)');
  });
});
