/**
 * Bringing a firm's existing book in from a spreadsheet: what can be imported, which column of
 * the file feeds which field (guessed from the headers), and how a cell becomes a stored value.
 * The product's own CSV export headers map exactly, so an export imports back as it was.
 */
import { CREATION_STATUSES, ORGANIZATION_ROLES } from '../enums';
import type { OrganizationRole } from '../enums';
import { normalizeCountry } from '../countries';
import { MESSAGES } from '../messages';
import { calendarDateOf } from './dates';

/** One kind of record per file, or one row per person in a company. */
export const IMPORT_KINDS = ['organizations', 'people', 'roles', 'combined'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const isImportKind = (value: unknown): value is ImportKind =>
  typeof value === 'string' && (IMPORT_KINDS as readonly string[]).includes(value);

export const IMPORT_STATUSES = [
  'uploaded',
  'checking',
  'check_failed',
  'checked',
  'running',
  'done',
  'failed',
  'undoing',
  'undone',
  'undo_failed',
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** What happens to a row whose record is already in the book (or earlier in the file). */
export const IMPORT_DUPLICATE_CHOICES = ['skip', 'update', 'create'] as const;
export type ImportDuplicateChoice = (typeof IMPORT_DUPLICATE_CHOICES)[number];

/** Dates are typed the Irish way unless the user says otherwise. */
export const IMPORT_DATE_FORMATS = [
  'dd/MM/yyyy',
  'MM/dd/yyyy',
  'yyyy-MM-dd',
  'dd-MM-yyyy',
  'dd.MM.yyyy',
] as const;
export type ImportDateFormat = (typeof IMPORT_DATE_FORMATS)[number];
export const IMPORT_DEFAULT_DATE_FORMAT: ImportDateFormat = 'dd/MM/yyyy';

/** The text encodings a CSV file is read in (detected, or chosen by the user). */
export const IMPORT_ENCODINGS = ['utf-8', 'windows-1252'] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];

/** An import can be undone for this many days after it finished. */
export const IMPORT_UNDO_DAYS = 30;
/** An uploaded file never run is removed from storage this many days after its upload. */
export const IMPORT_UNUSED_FILE_DAYS = 7;
/** A file with more columns than this is refused (no book has that many fields). */
export const IMPORT_COLUMNS_MAX = 200;
/** The mapping step shows this many rows as they will be stored. */
export const IMPORT_PREVIEW_ROWS = 5;
/** The check's answer lists at most this many errors and duplicates; errors.csv has them all. */
export const IMPORT_ANSWER_LIST_MAX = 1000;
/** Uploaded import files above this many bytes are refused with 413 (IMPORT_MAX_BYTES). */
export const IMPORT_MAX_BYTES_DEFAULT = 100 * 1024 * 1024;

/*
 * What reading one file may unpack and hold (docs/api/import.md, "Limits"). Each is checked while
 * the file streams, before the memory it bounds is taken; past one the file is refused with 413
 * IMPORT_LIMIT_EXCEEDED naming the limit and its value.
 */
/** Rows read from one file (header and blank rows included): 5 times the largest book expected. */
export const IMPORT_ROWS_MAX = 500_000;
/** Characters in one cell: Excel's own limit. */
export const IMPORT_CELL_MAX_CHARS = 32_767;
/** Bytes of one row as the file holds it (a CSV record, a worksheet's `<row>` element). */
export const IMPORT_ROW_MAX_BYTES = 1024 * 1024;
/** Entries of an .xlsx file (a zip): parts, sheets, images. */
export const IMPORT_XLSX_ENTRIES_MAX = 10_000;
/** Bytes an .xlsx file unpacks to, all its entries together. */
export const IMPORT_XLSX_UNPACKED_MAX_BYTES = 512 * 1024 * 1024;
/** Strings of a workbook's shared-strings table (every distinct text of the workbook). */
export const IMPORT_XLSX_SHARED_STRINGS_MAX = 1_000_000;
/** Bytes of the shared-strings table unpacked: it is the one part held in memory whole. */
export const IMPORT_XLSX_SHARED_STRINGS_MAX_BYTES = 32 * 1024 * 1024;
/** Bytes of each other part read whole: the workbook, its relationships, its styles. */
export const IMPORT_XLSX_PART_MAX_BYTES = 8 * 1024 * 1024;

/** A limit in words: `500 000`, `32 MiB`. */
export function formatImportLimit(value: number, unit: 'bytes' | 'count' = 'count'): string {
  if (unit === 'bytes') {
    if (value >= 1024 * 1024 && value % (1024 * 1024) === 0) return `${value / (1024 * 1024)} MiB`;
    if (value >= 1024 && value % 1024 === 0) return `${value / 1024} KiB`;
    return `${formatImportLimit(value)} bytes`;
  }
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

export type ImportFieldType =
  'text' | 'date' | 'number' | 'roles' | 'boolean' | 'country' | 'creationStatus';

export type ImportRecordType = 'organization' | 'person' | 'link';

export interface ImportField {
  /** `organization.name`: the record, then its API field. */
  field: string;
  record: ImportRecordType;
  /** The API field name on that record (`fullName` is split into first and last names). */
  name: string;
  label: string;
  type: ImportFieldType;
  /** Headers that mean this field, besides the label (compared without case, accents or signs). */
  synonyms: readonly string[];
}

const organization = (
  name: string,
  label: string,
  type: ImportFieldType,
  synonyms: string[] = [],
): ImportField => ({
  field: `organization.${name}`,
  record: 'organization',
  name,
  label,
  type,
  synonyms,
});
const person = (
  name: string,
  label: string,
  type: ImportFieldType,
  synonyms: string[] = [],
): ImportField => ({ field: `person.${name}`, record: 'person', name, label, type, synonyms });
const link = (
  name: string,
  label: string,
  type: ImportFieldType,
  synonyms: string[] = [],
): ImportField => ({ field: `link.${name}`, record: 'link', name, label, type, synonyms });

/** Every field an import can fill; the first label of each is the product's CSV export header. */
export const IMPORT_FIELDS: readonly ImportField[] = [
  organization('name', 'Name', 'text', [
    'company name',
    'company',
    'organization',
    'organisation',
    'organization name',
    'organisation name',
    'client',
    'client name',
  ]),
  organization('cro', 'CRO', 'text', [
    'cro number',
    'cro no',
    'company no',
    'company number',
    'registration number',
    'registered number',
  ]),
  organization('incorporationDate', 'Incorporation date', 'date', [
    'date of incorporation',
    'incorporated',
    'incorporated on',
  ]),
  organization('nextArReminder', 'Next AR reminder', 'date', ['next ar', 'next annual return']),
  organization('creationStatus', 'Creation status', 'creationStatus', ['status']),
  organization('mail', 'Company e-mail', 'text', ['company email']),
  organization('address', 'Registered office', 'text', ['registered address', 'company address']),
  organization('country', 'Company country', 'country', ['country of incorporation']),
  organization('businessActivity', 'Business activity', 'text', ['activity', 'nature of business']),
  organization('financialYearEnd', 'Financial year end', 'date', ['year end']),
  organization('coroporationTaxNumber', 'Corporation tax number', 'text', [
    'tax number',
    'tax reference',
  ]),
  person('firstName', 'First Name', 'text', ['forename', 'given name', 'firstname']),
  person('lastName', 'Last Name', 'text', ['surname', 'family name', 'lastname']),
  person('fullName', 'Full name', 'text', [
    'person',
    'director',
    'secretary',
    'shareholder',
    'officer',
    'contact',
    'person name',
  ]),
  person('mail', 'Email', 'text', ['e-mail', 'email address', 'e-mail address', 'mail']),
  person('phone', 'Phone', 'text', ['telephone', 'mobile', 'phone number']),
  person('birth', 'Date of birth', 'date', ['birth', 'dob', 'birth date', 'birthday']),
  person('nationality', 'Nationality', 'text'),
  person('country', 'Country', 'country', ['country of residence']),
  person('pps', 'PPS', 'text', ['pps number', 'ppsn']),
  person('addressStreet1', 'Street', 'text', ['address', 'street address', 'address line 1']),
  person('addressCity1', 'City', 'text', ['town']),
  person('addressZip1', 'Eircode', 'text', ['postcode', 'post code', 'zip']),
  person('vif', 'VIF', 'boolean'),
  link('roles', 'Roles', 'roles', ['role', 'position', 'capacity', 'officer type']),
  link('beneficiaryPercentage', 'Beneficiary percentage', 'number', [
    // Not "% shares" nor "shares %": read without the sign they are "Shares", the number held.
    'shareholding %',
    'shareholding',
    'percentage',
    'beneficial ownership %',
  ]),
  link('appointedOn', 'Appointed', 'date', [
    'appointed on',
    'date appointed',
    'date of appointment',
    'appointment date',
  ]),
  link('ceasedOn', 'Ceased', 'date', [
    'ceased on',
    'date ceased',
    'date of cessation',
    'cessation date',
    'resigned',
  ]),
  link('shares', 'Shares', 'number', ['number of shares', 'shares held', 'no of shares']),
  link('shareClass', 'Class', 'text', ['share class', 'class of shares']),
];

/** The fields a kind of file can fill. */
export function importFieldsOf(kind: ImportKind): ImportField[] {
  switch (kind) {
    case 'organizations':
      return IMPORT_FIELDS.filter((field) => field.record === 'organization');
    case 'people':
      return IMPORT_FIELDS.filter((field) => field.record === 'person');
    case 'roles':
      return IMPORT_FIELDS.filter(
        (field) =>
          field.record === 'link' ||
          ['organization.name', 'organization.cro'].includes(field.field) ||
          ['person.firstName', 'person.lastName', 'person.fullName'].includes(field.field),
      );
    case 'combined':
      return [...IMPORT_FIELDS];
  }
}

/**
 * Columns of the product's own exports that hold derived or read-only values: recognised, and
 * left out of the import on purpose.
 */
export const IMPORT_IGNORED_EXPORT_HEADERS: readonly string[] = [
  'First AR',
  'Assigned users',
  'Created at',
];

/** "Shareholding %" → "shareholding"; "Date  d'incorporation" → "date d incorporation". */
export function normalizeImportHeader(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Per kind, a bare "Name" is the organization's name or the person's whole name. */
function headerMatches(kind: ImportKind, field: ImportField, header: string): boolean {
  if (header === 'name') {
    if (kind === 'organizations') return field.field === 'organization.name';
    if (kind === 'people') return field.field === 'person.fullName';
    // A company's or a person's? Left for the user to say.
    return false;
  }
  return [field.label, ...field.synonyms].some((name) => normalizeImportHeader(name) === header);
}

/** A file column → the field it feeds, or null (left out). */
export type ImportMapping = Record<string, string | null>;

/**
 * The mapping guessed from the headers: each field is taken by the first column that names it;
 * columns that name none (or a field already taken) are left out.
 */
export function guessImportMapping(kind: ImportKind, columns: readonly string[]): ImportMapping {
  const fields = importFieldsOf(kind);
  const taken = new Set<string>();
  const mapping: ImportMapping = {};
  for (const column of columns) {
    const header = normalizeImportHeader(column);
    const match = fields.find(
      (field) => !taken.has(field.field) && headerMatches(kind, field, header),
    );
    mapping[column] = match ? match.field : null;
    if (match) taken.add(match.field);
  }
  return mapping;
}

/** Problems with a mapping the user chose: unknown columns or fields, a field fed twice, or missing keys. */
export function checkImportMapping(
  kind: ImportKind,
  columns: readonly string[],
  mapping: ImportMapping,
): string[] {
  const problems: string[] = [];
  const allowed = new Set(importFieldsOf(kind).map((field) => field.field));
  const used = new Map<string, string>();
  for (const [column, field] of Object.entries(mapping)) {
    if (!columns.includes(column)) {
      problems.push(`The file has no column "${column}"`);
      continue;
    }
    if (field === null) continue;
    if (!allowed.has(field)) {
      problems.push(`"${field}" is not a field of a ${kind} import`);
      continue;
    }
    const other = used.get(field);
    if (other) problems.push(`Columns "${other}" and "${column}" both feed ${field}`);
    used.set(field, column);
  }
  const has = (field: string) => used.has(field);
  const needsOrganization = kind === 'organizations' || kind === 'roles' || kind === 'combined';
  const needsPerson = kind === 'people' || kind === 'roles' || kind === 'combined';
  if (
    needsOrganization &&
    !has('organization.name') &&
    !(kind === 'roles' && has('organization.cro'))
  )
    problems.push('No column is mapped to the organization name');
  if (
    needsPerson &&
    !has('person.fullName') &&
    !(has('person.firstName') && has('person.lastName'))
  )
    problems.push("No columns are mapped to the person's first and last names (or full name)");
  return problems;
}

// ---------------------------------------------------------------- cells

/** A cell as a reader gives it: CSV text, or a spreadsheet's number, date or boolean. */
export type ImportCell = string | number | boolean | Date | null | undefined;

export type CellResult = { ok: true; value: unknown } | { ok: false; message: string };

const DATE_PARTS: Readonly<
  Record<ImportDateFormat, { pattern: RegExp; order: [number, number, number] }>
> = {
  // order: indexes of year, month, day in the match
  'dd/MM/yyyy': { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: [3, 2, 1] },
  'MM/dd/yyyy': { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: [3, 1, 2] },
  'yyyy-MM-dd': { pattern: /^(\d{4})-(\d{1,2})-(\d{1,2})$/, order: [1, 2, 3] },
  'dd-MM-yyyy': { pattern: /^(\d{1,2})-(\d{1,2})-(\d{4})$/, order: [3, 2, 1] },
  'dd.MM.yyyy': { pattern: /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/, order: [3, 2, 1] },
};

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** Spreadsheets count days from 30/12/1899 (Excel's 1900 leap-year bug included). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A date cell as 'YYYY-MM-DD': a spreadsheet date (its calendar day), a spreadsheet day number,
 * text in the chosen format, or text already written YYYY-MM-DD.
 */
export function parseImportDate(cell: ImportCell, format: ImportDateFormat): CellResult {
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return { ok: false, message: 'The date is not valid' };
    return {
      ok: true,
      value: `${pad(cell.getUTCFullYear(), 4)}-${pad(cell.getUTCMonth() + 1)}-${pad(cell.getUTCDate())}`,
    };
  }
  if (typeof cell === 'number') {
    if (!Number.isInteger(cell) || cell < 1 || cell > 2958465)
      return { ok: false, message: `${cell} is not a date` };
    const date = new Date(EXCEL_EPOCH_MS + cell * DAY_MS);
    return parseImportDate(date, format);
  }
  const text = String(cell ?? '').trim();
  if (text === '') return { ok: true, value: null };
  // An export's timestamp or a date already written the API's way.
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+Z?)?$/.exec(text);
  if (iso) {
    const value = calendarDateOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    if (value) return { ok: true, value };
    // Written the API's way, but no such day: refused as the forms refuse it.
    if (!DATE_PARTS[format].pattern.test(text))
      return { ok: false, message: MESSAGES.dateDoesNotExist };
  }
  const { pattern, order } = DATE_PARTS[format];
  const match = pattern.exec(text);
  const [year, month, day] = match ? order.map((index) => Number(match[index])) : [];
  // A month past 12 or a day past 31 is another way of writing dates (14/03 read month first).
  if (!match || month < 1 || month > 12 || day < 1 || day > 31)
    return { ok: false, message: `"${text}" is not a date written ${format}` };
  const value = calendarDateOf(year, month, day);
  // Written in the chosen format but no calendar has that day (31/02/2020): the forms' words.
  return value ? { ok: true, value } : { ok: false, message: MESSAGES.dateDoesNotExist };
}

const ROLE_WORDS: Readonly<Record<string, OrganizationRole>> = Object.fromEntries([
  ...ORGANIZATION_ROLES.map((role) => [
    normalizeImportHeader(role.replace(/([A-Z])/g, ' $1')),
    role,
  ]),
  ['nominee', 'nomineeDirector'],
  ['company secretary', 'secretary'],
  ['member', 'shareholder'],
  ['shareholders', 'shareholder'],
  ['directors', 'director'],
]);

/** "Director, Shareholder" → ['director', 'shareholder']; the API's names are read too. */
export function parseImportRoles(cell: ImportCell): CellResult {
  const text = String(cell ?? '').trim();
  if (text === '') return { ok: true, value: [] };
  const roles: OrganizationRole[] = [];
  for (const part of text.split(/[,;/|+&]| and /)) {
    const word = normalizeImportHeader(part.replace(/([a-z])([A-Z])/g, '$1 $2'));
    if (word === '') continue;
    const role = ROLE_WORDS[word];
    if (!role)
      return {
        ok: false,
        message: `"${part.trim()}" is not a role (director, secretary, shareholder, nominee director or other)`,
      };
    if (!roles.includes(role)) roles.push(role);
  }
  return { ok: true, value: roles };
}

/** "25", "25 %", "12,5" and a spreadsheet's 0.25 formatted as a percentage read as numbers. */
export function parseImportNumber(cell: ImportCell): CellResult {
  if (typeof cell === 'number') return { ok: true, value: cell };
  const text = String(cell ?? '').trim();
  if (text === '') return { ok: true, value: null };
  const value = Number(text.replace(/%$/, '').trim().replace(',', '.'));
  return Number.isFinite(value)
    ? { ok: true, value }
    : { ok: false, message: `"${text}" is not a number` };
}

const TRUE_WORDS = new Set(['on', 'yes', 'y', 'true', '1', 'x']);
const FALSE_WORDS = new Set(['off', 'no', 'n', 'false', '0']);

export function parseImportBoolean(cell: ImportCell): CellResult {
  if (typeof cell === 'boolean') return { ok: true, value: cell };
  const text = String(cell ?? '')
    .trim()
    .toLowerCase();
  if (text === '') return { ok: true, value: null };
  if (TRUE_WORDS.has(text)) return { ok: true, value: true };
  if (FALSE_WORDS.has(text)) return { ok: true, value: false };
  return { ok: false, message: `"${text}" is not yes or no` };
}

/** A cell as text: a spreadsheet's formula is kept as its text (never evaluated). */
export function importCellText(cell: ImportCell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) {
    const date = parseImportDate(cell, IMPORT_DEFAULT_DATE_FORMAT);
    return date.ok ? String(date.value) : '';
  }
  return String(cell).trim();
}

/** One cell → the value stored for its field. */
export function parseImportCell(
  type: ImportFieldType,
  cell: ImportCell,
  dateFormat: ImportDateFormat,
): CellResult {
  switch (type) {
    case 'date':
      return parseImportDate(cell, dateFormat);
    case 'number':
      return parseImportNumber(cell);
    case 'roles':
      return parseImportRoles(cell);
    case 'boolean':
      return parseImportBoolean(cell);
    case 'country': {
      const text = importCellText(cell);
      return { ok: true, value: text === '' ? null : normalizeCountry(text) };
    }
    case 'creationStatus': {
      const text = importCellText(cell)
        .toUpperCase()
        .replace(/[\s-]+/g, '_');
      if (text === '' || text === 'N/A') return { ok: true, value: null };
      return (CREATION_STATUSES as readonly string[]).includes(text)
        ? { ok: true, value: text }
        : {
            ok: false,
            message: `"${importCellText(cell)}" is not a creation status (${CREATION_STATUSES.join(', ')})`,
          };
    }
    case 'text': {
      const text = importCellText(cell);
      return { ok: true, value: text === '' ? null : text };
    }
  }
}

/** "Seán Ó Briain" → first "Seán", last "Ó Briain": the last name is the last word, with its particles. */
const NAME_PARTICLES = new Set([
  'ó',
  'o',
  'ní',
  'ni',
  'nic',
  'mac',
  'mc',
  'de',
  'van',
  'von',
  'du',
  'le',
  'la',
  'di',
  'da',
  'uí',
  'ui',
  "o'",
]);

export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { firstName: '', lastName: words[0] ?? '' };
  let start = words.length - 1;
  while (start > 1 && NAME_PARTICLES.has(words[start - 1].toLowerCase())) start -= 1;
  return { firstName: words.slice(0, start).join(' '), lastName: words.slice(start).join(' ') };
}
