import { describe, expect, it } from 'vitest';
import {
  checkImportMapping,
  formatImportLimit,
  guessImportMapping,
  IMPORT_CELL_MAX_CHARS,
  IMPORT_COLUMNS_MAX,
  IMPORT_IGNORED_EXPORT_HEADERS,
  IMPORT_ROW_MAX_BYTES,
  IMPORT_ROWS_MAX,
  IMPORT_UNDO_DAYS,
  IMPORT_XLSX_ENTRIES_MAX,
  IMPORT_XLSX_PART_MAX_BYTES,
  IMPORT_XLSX_SHARED_STRINGS_MAX,
  IMPORT_XLSX_SHARED_STRINGS_MAX_BYTES,
  IMPORT_XLSX_UNPACKED_MAX_BYTES,
  importCellText,
  importFieldsOf,
  isImportKind,
  normalizeImportHeader,
  parseImportBoolean,
  parseImportCell,
  parseImportDate,
  parseImportNumber,
  parseImportRoles,
  splitFullName,
} from './import';
import { importLinkSchema, importOrganizationSchema, importPersonSchema } from '../validation';

describe('import limits', () => {
  it('undo is offered for 30 days; at most 200 columns are read', () => {
    expect(IMPORT_UNDO_DAYS).toBe(30);
    expect(IMPORT_COLUMNS_MAX).toBe(200);
  });

  // docs/api/import.md, "Limits": each named, each with the words a refusal uses.
  it.each([
    ['IMPORT_ROWS_MAX', IMPORT_ROWS_MAX, 'count', '500 000'],
    ['IMPORT_CELL_MAX_CHARS', IMPORT_CELL_MAX_CHARS, 'count', '32 767'],
    ['IMPORT_ROW_MAX_BYTES', IMPORT_ROW_MAX_BYTES, 'bytes', '1 MiB'],
    ['IMPORT_XLSX_ENTRIES_MAX', IMPORT_XLSX_ENTRIES_MAX, 'count', '10 000'],
    ['IMPORT_XLSX_UNPACKED_MAX_BYTES', IMPORT_XLSX_UNPACKED_MAX_BYTES, 'bytes', '512 MiB'],
    ['IMPORT_XLSX_SHARED_STRINGS_MAX', IMPORT_XLSX_SHARED_STRINGS_MAX, 'count', '1 000 000'],
    [
      'IMPORT_XLSX_SHARED_STRINGS_MAX_BYTES',
      IMPORT_XLSX_SHARED_STRINGS_MAX_BYTES,
      'bytes',
      '32 MiB',
    ],
    ['IMPORT_XLSX_PART_MAX_BYTES', IMPORT_XLSX_PART_MAX_BYTES, 'bytes', '8 MiB'],
  ] as const)('%s is %s (%s): "%s"', (_name, value, unit, words) => {
    expect(formatImportLimit(value, unit)).toBe(words);
  });

  it.each([
    [0, 'count', '0'],
    [999, 'count', '999'],
    [1000, 'count', '1 000'],
    [1234567, 'count', '1 234 567'],
    [512, 'bytes', '512 bytes'],
    [2048, 'bytes', '2 KiB'],
    [100 * 1024 * 1024, 'bytes', '100 MiB'],
    [1024 * 1024 + 1, 'bytes', '1 048 577 bytes'],
  ] as const)('formatImportLimit(%i, %s) = "%s"', (value, unit, words) => {
    expect(formatImportLimit(value, unit)).toBe(words);
  });

  it.each([
    ['organizations', true],
    ['people', true],
    ['roles', true],
    ['combined', true],
    ['orders', false],
    [3, false],
  ])('isImportKind(%s) = %s', (value, expected) => {
    expect(isImportKind(value)).toBe(expected);
  });
});

