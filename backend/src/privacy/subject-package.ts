import { PassThrough } from 'node:stream';
import type { Readable } from 'node:stream';
import { csvLine, formatDateTime } from '@registra/domain';
import type { CsvValue } from '@registra/domain';
import PDFDocument from 'pdfkit';
import type { SubjectFile, SubjectRecords } from './privacy.repository';
import type { ZipEntry } from './zip-stream';

/** The package's tabular sections: a CSV file each, with these columns. */
const SECTIONS = {
  roles: [
    'organization',
    'cro',
    'roles',
    'beneficiaryPercentage',
    'linkedAt',
    'unlinkedAt',
    'relationshipEndedOn',
  ],
  tasks: ['title', 'description', 'status', 'organization', 'createdAt', 'deletedAt'],
  forms: ['organizationName1', 'organizationName2', 'organizationName3', 'sentAt', 'aboutThem'],
  mails: ['createdAt', 'subject', 'template', 'status'],
  audit: ['at', 'userName', 'action', 'recordType', 'recordLabel', 'changes', 'data'],
  files: ['fileName', 'contentType', 'size', 'uploadedAt'],
} as const satisfies Record<string, readonly string[]>;

const cell = (value: unknown): CsvValue =>
  value === null || value === undefined
    ? null
    : typeof value === 'object' && !(value instanceof Date)
      ? JSON.stringify(value)
      : (value as CsvValue);

function csv(columns: readonly string[], rows: readonly Record<string, unknown>[]): Buffer {
  const lines = [csvLine(columns), ...rows.map((row) => csvLine(columns.map((c) => cell(row[c]))))];
  return Buffer.from(lines.join(''), 'utf8');
}

/** A stored file's name inside the ZIP: numbered (two scans may share a name), no folders. */
const archivedName = (file: SubjectFile, index: number) =>
  `files/${String(index + 1).padStart(3, '0')}-${file.fileName.replace(/[\\/:*?"<>|]/g, '_')}`;

/** Whom the package is about: the person's name, or the e-mail of one with no person record. */
const nameOf = (records: SubjectRecords) =>
  records.person
    ? `${String(records.person.firstName ?? '')} ${String(records.person.lastName ?? '')}`.trim()
    : (records.mail ?? '');

/** The readable summary: who, when, and each section with what it holds. */
export function summaryPdf(
  records: SubjectRecords,
  requestedBy: string,
  now: Date,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Subject access export: ${nameOf(records)}`, Author: 'Registra' },
  });
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    out.on('end', () => resolve(Buffer.concat(chunks)));
    out.on('error', reject);
  });
  doc.pipe(out);
  doc.fontSize(18).font('Helvetica-Bold').text('Subject access export');
  doc.fontSize(13).text(nameOf(records));
  doc
    .fontSize(10)
    .font('Helvetica')
    .fillColor('#52606d')
    .text(`Prepared ${formatDateTime(now)} by ${requestedBy}, under the GDPR, Art. 15.`)
    .text(
      'Every record of the firm that names this person. The JSON and CSV files of this package hold them whole.',
    );
  doc.fillColor('black').moveDown();

  const heading = (title: string, count?: number) =>
    doc
      .moveDown(0.5)
      .font('Helvetica-Bold')
      .fontSize(12)
      .text(count === undefined ? title : `${title} (${count})`)
      .font('Helvetica')
      .fontSize(10);

  heading('Personal details');
  for (const [field, value] of Object.entries(records.person ?? {})) {
    if (value === null || value === '' || field === '_id') continue;
    doc.text(`${field}: ${value instanceof Date ? value.toISOString() : String(value)}`);
  }
  heading('Roles in organizations', records.roles.length);
  for (const role of records.roles) {
    const ended = role.unlinkedAt ? `, until ${String(role.unlinkedAt).slice(0, 10)}` : '';
    doc.text(`${String(role.organization)}: ${String(role.roles || 'no role')}${ended}`);
  }
  heading('Tasks naming them', records.tasks.length);
  for (const task of records.tasks) doc.text(`${String(task.title)} (${String(task.status)})`);
  heading('Company-creation requests they sent', records.forms.length);
  for (const form of records.forms) doc.text(String(form.organizationName1));
  heading('Mails sent to them', records.mails.length);
  for (const mail of records.mails)
    doc.text(`${String(mail.createdAt).slice(0, 10)}: ${String(mail.subject)}`);
  heading('Files in their folder', records.files.length);
  for (const file of records.files) doc.text(file.fileName);
  heading('Entries of the change history about them', records.audit.length);
  doc.end();
  return done;
}

/**
 * The package's files in the order they are written: data.json (everything), one CSV per
 * section, summary.pdf, and the files of the person's folder under files/.
 */
export async function* subjectPackage(
  records: SubjectRecords,
  requestedBy: string,
  openFile: (file: SubjectFile) => Promise<Readable>,
  onFile: (index: number) => Promise<void>,
  now = new Date(),
): AsyncGenerator<ZipEntry> {
  const files = records.files.map(({ storageKey: _key, ...file }, index) => ({
    ...file,
    inPackage: archivedName(records.files[index], index),
  }));
  const json = { exportedAt: now.toISOString(), ...records, files };
  yield { name: 'data.json', content: Buffer.from(JSON.stringify(json, null, 2), 'utf8') };
  yield {
    name: 'person.csv',
    content: csv(
      ['field', 'value'],
      Object.entries(records.person ?? {}).map(([field, value]) => ({ field, value })),
    ),
  };
  for (const [section, columns] of Object.entries(SECTIONS)) {
    const rows = section === 'files' ? files : records[section as keyof typeof SECTIONS];
    yield { name: `${section}.csv`, content: csv(columns, rows as Record<string, unknown>[]) };
  }
  yield { name: 'summary.pdf', content: await summaryPdf(records, requestedBy, now) };
  for (const [index, file] of records.files.entries()) {
    await onFile(index);
    yield { name: archivedName(file, index), content: () => openFile(file) };
  }
}
