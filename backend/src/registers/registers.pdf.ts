import type { Writable } from 'node:stream';
import { formatDate, REGISTER_TITLES } from '@registra/domain';
import type {
  AnnualReturnAnswer,
  BeneficialOwnerRegisterEntry,
  MemberRegisterEntry,
  OfficerRegisterEntry,
  RegisterAnswer,
  RegisterEntries,
} from '@registra/domain';
import PDFDocument from 'pdfkit';

const MUTED = '#52606d';
const RULE = '#cbd2d9';
const MARGIN = 40;

/** One column of a printed register: its heading, its share of the width, its cell. */
export interface RegisterColumn<Entry> {
  header: string;
  width: number;
  value(entry: Entry): string;
}

const name = (entry: { firstName: string; lastName: string }) =>
  `${entry.firstName} ${entry.lastName}`.trim();
const date = (value: string | null, none = 'not recorded') => (value ? formatDate(value) : none);
const ROLE_WORDS: Readonly<Record<string, string>> = {
  director: 'Director',
  secretary: 'Secretary',
  nomineeDirector: 'Nominee director',
};

/**
 * The columns of each register, as the Act lists its particulars (s.149 directors and
 * secretaries, s.169 members, S.I. 110/2019 beneficial owners); the CSV has the same ones.
 */
export const OFFICER_COLUMNS: RegisterColumn<OfficerRegisterEntry>[] = [
  { header: 'Name', width: 3, value: name },
  { header: 'Office', width: 2, value: (entry) => ROLE_WORDS[entry.role] ?? entry.role },
  { header: 'Date of birth', width: 2, value: (entry) => date(entry.dateOfBirth, '') },
  { header: 'Nationality', width: 2, value: (entry) => entry.nationality ?? '' },
  { header: 'Address', width: 4, value: (entry) => entry.address ?? '' },
  { header: 'Appointed', width: 2, value: (entry) => date(entry.appointedOn) },
  { header: 'Ceased', width: 2, value: (entry) => date(entry.ceasedOn, '') },
];

export const MEMBER_COLUMNS: RegisterColumn<MemberRegisterEntry>[] = [
  { header: 'Name', width: 3, value: name },
  { header: 'Address', width: 4, value: (entry) => entry.address ?? '' },
  { header: 'Class', width: 2, value: (entry) => entry.shareClassName ?? '' },
  { header: 'Shares', width: 1.5, value: (entry) => String(entry.shares) },
  { header: 'Entered as member', width: 2, value: (entry) => date(entry.enteredOn) },
  { header: 'Ceased to be member', width: 2, value: (entry) => date(entry.ceasedOn, '') },
];

export const BENEFICIAL_OWNER_COLUMNS: RegisterColumn<BeneficialOwnerRegisterEntry>[] = [
  { header: 'Name', width: 3, value: name },
  { header: 'Date of birth', width: 2, value: (entry) => date(entry.dateOfBirth, '') },
  { header: 'Nationality', width: 2, value: (entry) => entry.nationality ?? '' },
  { header: 'Address', width: 3, value: (entry) => entry.address ?? '' },
  { header: 'Nature and extent of interest', width: 4, value: (entry) => entry.interest },
  { header: 'Became', width: 2, value: (entry) => date(entry.becameOn) },
  { header: 'Ceased', width: 2, value: (entry) => date(entry.ceasedOn, '') },
];

/** Each register's columns, by its kind. */
export const REGISTER_COLUMNS: {
  readonly [Kind in keyof RegisterEntries]: RegisterColumn<RegisterEntries[Kind]>[];
} = {
  'directors-secretaries': OFFICER_COLUMNS,
  members: MEMBER_COLUMNS,
  'beneficial-owners': BENEFICIAL_OWNER_COLUMNS,
};

type Doc = InstanceType<typeof PDFDocument>;

