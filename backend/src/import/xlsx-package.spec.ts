import { IMPORT_ROW_MAX_BYTES, IMPORT_XLSX_SHARED_STRINGS_MAX } from '@registra/domain';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { deflated, zipOf } from '../../test/support/xlsx-builder';
import type { ZipPart } from '../../test/support/xlsx-builder';
import { AppException } from '../platform/errors/app-exception';
import { LocalFileStorage } from '../platform/storage/local-file-storage';
import { completeUtf8Length, XlsxPackage, XmlGuard } from './xlsx-package';
import type { PartKind } from './xlsx-package';

/** The guard's verdict on `xml` fed in chunks of `size` bytes: 'ok' or the refusal's message. */
function guarded(xml: string, kind: PartKind, size: number): string {
  const guard = new XmlGuard('xl/part.xml', kind);
  const bytes = Buffer.from(xml);
  try {
    for (let at = 0; at < bytes.length; at += size) guard.scan(bytes.subarray(at, at + size));
    return 'ok';
  } catch (error) {
    if (!(error instanceof AppException)) throw error;
    return error.message;
  }
}

const TOKEN = 32_767 * 6;
const TOO_LONG =
  "The workbook's xl/part.xml holds a text or tag longer than any cell: a cell holds at most 32 767 characters";
const ROW_TOO_LARGE =
  "A row of the workbook's xl/part.xml is larger than 1 MiB, the most an import reads in one row";
const cells = (bytes: number) => '<c r="A1"><v>1</v></c>'.repeat(Math.ceil(bytes / 22));

describe('XmlGuard: a part measured as it streams, before the parser reads it', () => {
  it.each([
    [
      'a text of the longest a cell may take as written',
      `<t>${'x'.repeat(TOKEN)}</t>`,
      'other',
      'ok',
    ],
    ['one byte more', `<t>${'x'.repeat(TOKEN + 1)}</t>`, 'other', TOO_LONG],
    [
      'an attribute value hiding ">" in quotes is one tag',
      `<c r="${'a>'.repeat(TOKEN / 2 + 1)}"/>`,
      'other',
      TOO_LONG,
    ],
    ['a comment holding "<" and ">"', `<!--${'<a>'.repeat(TOKEN / 3 + 1)}-->`, 'other', TOO_LONG],
    ['a short comment', '<!-- a > b < c --><t>x</t>', 'other', 'ok'],
    ['CDATA', `<t><![CDATA[${'<'.repeat(TOKEN)}]]></t>`, 'other', TOO_LONG],
    ['an instruction', '<?xml version="1.0"?><t>x</t>', 'other', 'ok'],
    [
      'a DTD',
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x/>',
      'other',
      "The workbook's xl/part.xml holds a declaration (<!D…) Excel never writes",
    ],
    [
      `a row of ${IMPORT_ROW_MAX_BYTES} bytes of small cells`,
      `<row r="1">${cells(IMPORT_ROW_MAX_BYTES)}</row>`,
      'sheet',
      ROW_TOO_LARGE,
    ],
    [
      'the same cells in many rows',
      `<row r="1">${cells(IMPORT_ROW_MAX_BYTES / 2)}</row><row r="2">${cells(IMPORT_ROW_MAX_BYTES / 2)}</row>`,
      'sheet',
      'ok',
    ],
    [
      'what follows an empty row is not in it',
      `<row r="1"/></sheetData><mergeCells>${'<mergeCell ref="A1:B2"/>'.repeat(IMPORT_ROW_MAX_BYTES / 20)}</mergeCells>`,
      'sheet',
      'ok',
    ],
    [
      'a column range inside the grid',
      '<cols><col min="1" max="16384" width="9"/></cols>',
      'sheet',
      'ok',
    ],
    [
      'a column range past it (an object per column spanned)',
      '<cols><col min="1" max="2000000000"/></cols>',
      'sheet',
      "The workbook is damaged: a column of xl/part.xml lies past Excel's 16 384 columns",
    ],
    [
      `${IMPORT_XLSX_SHARED_STRINGS_MAX} shared strings`,
      `<sst>${'<si><t>a</t></si>'.repeat(IMPORT_XLSX_SHARED_STRINGS_MAX)}</sst>`,
      'sharedStrings',
      'ok',
    ],
    [
      'one more',
      `<sst>${'<si/>'.repeat(IMPORT_XLSX_SHARED_STRINGS_MAX + 1)}</sst>`,
      'sharedStrings',
      'The workbook holds more than 1 000 000 shared strings, the most an import reads (save the sheet as CSV to import more text)',
    ],
  ] as const)('%s', (_what, xml, kind, verdict) => {
    // The same verdict however the bytes are cut.
    for (const size of [1, 7, 64 * 1024]) {
      // Millions of one-byte calls would only slow the run: large parts in large chunks.
      if (size < 1024 && xml.length > 2_000_000) continue;
      expect(guarded(xml, kind, size)).toBe(verdict);
    }
  });
});

