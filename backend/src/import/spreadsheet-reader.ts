import {
  formatImportLimit,
  IMPORT_CELL_MAX_CHARS,
  IMPORT_COLUMNS_MAX,
  IMPORT_ROW_MAX_BYTES,
  IMPORT_ROWS_MAX,
} from '@registra/domain';
import type { ImportCell, ImportEncoding } from '@registra/domain';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { isUtf8 } from 'node:buffer';
import { Readable, Transform as StreamTransform } from 'node:stream';
import type { Transform } from 'node:stream';
import { AppException } from '../platform/errors/app-exception';
import type { FileStorage } from '../platform/storage/file-storage';
import { badFile, limitExceeded } from './file-errors';
import { workbookCell } from './workbook-cells';
import {
  SHARED_STRINGS_PART,
  STYLES_PART,
  WORKBOOK_PART,
  WORKBOOK_RELS_PART,
  XlsxPackage,
} from './xlsx-package';

/** How a stored file is read; decided at upload, the encoding and sheet changeable later. */
export interface SheetSource {
  format: 'csv' | 'xlsx';
  encoding: ImportEncoding | null;
  delimiter: string | null;
  sheet: string | null;
  /**
   * The header's row number as the spreadsheet shows it (rows above it, a title, are not read);
   * null: the first non-blank row.
   */
  headerRow?: number | null;
}

/** One data row: its number as a spreadsheet shows it (the header is row 1) and its cells. */
export interface SheetRow {
  row: number;
  cells: ImportCell[];
}

/** What the upload learns from the head of the file. */
export interface SheetInspection extends SheetSource {
  headerRow: number;
  sheets: string[];
  columns: string[];
  firstRows: SheetRow[];
}

/** Bytes read to detect the format, the encoding and the delimiter. */
const HEAD_BYTES = 64 * 1024;
const DELIMITERS = [',', ';', '\t'] as const;
/** Excel's grid: a row number past it is a damaged (or made-up) worksheet. */
const XLSX_GRID_ROWS = 1_048_576;

/** What a reader reports while it reads (the check's progress). */
export interface ReadOptions {
  /** XLSX: the workbook's sheets, once known. */
  onSheets?: (names: string[]) => void;
  /** How far through the file the reading is, 0 to 1. */
  onProgress?: (fraction: number) => void;
  /** CSV: note which rows are UTF-8 and which are not, instead of refusing a row. */
  encodingSurvey?: EncodingSurvey;
}

async function readHead(storage: FileStorage, key: string, size: number): Promise<Buffer> {
  if (size === 0) return Buffer.alloc(0);
  const stream = await storage.read(key, { start: 0, end: Math.min(size, HEAD_BYTES) - 1 });
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Text files hold no NUL byte and few control characters; anything else is binary. */
function looksBinary(head: Buffer): boolean {
  if (head.includes(0)) return true;
  let control = 0;
  for (const byte of head) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) control++;
  }
  return control > head.length * 0.05;
}

/**
 * UTF-8 when the bytes decode as UTF-8 (with or without a BOM), else Windows-1252, the encoding
 * Excel on Windows saves "CSV" in. A head cut in the middle of a character is not held against it.
 */