describe('the mapping guessed from the headers', () => {
  it("the product's own export headers map exactly (export → import round-trips)", () => {
    expect(
      guessImportMapping('organizations', [
        'Name',
        'CRO',
        'Incorporation date',
        ...IMPORT_IGNORED_EXPORT_HEADERS.slice(0, 1),
        'Next AR reminder',
        'Creation status',
        'Assigned users',
        'Created at',
      ]),
    ).toEqual({
      Name: 'organization.name',
      CRO: 'organization.cro',
      'Incorporation date': 'organization.incorporationDate',
      'First AR': null,
      'Next AR reminder': 'organization.nextArReminder',
      'Creation status': 'organization.creationStatus',
      'Assigned users': null,
      'Created at': null,
    });
    expect(
      guessImportMapping('people', [
        'First Name',
        'Last Name',
        'Email',
        'Created At',
        'Nationality',
        'Country',
        'VIF',
      ]),
    ).toEqual({
      'First Name': 'person.firstName',
      'Last Name': 'person.lastName',
      Email: 'person.mail',
      'Created At': null,
      Nationality: 'person.nationality',
      Country: 'person.country',
      VIF: 'person.vif',
    });
  });

  it.each([
    ['Company name', 'organizations', 'organization.name'],
    ['CRO number', 'organizations', 'organization.cro'],
    ['Company No', 'organizations', 'organization.cro'],
    ['Date of incorporation', 'organizations', 'organization.incorporationDate'],
    ['Director', 'combined', 'person.fullName'],
    ['Shareholding %', 'combined', 'link.beneficiaryPercentage'],
    ['Role', 'roles', 'link.roles'],
    ['Surname', 'people', 'person.lastName'],
    ['Name', 'organizations', 'organization.name'],
    ['Name', 'people', 'person.fullName'],
    ['Name', 'combined', null],
    ['Favourite colour', 'organizations', null],
  ] as const)('"%s" in a %s file → %s', (header, kind, field) => {
    expect(guessImportMapping(kind, [header])[header]).toBe(field);
  });

  it('a field is fed by the first column naming it only', () => {
    expect(guessImportMapping('organizations', ['Company', 'Company name'])).toEqual({
      Company: 'organization.name',
      'Company name': null,
    });
  });

  it('headers compare without case, accents or signs', () => {
    expect(normalizeImportHeader('  Shareholding  % ')).toBe('shareholding');
    expect(normalizeImportHeader('Dáta')).toBe('data');
  });

  it('each kind fills its own fields', () => {
    expect(importFieldsOf('organizations').every((f) => f.record === 'organization')).toBe(true);
    expect(importFieldsOf('people').every((f) => f.record === 'person')).toBe(true);
    expect(importFieldsOf('roles').map((f) => f.field)).toEqual([
      'organization.name',
      'organization.cro',
      'person.firstName',
      'person.lastName',
      'person.fullName',
      'link.roles',
      'link.beneficiaryPercentage',
      'link.appointedOn',
      'link.ceasedOn',
      'link.shares',
      'link.shareClass',
    ]);
  });
});

describe('checkImportMapping', () => {
  it.each([
    ['organizations', ['A'], { A: 'organization.name' }, []],
    [
      'organizations',
      ['A'],
      { B: 'organization.name' },
      ['The file has no column "B"', 'No column is mapped to the organization name'],
    ],
    [
      'organizations',
      ['A'],
      { A: 'person.firstName' },
      [
        '"person.firstName" is not a field of a organizations import',
        'No column is mapped to the organization name',
      ],
    ],
    [
      'organizations',
      ['A', 'B'],
      { A: 'organization.name', B: 'organization.name' },
      ['Columns "A" and "B" both feed organization.name'],
    ],
    [
      'people',
      ['A'],
      { A: 'person.firstName' },
      ["No columns are mapped to the person's first and last names (or full name)"],
    ],
    ['people', ['A'], { A: 'person.fullName' }, []],
    ['roles', ['A', 'B'], { A: 'organization.cro', B: 'person.fullName' }, []],
    [
      'combined',
      ['A', 'B'],
      { A: 'organization.cro', B: 'person.fullName' },
      ['No column is mapped to the organization name'],
    ],
    ['people', ['A', 'B'], { A: 'person.fullName', B: null }, []],
  ] as const)('%s %j %j', (kind, columns, mapping, problems) => {
    expect(checkImportMapping(kind, columns, mapping)).toEqual(problems);
  });
});

