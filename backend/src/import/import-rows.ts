import {
  importFieldsOf,
  importLinkSchema,
  importOrganizationSchema,
  importPersonSchema,
  organizationDuplicateKey,
  parseImportCell,
  personDuplicateKey,
  importedSharesError,
  roleDatesError,
  splitFullName,
} from '@registra/domain';
import type {
  ImportCell,
  ImportDateFormat,
  ImportField,
  ImportKind,
  ImportMapping,
  ImportRecordType,
  ImportRowError,
} from '@registra/domain';

/** The domain's yup schemas, as far as the import uses them. */
interface RowSchema {
  validateSync(value: unknown, options: { abortEarly: boolean }): unknown;
}
interface SchemaError {
  name: string;
  path?: string;
  message: string;
  inner?: SchemaError[];
}

export type RecordValues = Record<string, unknown>;

/** One data row read through the mapping: each record's values (only cells with a value). */
export interface MappedRow {
  row: number;
  organization?: RecordValues;
  person?: RecordValues;
  link?: RecordValues;
  errors: ImportRowError[];
}

/** The mapping as the reader uses it: column position → field. */
export interface ColumnPlan {
  index: number;
  column: string;
  field: ImportField;
}

export function planColumns(
  kind: ImportKind,
  columns: readonly string[],
  mapping: ImportMapping,
): ColumnPlan[] {
  const fields = new Map(importFieldsOf(kind).map((field) => [field.field, field]));
  return columns.flatMap((column, index) => {
    const field = mapping[column] ? fields.get(mapping[column] as string) : undefined;
    return field ? [{ index, column, field }] : [];
  });
}

const RECORDS: Readonly<Record<ImportKind, readonly ImportRecordType[]>> = {
  organizations: ['organization'],
  people: ['person'],
  roles: ['organization', 'person', 'link'],
  combined: ['organization', 'person', 'link'],
};

const SCHEMAS: Readonly<Record<ImportRecordType, RowSchema>> = {
  organization: importOrganizationSchema,
  person: importPersonSchema,
  link: importLinkSchema,
};

/**
 * A data row → the values of its records, every cell converted (dates in the chosen format,
 * roles, percentages) and each record checked by the domain's schemas, the API's rules. Errors
 * name the file's column.
 */
export function mapRow(
  kind: ImportKind,
  plan: readonly ColumnPlan[],
  row: number,
  cells: readonly ImportCell[],
  dateFormat: ImportDateFormat,
): MappedRow {
  const errors: ImportRowError[] = [];
  const records: Partial<Record<ImportRecordType, RecordValues>> = {};
  const columnOf = new Map<string, string>();
  for (const { index, column, field } of plan) {
    const parsed = parseImportCell(field.type, cells[index], dateFormat);
    if (!parsed.ok) {
      errors.push({ row, column, message: parsed.message });
      continue;
    }
    const values = (records[field.record] ??= {});
    columnOf.set(`${field.record}.${field.name}`, column);
    if (parsed.value === null) continue;
    if (field.name === 'fullName') {
      const { firstName, lastName } = splitFullName(String(parsed.value));
      values.firstName ??= firstName;
      values.lastName ??= lastName;
      columnOf.set('person.firstName', columnOf.get('person.firstName') ?? column);
      columnOf.set('person.lastName', columnOf.get('person.lastName') ?? column);
    } else {
      values[field.name] = parsed.value;
    }
  }
  const mapped: MappedRow = { row, errors };
  for (const record of RECORDS[kind]) {
    const values = records[record] ?? {};
    mapped[record] = values;
    // A roles file names its organization by name or CRO: either will do.
    if (kind === 'roles' && record === 'organization') {
      if (!values.name && !values.cro) {
        errors.push({
          row,
          column: columnOf.get('organization.name') ?? columnOf.get('organization.cro') ?? null,
          message: "The organization's name or CRO number is required",
        });
      }
      continue;
    }
    try {
      SCHEMAS[record].validateSync(values, { abortEarly: false });
    } catch (caught) {
      const error = caught as SchemaError;
      if (error.name !== 'ValidationError') throw caught;
      for (const inner of error.inner?.length ? error.inner : [error]) {
        const path = inner.path ?? '';
        errors.push({
          row,
          column: columnOf.get(`${record}.${path}`) ?? null,
          message: inner.message,
        });
      }
    }
  }
  const link = records.link;
  if (link) {
    // A role's dates as on every other write: a cessation never before the appointment.
    const message = roleDatesError({
      appointedOn: (link.appointedOn as string | undefined) ?? null,
      ceasedOn: (link.ceasedOn as string | undefined) ?? null,
    });
    if (message) errors.push({ row, column: columnOf.get('link.ceasedOn') ?? null, message });
    const sharesMessage = importedSharesError(link.shares, link.shareClass);
    if (sharesMessage) {
      const column = columnOf.get('link.shares') ?? columnOf.get('link.shareClass') ?? null;
      errors.push({ row, column, message: sharesMessage });
    }
  }
  return mapped;
}

/** "IE 123456" and "123456" are one CRO number. */
export const normalizeCro = (cro: unknown): string | null => {
  const text = typeof cro === 'string' ? cro.replace(/[\s.-]+/g, '').toUpperCase() : '';
  return text === '' ? null : text;
};

/** The keys an organization of the file is known by: its CRO number, then its name. */
export function organizationKeys(values: RecordValues): {
  cro: string | null;
  name: string | null;
} {
  const name = typeof values.name === 'string' ? organizationDuplicateKey(values.name) : '';
  return { cro: normalizeCro(values.cro), name: name === '' ? null : name };
}

export const personKey = (values: RecordValues): string =>
  personDuplicateKey(values.firstName as string | undefined, values.lastName as string | undefined);

/** The name a record is shown by in the check's duplicates. */
export function recordLabel(type: ImportRecordType, values: RecordValues): string {
  if (type === 'organization') return String(values.name ?? values.cro ?? '');
  if (type === 'person') return [values.firstName, values.lastName].filter(Boolean).join(' ');
  return '';
}