export function detectEncoding(head: Buffer, complete: boolean): ImportEncoding {
  if (head.subarray(0, 3).equals(UTF8_BOM)) return 'utf-8';
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    decoder.decode(complete ? head : head.subarray(0, Math.max(0, head.length - 3)));
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** The delimiter the header line uses most, outside quotes: `,`, `;` or tab. */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ',';
  for (const [delimiter, count] of counts) if (count > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/**
 * Decides how to read an uploaded file from its name and its first bytes, refusing what is not a
 * CSV text file or an Excel workbook.
 */
export async function detectSource(
  storage: FileStorage,
  key: string,
  fileName: string,
  size: number,
  options: { encoding?: ImportEncoding; sheet?: string } = {},
): Promise<SheetSource> {
  if (size === 0) throw badFile('The file is empty');
  const extension = extensionOf(fileName);
  const head = await readHead(storage, key, size);
  if (extension === 'xlsm' || extension === 'xls' || extension === 'xlsb') {
    throw badFile(
      `.${extension} workbooks are not imported (macros and the old Excel format are refused): save the sheet as .xlsx or .csv`,
    );
  }
  if (extension === 'xlsx') {
    if (!head.subarray(0, 4).equals(ZIP_MAGIC))
      throw badFile('The file is not an Excel workbook (.xlsx)');
    return { format: 'xlsx', encoding: null, delimiter: null, sheet: options.sheet ?? null };
  }
  if (extension !== 'csv' && extension !== 'txt' && extension !== 'tsv') {
    throw badFile('Only .csv and .xlsx files can be imported');
  }
  if (head.subarray(0, 4).equals(ZIP_MAGIC) || looksBinary(head)) {
    throw badFile('The file is not a CSV text file (it holds binary data)');
  }
  const encoding = options.encoding ?? detectEncoding(head, head.length === size);
  const text = iconv.decode(head, encoding);
  if (text.replace(/^\uFEFF/, '').trim() === '') throw badFile('The file is empty');
  return {
    format: 'csv',
    encoding,
    delimiter: detectDelimiter(text.replace(/^\uFEFF/, '')),
    sheet: null,
  };
}

// ---------------------------------------------------------------- CSV

/**
 * What the check's first reading learns of a CSV file's bytes, row by row: the first row holding
 * a character written in UTF-8 (a multi-byte sequence), the first holding bytes UTF-8 cannot read.
 */
export interface EncodingSurvey {
  firstUtf8Row: number | null;
  firstNotUtf8Row: number | null;
}

const ENCODING_NAMES: Readonly<Record<ImportEncoding, string>> = {
  'utf-8': 'UTF-8',
  'windows-1252': 'Windows-1252',
};

/**
 * The encoding a whole CSV file is read in, from its survey: a file UTF-8 cannot read is
 * Windows-1252 (whatever its first 64 KB suggested); a file holding both UTF-8 characters and
 * bytes UTF-8 cannot read mixes two encodings and is refused, naming its first row not in the
 * encoding of the rows before it. Otherwise the encoding stays the one chosen (or guessed).
 */
export function decideEncoding(chosen: ImportEncoding, survey: EncodingSurvey): ImportEncoding {
  const { firstUtf8Row, firstNotUtf8Row } = survey;
  if (firstUtf8Row !== null && firstNotUtf8Row !== null) {
    const [good, bad] =
      firstUtf8Row < firstNotUtf8Row
        ? [firstUtf8Row, firstNotUtf8Row]
        : [firstNotUtf8Row, firstUtf8Row];
    const goodEncoding = good === firstUtf8Row ? 'utf-8' : 'windows-1252';
    throw badFile(
      `The file mixes two encodings: row ${bad} is not ${ENCODING_NAMES[goodEncoding]} like row ${good} before it. ` +
        'Save the whole file again in one encoding (CSV UTF-8) and import it again',
    );
  }
  if (firstNotUtf8Row !== null) return 'windows-1252';
  return chosen;
}

/** Any byte past ASCII: a cell without one reads the same in both encodings. */
const NON_ASCII = /[\u0080-\u00ff]/;

/**
 * The CSV's cells, read byte for byte (latin1: one character per byte, so the delimiters, quotes
 * and line ends are found whatever the encoding), then each decoded in the file's encoding. A row
 * that encoding cannot read whole (UTF-8's invalid bytes, Windows-1252's five undefined ones) is
 * refused naming it: no replacement character (U+FFFD) is ever stored. With a survey, the rows
 * are only noted (the check's first reading decides the encoding from them).
 */
async function* csvRecords(
  storage: FileStorage,
  key: string,
  source: SheetSource,
  options: ReadOptions,
): AsyncGenerator<SheetRow> {
  const size = options.onProgress ? ((await storage.size(key)) ?? 0) : 0;
  const body: Readable = await storage.read(key);
  if (options.onProgress && size > 0) {
    let read = 0;
    body.on('data', (chunk: Buffer) => {
      read += chunk.length;
      options.onProgress?.(Math.min(1, read / size));
    });
  }
  const encoding = source.encoding ?? 'utf-8';
  // A UTF-8 byte-order mark is dropped before the parser sees it (a quoted first header must
  // open the file). The stream's first chunk holds it whole: storage reads in kilobytes.
  let first = true;
  const withoutBom = new StreamTransform({
    transform(chunk: Buffer, _encoding, done) {
      const bytes = first && chunk.subarray(0, 3).equals(UTF8_BOM) ? chunk.subarray(3) : chunk;
      first = false;
      done(null, bytes);
    },
  });
  const decoded = body.pipe(withoutBom).pipe(iconv.decodeStream('latin1')) as unknown as Transform;
  const parser = decoded.pipe(
    parse({
      delimiter: source.delimiter ?? ',',
      relax_column_count: true,
      max_record_size: IMPORT_ROW_MAX_BYTES,
      skip_empty_lines: false,
      bom: false,
    }),
  );
  body.on('error', (error) => parser.destroy(error));
  withoutBom.on('error', (error: Error) => parser.destroy(error));
  decoded.on('error', (error: Error) => parser.destroy(error));
  let row = 0;
  const survey = options.encodingSurvey;
  try {
    for await (const record of parser) {
      row += 1;
      const raw = record as string[];
      const cells: string[] = new Array<string>(raw.length);
      let utf8 = false;
      let notUtf8 = false;
      for (let index = 0; index < raw.length; index++) {
        const cell = raw[index];
        if (!NON_ASCII.test(cell)) {
          cells[index] = cell;
          continue;
        }
        const bytes = Buffer.from(cell, 'latin1');
        if (isUtf8(bytes)) utf8 = true;
        else notUtf8 = true;
        cells[index] =
          encoding === 'utf-8' ? bytes.toString('utf8') : iconv.decode(bytes, encoding);
      }
      if (survey) {
        if (utf8) survey.firstUtf8Row ??= row;
        if (notUtf8) survey.firstNotUtf8Row ??= row;
      } else if (cells.some((cell) => cell.includes('\uFFFD'))) {
        throw badFile(
          `Row ${row} is not ${ENCODING_NAMES[encoding]} text: ${
            encoding === 'utf-8'
              ? 'the file is not UTF-8 throughout; save it again as CSV UTF-8'
              : 'it holds bytes Windows-1252 does not define; save the file again as CSV UTF-8'
          } and import it again`,
        );
      }
      yield { row, cells };
    }
  } catch (error) {
    if (error instanceof AppException) throw error;
    const { code, lines } = error as { code?: string; lines?: number };
    const near = lines ? ` (near line ${lines})` : '';
    if (code === 'CSV_QUOTE_NOT_CLOSED') {
      throw badFile(`A quoted value is never closed${near}: check the file's quotes`);
    }
    if (code === 'CSV_MAX_RECORD_SIZE') {
      throw limitExceeded(
        `A row is longer than ${formatImportLimit(IMPORT_ROW_MAX_BYTES, 'bytes')}${near}, the most an import reads in one row: is a quote left open, is it really CSV?`,
      );
    }
    throw badFile(`The file is not valid CSV${near}: ${(error as Error).message}`);
  } finally {
    body.destroy();
    withoutBom.destroy();
    decoded.destroy();
    parser.destroy();
  }
}

// ---------------------------------------------------------------- XLSX

interface XlsxWorksheetReader extends AsyncIterable<ExcelJS.Row> {
  id: number;
  name: string;
}

/**
 * The steps of exceljs's streaming WorkbookReader, each given one part's stream. The reader's own
 * loop takes the whole zip and unpacks it unbounded (a worksheet read before the shared strings
 * goes to a temporary file, whatever its size); its steps are called here on the parts
 * XlsxPackage has checked, in the order that needs no temporary file, and only for the sheet
 * read. exceljs is pinned (package.json); the import's XLSX tests run these steps.
 */
interface WorkbookSteps {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(
    iterator: AsyncIterable<Buffer>,
    sheetNo: string,
  ): Generator<{ eventType: string; value: XlsxWorksheetReader }>;
  sharedStrings?: unknown[];
  workbookRels?: Array<{ Id: string; Target: string }>;
  /** The workbook's properties; its worksheets read `model.date1904` to convert dates. */
  properties?: { model?: { date1904?: boolean } };
  model?: { sheets?: Array<{ name: string; rId: string; id: number }> };
}

function workbookSteps(): WorkbookSteps {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(undefined as unknown as Readable, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  }) as unknown as WorkbookSteps;
  for (const step of [
    '_parseRels',
    '_parseWorkbook',
    '_parseStyles',
    '_parseSharedStrings',
    '_parseWorksheet',
  ] as const) {
    if (typeof reader[step] !== 'function') {
      throw new Error(`exceljs no longer has WorkbookReader.${step}: the XLSX reader needs it`);
    }
  }
  return reader;
}

/** `worksheets/sheet1.xml` (relative to xl/) or `/xl/worksheets/sheet1.xml` → the zip's name. */
function partOfTarget(target: string): string {
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  const parts: string[] = [];
  for (const piece of path.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece !== '.' && piece !== '') parts.push(piece);
  }
  return parts.join('/');
}