describe('cells', () => {
  it.each([
    ['14/03/2019', 'dd/MM/yyyy', '2019-03-14'],
    ['29/02/2024', 'dd/MM/yyyy', '2024-02-29'],
    ['3/4/2019', 'dd/MM/yyyy', '2019-04-03'],
    ['3/4/2019', 'MM/dd/yyyy', '2019-03-04'],
    ['14-03-2019', 'dd-MM-yyyy', '2019-03-14'],
    ['14.03.2019', 'dd.MM.yyyy', '2019-03-14'],
    ['2019-03-14', 'dd/MM/yyyy', '2019-03-14'],
    ['2019-03-14T10:00:00.000Z', 'dd/MM/yyyy', '2019-03-14'],
    ['', 'dd/MM/yyyy', null],
    [new Date(Date.UTC(2019, 2, 14)), 'dd/MM/yyyy', '2019-03-14'],
    [43538, 'dd/MM/yyyy', '2019-03-14'],
  ] as const)('date %j (%s) → %s', (cell, format, value) => {
    expect(parseImportDate(cell, format)).toEqual({ ok: true, value });
  });

  it.each([
    // A day no calendar has is refused in the date fields' words (MESSAGES.dateDoesNotExist).
    ['31/02/2020', 'dd/MM/yyyy', 'This date does not exist'],
    ['29/02/2023', 'dd/MM/yyyy', 'This date does not exist'],
    ['31/04/2026', 'dd-MM-yyyy', '"31/04/2026" is not a date written dd-MM-yyyy'],
    ['31-04-2026', 'dd-MM-yyyy', 'This date does not exist'],
    ['02/31/2020', 'MM/dd/yyyy', 'This date does not exist'],
    ['2020-02-30', 'dd/MM/yyyy', 'This date does not exist'],
    ['2020-02-30', 'yyyy-MM-dd', 'This date does not exist'],
    ['00/01/2020', 'dd/MM/yyyy', '"00/01/2020" is not a date written dd/MM/yyyy'],
    ['14/03/2019', 'MM/dd/yyyy', '"14/03/2019" is not a date written MM/dd/yyyy'],
    ['soon', 'yyyy-MM-dd', '"soon" is not a date written yyyy-MM-dd'],
    [1.5, 'dd/MM/yyyy', '1.5 is not a date'],
    [new Date('nonsense'), 'dd/MM/yyyy', 'The date is not valid'],
  ] as const)('date %j (%s) refused: %s', (cell, format, message) => {
    expect(parseImportDate(cell, format)).toEqual({ ok: false, message });
  });

  it.each([
    ['Director, Shareholder', ['director', 'shareholder']],
    ['director;secretary', ['director', 'secretary']],
    ['Nominee Director', ['nomineeDirector']],
    ['nomineeDirector', ['nomineeDirector']],
    ['Company secretary and Shareholder', ['secretary', 'shareholder']],
    ['Director / Director', ['director']],
    ['', []],
  ])('roles %j → %j', (cell, roles) => {
    expect(parseImportRoles(cell)).toEqual({ ok: true, value: roles });
  });

  it('an unknown role is refused', () => {
    expect(parseImportRoles('Chairman')).toMatchObject({ ok: false });
  });

  it.each([
    ['25', 25],
    ['25 %', 25],
    ['12,5', 12.5],
    [40, 40],
    ['', null],
  ] as const)('number %j → %j', (cell, value) => {
    expect(parseImportNumber(cell)).toEqual({ ok: true, value });
  });

  it('a number that is not one is refused', () => {
    expect(parseImportNumber('lots')).toEqual({ ok: false, message: '"lots" is not a number' });
  });

  it.each([
    ['ON', true],
    ['yes', true],
    ['OFF', false],
    ['0', false],
    [true, true],
    ['', null],
  ] as const)('yes/no %j → %j', (cell, value) => {
    expect(parseImportBoolean(cell)).toEqual({ ok: true, value });
  });

  it('a yes/no that is neither is refused', () => {
    expect(parseImportBoolean('maybe')).toMatchObject({ ok: false });
  });

  it.each([
    ['text', '  Seán Ó Briain ', 'Seán Ó Briain'],
    ['text', '=HYPERLINK("x")', '=HYPERLINK("x")'],
    ['text', 4000002, '4000002'],
    ['text', '', null],
    ['country', 'IRELAND ', 'ireland'],
    ['country', '', null],
    ['creationStatus', 'In progress', 'IN_PROGRESS'],
    ['creationStatus', 'N/A', null],
    ['number', '7', 7],
    ['boolean', 'x', true],
    ['roles', 'Other', ['other']],
    ['date', '01/02/2020', '2020-02-01'],
  ] as const)('%s cell %j → %j', (type, cell, value) => {
    expect(parseImportCell(type, cell, 'dd/MM/yyyy')).toEqual({ ok: true, value });
  });

  it('an unknown creation status is refused', () => {
    expect(parseImportCell('creationStatus', 'Dormant', 'dd/MM/yyyy')).toMatchObject({ ok: false });
  });

  it('cell text', () => {
    expect(importCellText(null)).toBe('');
    expect(importCellText(new Date(Date.UTC(2020, 0, 2)))).toBe('2020-01-02');
    expect(importCellText(new Date('nonsense'))).toBe('');
  });

  it.each([
    ['Seán Ó Briain', 'Seán', 'Ó Briain'],
    ['Máire Ní Ghallchóir', 'Máire', 'Ní Ghallchóir'],
    ['Dónal Mac Giolla Phádraig', 'Dónal Mac Giolla', 'Phádraig'],
    ['Siobhán de Búrca', 'Siobhán', 'de Búrca'],
    ['Mary Ann Byrne', 'Mary Ann', 'Byrne'],
    ['Cher', '', 'Cher'],
  ])('full name %j → %j + %j', (full, firstName, lastName) => {
    expect(splitFullName(full)).toEqual({ firstName, lastName });
  });
});

describe('the import schemas are the API rules', () => {
  it('an organization needs its name; dates within 1900–2099', () => {
    expect(
      importOrganizationSchema.isValidSync({ name: 'Acme Ltd', incorporationDate: '2019-03-14' }),
    ).toBe(true);
    expect(importOrganizationSchema.isValidSync({ name: '  ' })).toBe(false);
    expect(
      importOrganizationSchema.isValidSync({ name: 'Acme', incorporationDate: '1899-12-31' }),
    ).toBe(false);
  });

  it('a person needs first and last names', () => {
    expect(importPersonSchema.isValidSync({ firstName: 'Seán', lastName: 'Ó Briain' })).toBe(true);
    expect(importPersonSchema.isValidSync({ firstName: 'Seán' })).toBe(false);
  });

  it('a link: beneficiary percentage 0 to 100', () => {
    expect(
      importLinkSchema.isValidSync({ roles: ['shareholder'], beneficiaryPercentage: 100 }),
    ).toBe(true);
    expect(
      importLinkSchema.isValidSync({ roles: ['shareholder'], beneficiaryPercentage: 101 }),
    ).toBe(false);
  });
});
