/**
 * Merging duplicates: staff keep one record and choose, field by field, which of the
 * two values survives; the rest of the other record (links, files, notes, and every other
 * context's records) moves onto the kept one, and the other record is soft-deleted.
 */

/** Which record's value a field keeps. */
export type MergeChoice = 'keep' | 'merge';
export const MERGE_CHOICES: readonly MergeChoice[] = ['keep', 'merge'];

/** A choice staff make: one label, the record fields it carries together. */
export interface MergeField {
  key: string;
  label: string;
  fields: readonly string[];
}

const single = (key: string, label: string): MergeField => ({ key, label, fields: [key] });

export const PERSON_MERGE_FIELDS: readonly MergeField[] = [
  single('firstName', 'First Name'),
  single('lastName', 'Last Name'),
  single('phone', 'Phone'),
  single('mail', 'Email'),
  single('birth', 'Date of birth'),
  single('nationality', 'Nationality'),
  single('country', 'Country'),
  single('ipn', 'IPN'),
  single('pps', 'PPS'),
  single('companyForm', 'Company Form'),
  {
    key: 'address',
    label: 'Address',
    fields: ['addressStreet1', 'addressZip1', 'addressCity1', 'addressState1', 'addressCountry1'],
  },
  single('vif', 'VIF'),
  single('idPal', 'ID-Pal'),
  single('pep', 'PEP'),
  single('dateAml', 'AML date'),
  single('comments', 'Comments'),
];

const service = (prefix: string, label: string, history: string): MergeField => ({
  key: prefix,
  label,
  fields: [
    `has${prefix[0].toUpperCase()}${prefix.slice(1)}`,
    `${prefix}Subscription`,
    `${prefix}SubscriptionPlan`,
    history,
  ],
});

export const ORGANIZATION_MERGE_FIELDS: readonly MergeField[] = [
  single('name', 'Name'),
  single('mail', 'Email'),
  single('cro', 'CRO'),
  single('language', 'Language'),
  {
    key: 'creation',
    label: 'Creation status and package',
    fields: ['creationStatus', 'creationPackage'],
  },
  single('incorporationDate', 'Incorporation date'),
  single('businessActivity', 'Business activity'),
  { key: 'address', label: 'Address and country', fields: ['address', 'country'] },
  single('rbo', 'RBO'),
  single('comments', 'Comments'),
  {
    key: 'annualReturn',
    label: 'Annual returns (first AR status, next AR reminder, B1/B73, bilan)',
    fields: ['status', 'nextArReminder', 'B1B73', 'bilan'],
  },
  {
    key: 'tax',
    label: 'Financial year end and corporation tax',
    fields: [
      'financialYearEnd',
      'corporationTaxPaid',
      'coroporationTaxNumber',
      'accountingComments',
    ],
  },
  {
    key: 'finotor',
    label: 'Signup app (Finotor)',
    fields: ['finotor', 'finotorEmailSentAt', 'finotorRegisteredAt'],
  },
  service('domiciliation', 'Domiciliation', 'domiciliationPaymentHistory'),
  service('secretaryCompany', 'Secretary company', 'secretaryCompanyPaymentHistory'),
  // The history field is spelled so by the API.
  service('anonymousShareholder', 'Anonymous shareholder', 'anonymousShareholdePaymentHistory'),
  single('aml', 'AML'),
];

const isEmpty = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  value === '' ||
  value === false ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && !Array.isArray(value) && Object.keys(value as object).length === 0);

/** What the merge dialog proposes: the kept record's value, unless it has none and the other has. */
export function suggestedChoice(
  field: MergeField,
  keep: Record<string, unknown>,
  merge: Record<string, unknown>,
): MergeChoice {
  const keepEmpty = field.fields.every((name) => isEmpty(keep[name]));
  const mergeEmpty = field.fields.every((name) => isEmpty(merge[name]));
  return keepEmpty && !mergeEmpty ? 'merge' : 'keep';
}

/** The values to write onto the kept record: the other record's, for each field chosen 'merge'. */
export function chosenValues(
  fields: readonly MergeField[],
  merge: Record<string, unknown>,
  choices: Readonly<Record<string, MergeChoice | undefined>>,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    if (choices[field.key] !== 'merge') continue;
    for (const name of field.fields) values[name] = merge[name];
  }
  return values;
}

/** Notes of both records, the kept one's first; one copy when they are the same. */
export function joinNotes(keep: string | null | undefined, merge: string | null | undefined) {
  const a = keep?.trim() ?? '';
  const b = merge?.trim() ?? '';
  if (!b || a === b) return keep ?? null;
  if (!a) return merge ?? null;
  return `${keep}\n\n${merge}`;
}

/** Both lists, the kept one's first, without a second entry for the same key. */
export function unionBy<T>(keep: readonly T[], merge: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set(keep.map(key));
  return [...keep, ...merge.filter((item) => !seen.has(key(item)))];
}

/** `people/{from}` or `organization/{from}/bank` → the same folder of the kept record. */
export function movedFolder(folder: string, kind: string, fromId: string, toId: string): string {
  const prefix = `${kind}/${fromId}`;
  return folder === prefix || folder.startsWith(`${prefix}/`)
    ? `${kind}/${toId}${folder.slice(prefix.length)}`
    : folder;
}