async function partBytes(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

/** `<workbookPr date1904="1"/>` or `"true"` (Excel for Mac's older default): days count from 1904. */
export function usesDate1904(workbookXml: Buffer): boolean {
  return /<(?:\w+:)?workbookPr\b[^>]*\bdate1904\s*=\s*["'](?:1|true)["']/.test(
    workbookXml.toString('utf8'),
  );
}

async function* xlsxRecords(
  storage: FileStorage,
  key: string,
  source: SheetSource,
  options: ReadOptions,
): AsyncGenerator<SheetRow> {
  const pkg = await XlsxPackage.open(storage, key);
  const part = (name: string) =>
    Readable.from(pkg.part(name, 'other'), { objectMode: false, highWaterMark: 64 * 1024 });
  const reader = workbookSteps();
  let sheet: XlsxWorksheetReader | undefined;
  let names: string[] = [];
  let date1904 = false;
  try {
    await reader._parseRels(part(WORKBOOK_RELS_PART));
    // The workbook part is small (IMPORT_XLSX_PART_MAX_BYTES) and read whole: its date system
    // is read here too, since exceljs knows only date1904="1" and LibreOffice writes "true".
    const workbookXml = await partBytes(pkg.part(WORKBOOK_PART, 'other'));
    await reader._parseWorkbook(Readable.from([workbookXml]));
    date1904 = usesDate1904(workbookXml);
    reader.properties = { model: { ...reader.properties?.model, date1904 } };
    if (pkg.has(STYLES_PART)) await reader._parseStyles(part(STYLES_PART));
    if (pkg.has(SHARED_STRINGS_PART)) {
      const strings = Readable.from(pkg.part(SHARED_STRINGS_PART, 'sharedStrings'), {
        objectMode: false,
        highWaterMark: 64 * 1024,
      });
      for await (const _event of reader._parseSharedStrings(strings)) void _event;
    } else {
      reader.sharedStrings = [];
    }
    const sheets = reader.model?.sheets ?? [];
    names = sheets.map((entry) => entry.name);
    const wanted = sheets.find((entry) => entry.name === (source.sheet ?? names[0]));
    if (wanted) {
      const rel = (reader.workbookRels ?? []).find((entry) => entry.Id === wanted.rId);
      const path = rel ? partOfTarget(rel.Target) : '';
      if (!pkg.has(path)) throw badFile(`The workbook's sheet "${wanted.name}" is missing`);
      options.onSheets?.(names);
      const total = pkg.sizeOf(path);
      let read = 0;
      const bytes = pkg.part(path, 'sheet', (count) => {
        read += count;
        if (total > 0) options.onProgress?.(Math.min(1, read / total));
      });
      const sheetNo = /(\d+)\.xml$/.exec(path)?.[1] ?? String(wanted.id);
      for (const event of reader._parseWorksheet(bytes, sheetNo)) {
        if (event.eventType === 'worksheet') sheet = event.value;
      }
    }
    if (sheet) {
      for await (const row of sheet) {
        if (row.number > XLSX_GRID_ROWS) {
          throw badFile(`The workbook is damaged: a row is numbered ${row.number}`);
        }
        const cells: ImportCell[] = [];
        row.eachCell({ includeEmpty: false }, (cell, column) => {
          cells[column - 1] = workbookCell(cell.value, cell.numFmt, date1904);
        });
        yield { row: row.number, cells: Array.from(cells, (cell) => cell ?? null) };
      }
    }
  } catch (error) {
    if (error instanceof AppException) throw error;
    throw badFile(`The workbook could not be read: ${(error as Error).message}`);
  }
  if (!sheet) {
    throw badFile(
      source.sheet
        ? `The workbook has no sheet named "${source.sheet}" (sheets: ${names.join(', ')})`
        : 'The workbook has no sheet',
    );
  }
}

// ---------------------------------------------------------------- both

const isBlank = (cells: readonly ImportCell[]) =>
  cells.every((cell) => cell === null || cell === undefined || String(cell).trim() === '');

/** Header names as the mapping uses them: trimmed, blanks named by position, repeats numbered. */
export function columnNames(cells: readonly ImportCell[]): string[] {
  const names: string[] = [];
  cells.forEach((cell, index) => {
    const base = String(cell ?? '').trim() || `Column ${index + 1}`;
    let name = base;
    for (let n = 2; names.includes(name); n++) name = `${base} (${n})`;
    names.push(name);
  });
  while (names.length > 0 && /^Column \d+$/.test(names[names.length - 1])) names.pop();
  return names;
}

/** The row's width: the cells up to its last non-blank one. */
function widthOf(cells: readonly ImportCell[]): number {
  let width = cells.length;
  while (width > 0) {
    const cell = cells[width - 1];
    if (cell !== null && cell !== undefined && String(cell) !== '') break;
    width -= 1;
  }
  return width;
}

/** The import's limits on one row read: its number, its width, each cell's length. */
function checkRecord(record: SheetRow, count: number, header: boolean): void {
  if (count > IMPORT_ROWS_MAX) {
    throw limitExceeded(
      `The file has more than ${formatImportLimit(IMPORT_ROWS_MAX)} rows, the most an import reads: split it into several files`,
    );
  }
  const width = widthOf(record.cells);
  if (width > IMPORT_COLUMNS_MAX) {
    throw limitExceeded(
      header
        ? `The file has ${width} columns; at most ${IMPORT_COLUMNS_MAX} can be imported`
        : `Row ${record.row} has a value in column ${width}; at most ${IMPORT_COLUMNS_MAX} columns can be imported`,
    );
  }
  for (let index = 0; index < width; index++) {
    const cell = record.cells[index];
    if (typeof cell === 'string' && cell.length > IMPORT_CELL_MAX_CHARS) {
      throw limitExceeded(
        `The cell at row ${record.row}, column ${index + 1} holds ${formatImportLimit(cell.length)} characters; a cell holds at most ${formatImportLimit(IMPORT_CELL_MAX_CHARS)}`,
      );
    }
  }
}

/** Every row of the file, each within the import's limits (413 at the first it passes). */
async function* limitedRecords(
  storage: FileStorage,
  key: string,
  source: SheetSource,
  options: ReadOptions,
): AsyncGenerator<SheetRow> {
  const records =
    source.format === 'csv'
      ? csvRecords(storage, key, source, options)
      : xlsxRecords(storage, key, source, options);
  let count = 0;
  for await (const record of records) {
    count += 1;
    checkRecord(record, count, count === 1);
    yield record;
  }
}

/**
 * The file's header (its `headerRow`, else its first non-blank row) then each non-blank data row
 * below it, streamed: a file of any size is read with a few rows in memory, and refused (413) at
 * the first limit it passes. Rows above the header (a title, a note) are not read as data.
 */
export async function* readSheet(
  storage: FileStorage,
  key: string,
  source: SheetSource,
  onHeader: (columns: string[]) => void,
  options: ReadOptions = {},
): AsyncGenerator<SheetRow> {
  const headerRow = source.headerRow ?? null;
  let columns: string[] | undefined;
  for await (const record of limitedRecords(storage, key, source, options)) {
    if (!columns && headerRow !== null) {
      if (record.row < headerRow) continue;
      if (record.row > headerRow || isBlank(record.cells)) throw blankHeader(headerRow);
    }
    if (isBlank(record.cells)) continue;
    if (!columns) {
      columns = columnNames(record.cells);
      onHeader(columns);
      continue;
    }
    yield record;
  }
  if (!columns) {
    if (headerRow !== null) throw blankHeader(headerRow);
    throw badFile('The file is empty');
  }
}

const blankHeader = (row: number) =>
  badFile(`Row ${row} is blank or past the end of the file: the header row names the columns`);

/** Rows of the file's head the upload looks through for its header row. */
export const HEADER_SCAN_ROWS = 20;

/**
 * The header row among the first non-blank rows: the first whose cells name a field of the
 * import (`fits`), else the first with at least two cells, all text (a title above is one merged
 * cell), else the first.
 */
export function guessHeaderRow(
  rows: readonly SheetRow[],
  fits: (columns: string[]) => boolean,
): SheetRow | undefined {
  const candidates = rows.slice(0, HEADER_SCAN_ROWS);
  return (
    candidates.find((row) => fits(columnNames(row.cells))) ??
    candidates.find((row) => {
      const filled = row.cells.filter((cell) => cell !== null && String(cell).trim() !== '');
      return filled.length >= 2 && filled.every((cell) => typeof cell === 'string');
    }) ??
    candidates[0]
  );
}

/**
 * The header, the sheets and the first rows, for the upload's answer. Without a `headerRow`, it
 * is guessed (`guessHeaderRow`) among the first rows.
 */
export async function inspectSheet(
  storage: FileStorage,
  key: string,
  source: SheetSource,
  rowCount: number,
  onSheets?: (names: string[]) => void,
  fits: (columns: string[]) => boolean = () => false,
): Promise<SheetInspection> {
  let sheets: string[] = [];
  const options: ReadOptions = {
    onSheets: (names) => {
      sheets = names;
      onSheets?.(names);
    },
  };
  let headerRow: number;
  let columns: string[] = [];
  const firstRows: SheetRow[] = [];
  if (source.headerRow) {
    headerRow = source.headerRow;
    const rows = readSheet(storage, key, source, (names) => (columns = names), options);
    for await (const row of rows) {
      firstRows.push(row);
      if (firstRows.length >= rowCount) break;
    }
  } else {
    const head: SheetRow[] = [];
    const records = limitedRecords(storage, key, source, options);
    for await (const record of records) {
      if (isBlank(record.cells)) continue;
      head.push(record);
      if (head.length >= HEADER_SCAN_ROWS + rowCount) break;
    }
    const header = guessHeaderRow(head, fits);
    if (!header) throw badFile('The file is empty');
    headerRow = header.row;
    columns = columnNames(header.cells);
    firstRows.push(...head.filter((row) => row.row > header.row).slice(0, rowCount));
  }
  if (firstRows.length === 0) throw badFile('The file has a header row but no data rows');
  return {
    ...source,
    sheet: source.format === 'xlsx' ? (source.sheet ?? sheets[0] ?? null) : null,
    headerRow,
    sheets,
    columns,
    firstRows,
  };
}