/** A table: headings, then one row per entry, a new page (with the headings) when full. */
function table<Entry>(doc: Doc, columns: readonly RegisterColumn<Entry>[], rows: readonly Entry[]) {
  const width = doc.page.width - 2 * MARGIN;
  const units = columns.reduce((sum, column) => sum + column.width, 0);
  const widths = columns.map((column) => (column.width / units) * width - 4);
  const row = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    const height = Math.max(
      ...cells.map((cell, i) => doc.heightOfString(cell || ' ', { width: widths[i] })),
    );
    if (doc.y + height > doc.page.height - MARGIN) {
      doc.addPage();
      if (!bold)
        row(
          columns.map((column) => column.header),
          true,
        );
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    }
    const top = doc.y;
    let x = MARGIN;
    cells.forEach((cell, i) => {
      doc.text(cell, x, top, { width: widths[i] });
      x += widths[i] + 4;
    });
    doc.x = MARGIN;
    doc.y = top + height + 4;
    doc
      .moveTo(MARGIN, doc.y - 2)
      .lineTo(MARGIN + width, doc.y - 2)
      .strokeColor(RULE)
      .stroke();
  };
  row(
    columns.map((column) => column.header),
    true,
  );
  for (const entry of rows)
    row(
      columns.map((column) => column.value(entry)),
      false,
    );
  if (rows.length === 0) doc.font('Helvetica').fontSize(9).text('No entry.', MARGIN);
}

function heading(
  doc: Doc,
  title: string,
  company: { name: string; cro: string | null },
  sub: string,
) {
  doc.fontSize(16).font('Helvetica-Bold').text(title);
  doc.moveDown(0.2);
  doc.fontSize(12).text(company.name);
  doc.fontSize(9).font('Helvetica').fillColor(MUTED);
  doc.text(`Company number (CRO): ${company.cro || '—'}`);
  doc.text(sub);
  doc.fillColor('black').moveDown(0.8);
}

/** A register as it is kept: company name and number, the Act's columns, the date "as of". */
export function writeRegister(register: RegisterAnswer, out: Writable): void {
  const title = REGISTER_TITLES[register.kind];
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: `${title}: ${register.organizationName}`, Author: 'Registra' },
  });
  doc.pipe(out);
  heading(
    doc,
    title,
    { name: register.organizationName, cro: register.cro },
    `As of ${formatDate(register.asOf)}`,
  );
  const current = register.entries.filter((entry) => entry.current);
  const former = register.entries.filter((entry) => !entry.current);
  const columns = REGISTER_COLUMNS[register.kind] as RegisterColumn<(typeof current)[number]>[];
  doc.font('Helvetica-Bold').fontSize(10).text('Current');
  doc.moveDown(0.3);
  table(doc, columns, current);
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(10).text('Former', MARGIN);
  doc.moveDown(0.3);
  table(doc, columns, former);
  doc.end();
}

/** "B1 particulars as at {ARD}": what staff key into CORE, and what is still missing. */
export function writeAnnualReturn(answer: AnnualReturnAnswer, out: Writable): void {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: {
      Title: `B1 particulars as at ${formatDate(answer.ard)}: ${answer.organizationName}`,
      Author: 'Registra',
    },
  });
  doc.pipe(out);
  heading(
    doc,
    `B1 particulars as at ${formatDate(answer.ard)}`,
    { name: answer.organizationName, cro: answer.cro },
    `Filing deadline: ${formatDate(answer.filingDeadline)}`,
  );
  const section = (title: string) => {
    doc.moveDown(0.6);
    if (doc.y > doc.page.height - 120) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(11).text(title, MARGIN);
    doc.moveDown(0.3);
  };
  section('To complete before filing');
  doc.font('Helvetica').fontSize(9);
  if (answer.missing.length === 0) doc.text('Nothing is missing.');
  for (const item of answer.missing) doc.text(`• ${item}`);
  section('Registered office');
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(answer.registeredOffice || 'not recorded');
  section('Directors and secretary');
  table(doc, OFFICER_COLUMNS, answer.officers);
  section('Share capital');
  table(
    doc,
    [
      { header: 'Class', width: 3, value: (row) => row.name },
      {
        header: 'Nominal value',
        width: 2,
        value: (row) => `${row.currency} ${row.nominalValue}`,
      },
      { header: 'Issued', width: 2, value: (row) => String(row.issued) },
      { header: 'Held by members', width: 2, value: (row) => String(row.held) },
    ],
    answer.shareCapital,
  );
  section('Members and their holdings');
  table(doc, MEMBER_COLUMNS, answer.members);
  section('Changes since the last annual return');
  doc.font('Helvetica').fontSize(9);
  if (answer.changes.length === 0) doc.text('No change recorded.');
  for (const change of answer.changes)
    doc.text(`${formatDate(change.date)}  ${change.description}`);
  doc.end();
}