describe('completeUtf8Length: chunks never end inside a character', () => {
  it.each([
    ['ASCII', 'abc', 0, 3],
    ['é whole', 'aé', 0, 3],
    ['é cut after its first byte', 'aé', 1, 1],
    ['€ cut after two of its three bytes', 'a€', 1, 1],
    ['😀 cut after three of its four bytes', 'a😀', 1, 1],
    ['😀 whole', 'a😀', 0, 5],
  ])('%s', (_what, text, cut, expected) => {
    const bytes = Buffer.from(text);
    expect(completeUtf8Length(bytes.subarray(0, bytes.length - cut))).toBe(expected);
  });
});

describe('XlsxPackage: the zip read from its central directory', () => {
  let dir: string;
  let storage: LocalFileStorage;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'registra-xlsx-'));
    storage = new LocalFileStorage(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function stored(parts: ZipPart[]): Promise<string> {
    const key = randomUUID();
    await storage.put(key, Readable.from([zipOf(parts)]), 'application/zip');
    return key;
  }
  const basics = () => [
    deflated('xl/workbook.xml', '<workbook/>'),
    deflated('xl/_rels/workbook.xml.rels', '<Relationships/>'),
  ];
  async function read(parts: ZipPart[], name: string): Promise<string> {
    const pkg = await XlsxPackage.open(storage, await stored(parts));
    const chunks: Buffer[] = [];
    for await (const chunk of pkg.part(name, 'other')) chunks.push(chunk);
    return Buffer.concat(chunks).toString();
  }
  const refusal = (work: Promise<unknown>) =>
    work.then(
      () => 'read',
      (error: Error) => error.message,
    );

  it('reads a part whose sizes are written as zip64', async () => {
    const part = { ...deflated('xl/styles.xml', '<styleSheet>é</styleSheet>'), zip64: true };
    expect(await read([...basics(), part], 'xl/styles.xml')).toBe('<styleSheet>é</styleSheet>');
  });

  it('reads a stored (not deflated) part', async () => {
    const text = Buffer.from('<styleSheet/>');
    const part: ZipPart = { ...deflated('xl/styles.xml', text), method: 0, data: text };
    expect(await read([...basics(), part], 'xl/styles.xml')).toBe('<styleSheet/>');
  });

  it.each([
    [
      'an encrypted part',
      { flags: 0x801 },
      'The workbook is encrypted: save it without a password',
    ],
    [
      'a checksum that does not match',
      { crc: 12345 },
      'The workbook is damaged: xl/styles.xml fails its checksum',
    ],
    [
      'a declared size larger than the part',
      { size: 100 },
      'The workbook is damaged: xl/styles.xml unpacks to 13 bytes, not the 100 its zip directory declares',
    ],
    [
      'a declared size smaller than the part',
      { size: 5 },
      'The workbook is damaged: xl/styles.xml unpacks to more than the 5 bytes its zip directory declares',
    ],
    [
      'a compression Excel never uses',
      { method: 12 as 0 },
      'The workbook is damaged: xl/styles.xml uses a compression Excel does not write (method 12)',
    ],
  ])('%s is refused', async (_what, change, message) => {
    const part = { ...deflated('xl/styles.xml', '<styleSheet/>'), ...change };
    expect(await refusal(read([...basics(), part], 'xl/styles.xml'))).toBe(message);
  });

  it('a zip without its workbook, or not a zip at all, is not a workbook', async () => {
    expect(await refusal(read([deflated('xl/styles.xml', '<x/>')], 'xl/styles.xml'))).toBe(
      'The file is not an Excel workbook (.xlsx): it has no xl/workbook.xml',
    );
    const key = randomUUID();
    await storage.put(
      key,
      Readable.from([Buffer.from('PK\x03\x04 and then anything but a zip')]),
      'text/plain',
    );
    expect(await refusal(XlsxPackage.open(storage, key))).toBe(
      'The file is not an Excel workbook (.xlsx): it is not a whole zip',
    );
  });
});
