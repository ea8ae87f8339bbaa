import { companyTypeOfName, companyTypesAgree } from '@registra/domain';
import type {
  ImportDuplicate,
  ImportDuplicateChoice,
  ImportKind,
  ImportRecordType,
  ImportRowError,
} from '@registra/domain';
import { normalizeCro, organizationKeys, personKey, recordLabel } from './import-rows';
import type { MappedRow, RecordValues } from './import-rows';

/** A record of the book (or of an earlier row) a row's record is known as. */
export interface Known {
  id: string | null;
  /** The earlier row of the file; null for a record of the book. */
  row: number | null;
  label: string;
  /** An organization's CRO number (normalized): two different numbers are two companies. */
  cro?: string | null;
  /** An organization's company type (LTD, DAC…): one name with two types is two companies. */
  type?: string | null;
  /** A company of the book the run left alone (skip): its later rows in the file are skipped. */
  skipped?: boolean;
}

/**
 * An organization is found by its CRO number, else by its normalized name with a company type
 * that agrees (either unknown, or the same: "X Fisheries Teoranta" is not "X Fisheries Unlimited
 * Company"), unless both have a CRO number: then the numbers decide (two companies may share a
 * name, never a number).
 */
function findOrganization(
  byCro: Map<string, Known>,
  byName: Map<string, Known[]>,
  values: RecordValues,
): Known | undefined {
  const { cro, name, type } = organizationKeys(values);
  const sameNumber = cro ? byCro.get(cro) : undefined;
  if (sameNumber) return sameNumber;
  return (name ? byName.get(name) : undefined)?.find(
    (known) =>
      !(cro && known.cro && known.cro !== cro) && companyTypesAgree(known.type ?? null, type),
  );
}

/** Remembers an organization by its name key, beside the others of that name (other types). */
function rememberByName(byName: Map<string, Known[]>, name: string, known: Known): void {
  const list = byName.get(name);
  if (!list) byName.set(name, [known]);
  else if (!list.some((other) => other.type === known.type && other.cro === known.cro))
    list.push(known);
}

/** The book's records a batch of rows may repeat, looked up by the keys the product uses. */
export interface BookMatches {
  organizationByCro: Map<string, Known>;
  organizationByName: Map<string, Known[]>;
  personByKey: Map<string, Known>;
  /** `${personId}|${organizationId}` → the live link. */
  linkByPair: Map<string, Known>;
}

/** The rows read so far, by the same keys: a record the file repeats is one record. */
export class FileMemory {
  readonly organizationByCro = new Map<string, Known>();
  readonly organizationByName = new Map<string, Known[]>();
  readonly personByKey = new Map<string, Known>();
  /**
   * By the pair's two ids as 32 bytes, and a link of an earlier row (no id yet) as its row
   * number alone: a check remembers every pair of its file, and a roles file of 400 000 lines
   * holds as many (a third of the memory of the ids as text and an object per row).
   */
  private readonly linkByPair = new Map<string, Known | number>();

  link(personId: string, organizationId: string): Known | undefined {
    const known = this.linkByPair.get(compactPair(personId, organizationId));
    return typeof known === 'number' ? { id: null, row: known, label: '' } : known;
  }

  rememberLink(personId: string, organizationId: string, known: Known): void {
    const key = compactPair(personId, organizationId);
    if (this.linkByPair.has(key)) return;
    this.linkByPair.set(
      key,
      known.id === null && known.row !== null && !known.label ? known.row : known,
    );
  }

  organization(values: RecordValues): Known | undefined {
    return findOrganization(this.organizationByCro, this.organizationByName, values);
  }

  rememberOrganization(values: RecordValues, found: Known): void {
    const { cro, name, type } = organizationKeys(values);
    const known = { ...found, cro: found.cro ?? cro, type: found.type ?? type };
    if (cro && !this.organizationByCro.has(cro)) this.organizationByCro.set(cro, known);
    if (name) rememberByName(this.organizationByName, name, known);
  }

  person(values: RecordValues): Known | undefined {
    return this.personByKey.get(personKey(values));
  }

  rememberPerson(values: RecordValues, known: Known): void {
    const key = personKey(values);
    if (!this.personByKey.has(key)) this.personByKey.set(key, known);
  }
}

export const bookOrganization = (book: BookMatches, values: RecordValues): Known | undefined =>
  findOrganization(book.organizationByCro, book.organizationByName, values);

export const bookPerson = (book: BookMatches, values: RecordValues): Known | undefined =>
  book.personByKey.get(personKey(values));

export const pairKey = (personId: string, organizationId: string) =>
  `${personId}|${organizationId}`;

/** Two ids (UUIDs) as one string of their 32 bytes, exact: a key of a third of the text's size. */
const compactPair = (personId: string, organizationId: string) =>
  Buffer.from(`${personId}${organizationId}`.replace(/-/g, ''), 'hex').toString('latin1');

/** The keys a batch looks the book up by: CRO numbers as written and normalized, name keys. */
export function batchKeys(rows: readonly MappedRow[]) {
  const cros = new Set<string>();
  const organizationNames = new Set<string>();
  const people = new Set<string>();
  for (const row of rows) {
    if (row.organization) {
      const raw = typeof row.organization.cro === 'string' ? row.organization.cro.trim() : '';
      const { cro, name } = organizationKeys(row.organization);
      if (raw) cros.add(raw);
      if (cro) cros.add(cro);
      if (name) organizationNames.add(name);
    }
    if (row.person) people.add(personKey(row.person));
  }
  return { cros: [...cros], organizationNames: [...organizationNames], people: [...people] };
}

/** Book matches from the contexts' answers (oldest record first wins). */
export function bookMatches(
  organizations: Array<{ id: string; name: string; cro: string | null; duplicateKey: string }>,
  people: Array<{ id: string; firstName: string; lastName: string; duplicateKey: string }>,
): BookMatches {
  const book: BookMatches = {
    organizationByCro: new Map(),
    organizationByName: new Map(),
    personByKey: new Map(),
    linkByPair: new Map(),
  };
  for (const organization of organizations) {
    const cro = normalizeCro(organization.cro);
    const type = companyTypeOfName(organization.name);
    const known = { id: organization.id, row: null, label: organization.name, cro, type };
    if (cro && !book.organizationByCro.has(cro)) book.organizationByCro.set(cro, known);
    rememberByName(book.organizationByName, organization.duplicateKey, known);
  }
  for (const person of people) {
    if (!book.personByKey.has(person.duplicateKey))
      book.personByKey.set(person.duplicateKey, {
        id: person.id,
        row: null,
        label: `${person.firstName} ${person.lastName}`.trim(),
      });
  }
  return book;
}

const duplicate = (row: number, recordType: ImportRecordType, known: Known): ImportDuplicate => ({
  row,
  recordType,
  recordId: known.id,
  duplicateOfRow: known.row,
  label: known.label,
});

/** The errors of a roles row whose organization or person (the values given) is not in the book. */
export function missingFromBook(
  row: number,
  missing: { organization?: RecordValues; person?: RecordValues },
): ImportRowError[] {
  const errors: ImportRowError[] = [];
  if (missing.organization) {
    const label = recordLabel('organization', missing.organization);
    errors.push({ row, column: null, message: `No organization "${label}" in the book` });
  }
  if (missing.person) {
    const label = recordLabel('person', missing.person);
    errors.push({ row, column: null, message: `No person "${label}" in the book` });
  }
  return errors;
}

/**
 * The check of one row against the book and the rows before it (nothing written): its
 * duplicates, and for a roles file the organization and person it must find in the book.
 */
export function checkRow(
  kind: ImportKind,
  row: MappedRow,
  book: BookMatches,
  memory: FileMemory,
): { duplicates: ImportDuplicate[]; errors: ImportRowError[] } {
  const duplicates: ImportDuplicate[] = [];
  const errors: ImportRowError[] = [];
  const here: Known = { id: null, row: row.row, label: '' };
  if (kind === 'organizations' || kind === 'people') {
    const type = kind === 'organizations' ? 'organization' : 'person';
    const values = (type === 'organization' ? row.organization : row.person) as RecordValues;
    const known =
      type === 'organization'
        ? (bookOrganization(book, values) ?? memory.organization(values))
        : (bookPerson(book, values) ?? memory.person(values));
    if (known) duplicates.push(duplicate(row.row, type, known));
    const label = recordLabel(type, values);
    if (type === 'organization') memory.rememberOrganization(values, { ...here, label });
    else memory.rememberPerson(values, { ...here, label });
    return { duplicates, errors };
  }
  const organizationValues = row.organization as RecordValues;
  const personValues = row.person as RecordValues;
  const organization = bookOrganization(book, organizationValues);
  const person = bookPerson(book, personValues);
  if (kind === 'roles') {
    errors.push(
      ...missingFromBook(row.row, {
        organization: organization ? undefined : organizationValues,
        person: person ? undefined : personValues,
      }),
    );
  } else {
    // A combined file names a company on each of its people's rows: only its first row is
    // the duplicate of a company of the book.
    if (organization && !memory.organization(organizationValues))
      duplicates.push(duplicate(row.row, 'organization', organization));
    if (person && !memory.person(personValues))
      duplicates.push(duplicate(row.row, 'person', person));
    memory.rememberOrganization(organizationValues, {
      ...here,
      label: recordLabel('organization', organizationValues),
    });
    memory.rememberPerson(personValues, { ...here, label: recordLabel('person', personValues) });
  }
  if (organization?.id && person?.id) {
    const link =
      book.linkByPair.get(pairKey(person.id, organization.id)) ??
      memory.link(person.id, organization.id);
    // The same pair is the same two records: the label is this row's, and the memory keeps only
    // the row (a roles file of 400 000 lines holds as many pairs).
    if (link)
      duplicates.push({
        ...duplicate(row.row, 'link', link),
        label: `${person.label} – ${organization.label}`,
      });
    memory.rememberLink(person.id, organization.id, here);
  }
  return { duplicates, errors };
}

/** The choice for a row: its own, else the import's. */
export const choiceFor = (
  row: number,
  choices: Record<string, string>,
  onDuplicate: ImportDuplicateChoice,
): ImportDuplicateChoice =>
  (choices[String(row)] as ImportDuplicateChoice | undefined) ?? onDuplicate;
