import {
  formatImportLimit,
  IMPORT_CELL_MAX_CHARS,
  IMPORT_ROW_MAX_BYTES,
  IMPORT_XLSX_ENTRIES_MAX,
  IMPORT_XLSX_PART_MAX_BYTES,
  IMPORT_XLSX_SHARED_STRINGS_MAX,
  IMPORT_XLSX_SHARED_STRINGS_MAX_BYTES,
  IMPORT_XLSX_UNPACKED_MAX_BYTES,
} from '@registra/domain';
import type { Readable } from 'node:stream';
import { crc32, createInflateRaw } from 'node:zlib';
import { AppException } from '../platform/errors/app-exception';
import type { FileStorage } from '../platform/storage/file-storage';
import { badFile, describeBytes, limitExceeded } from './file-errors';

/**
 * An .xlsx workbook is a zip of XML parts. Its parts are read here, one at a time and only those
 * the import needs, with every size bounded twice: before a byte is unpacked, from the zip's
 * central directory (the declared sizes, against the limits), and while unpacking, where the
 * bytes actually inflated are counted against what their entry declared (a zip's headers are
 * written by whoever made the file: a bomb declares little and unpacks to gigabytes). The XML is
 * measured as it streams, before the parser sees it: no text or tag longer than a cell may be, no
 * row larger than IMPORT_ROW_MAX_BYTES, no more shared strings than IMPORT_XLSX_SHARED_STRINGS_MAX,
 * no DTD. The parser (exceljs) therefore never holds more than the limits allow.
 */

export const WORKBOOK_PART = 'xl/workbook.xml';
export const WORKBOOK_RELS_PART = 'xl/_rels/workbook.xml.rels';
export const STYLES_PART = 'xl/styles.xml';
export const SHARED_STRINGS_PART = 'xl/sharedStrings.xml';

/** How a part's XML is watched while it streams. */
export type PartKind = 'sheet' | 'sharedStrings' | 'other';

interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

/** The four bytes that open each zip record. */
const enum Signature {
  EndOfCentralDirectory = 0x06054b50,
  Zip64Locator = 0x07064b50,
  Zip64EndOfCentralDirectory = 0x06064b50,
  CentralEntry = 0x02014b50,
  LocalHeader = 0x04034b50,
}
const EOCD_BYTES = 22;
const ZIP64_LOCATOR_BYTES = 20;
const MAX_COMMENT_BYTES = 0xffff;
const U32_MAX = 0xffffffff;
/** A central directory entry is 46 bytes and a name; 1 KiB each leaves room for long names. */
const CENTRAL_DIRECTORY_MAX_BYTES = IMPORT_XLSX_ENTRIES_MAX * 1024;
/** Excel's grid: no worksheet has a column past XFD. */
export const XLSX_GRID_COLUMNS = 16_384;
/**
 * The longest text or tag the XML may hold: a cell of IMPORT_CELL_MAX_CHARS characters, each up
 * to 6 bytes as written (`&amp;`, a 4-byte UTF-8 character, `&#x1F600;` for two code units).
 */
const XML_TOKEN_MAX_BYTES = IMPORT_CELL_MAX_CHARS * 6;

const damaged = (detail: string) => badFile(`The workbook is damaged: ${detail}`);

async function readBytes(
  storage: FileStorage,
  key: string,
  start: number,
  end: number,
): Promise<Buffer> {
  const stream = await storage.read(key, { start, end });
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The zip64 extended information of a central directory entry, for its fields set to 0xFFFFFFFF. */
function zip64Values(extra: Buffer, wanted: number): number[] {
  let at = 0;
  while (at + 4 <= extra.length) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      const values: number[] = [];
      for (let i = 0; i < wanted && 8 * (i + 1) <= length; i++) {
        values.push(Number(extra.readBigUInt64LE(at + 4 + 8 * i)));
      }
      return values;
    }
    at += 4 + length;
  }
  return [];
}

/** Where the central directory is and how many entries it lists, from the end of the file. */
async function findCentralDirectory(
  storage: FileStorage,
  key: string,
  size: number,
): Promise<{ entries: number; offset: number; length: number; end: number }> {
  if (size < EOCD_BYTES) throw badFile('The file is not an Excel workbook (.xlsx)');
  const tailStart = Math.max(0, size - EOCD_BYTES - MAX_COMMENT_BYTES - ZIP64_LOCATOR_BYTES);
  const tail = await readBytes(storage, key, tailStart, size - 1);
  let at = -1;
  for (let i = tail.length - EOCD_BYTES; i >= 0; i--) {
    if (
      tail.readUInt32LE(i) === Signature.EndOfCentralDirectory &&
      i + EOCD_BYTES + tail.readUInt16LE(i + 20) <= tail.length
    ) {
      at = i;
      break;
    }
  }
  if (at < 0) throw badFile('The file is not an Excel workbook (.xlsx): it is not a whole zip');
  if (tail.readUInt16LE(at + 4) !== 0 || tail.readUInt16LE(at + 6) !== 0) {
    throw badFile('The workbook is split over several files: save it again as one .xlsx');
  }
  let entries = tail.readUInt16LE(at + 10);
  let length = tail.readUInt32LE(at + 12);
  let offset = tail.readUInt32LE(at + 16);
  const end = tailStart + at;
  if (entries === 0xffff || length === U32_MAX || offset === U32_MAX) {
    const locator = at - ZIP64_LOCATOR_BYTES;
    if (locator < 0 || tail.readUInt32LE(locator) !== Signature.Zip64Locator) {
      throw damaged('its zip64 end record is missing');
    }
    const recordOffset = Number(tail.readBigUInt64LE(locator + 8));
    if (recordOffset + 56 > size) throw damaged('its zip64 end record is out of the file');
    const record = await readBytes(storage, key, recordOffset, recordOffset + 55);
    if (record.readUInt32LE(0) !== Signature.Zip64EndOfCentralDirectory)
      throw damaged('no zip64 end record');
    entries = Number(record.readBigUInt64LE(32));
    length = Number(record.readBigUInt64LE(40));
    offset = Number(record.readBigUInt64LE(48));
  }
  if (entries > IMPORT_XLSX_ENTRIES_MAX) {
    throw limitExceeded(
      `The workbook holds ${formatImportLimit(entries)} entries: an import reads workbooks of at most ${formatImportLimit(IMPORT_XLSX_ENTRIES_MAX)}`,
    );
  }
  if (length > CENTRAL_DIRECTORY_MAX_BYTES || offset + length > end) {
    throw damaged('its zip directory is out of place');
  }
  return { entries, offset, length, end };
}

function readEntries(directory: Buffer, count: number): ZipEntry[] {
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== Signature.CentralEntry) {
      throw damaged('its zip directory is cut short');
    }
    const flags = directory.readUInt16LE(at + 8);
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const next = at + 46 + nameLength + extraLength + commentLength;
    if (next > directory.length) throw damaged('its zip directory is cut short');
    const nameBytes = directory.subarray(at + 46, at + 46 + nameLength);
    const extra = directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength);
    let size = directory.readUInt32LE(at + 24);
    let compressedSize = directory.readUInt32LE(at + 20);
    let localHeaderOffset = directory.readUInt32LE(at + 42);
    // Zip64 lists, in this order, only the fields whose 32-bit value is 0xFFFFFFFF.
    const wide = [size, compressedSize, localHeaderOffset].filter((v) => v === U32_MAX).length;
    if (wide > 0) {
      const values = zip64Values(extra, wide);
      if (values.length < wide) throw damaged('a zip64 entry lacks its sizes');
      if (size === U32_MAX) size = values.shift() as number;
      if (compressedSize === U32_MAX) compressedSize = values.shift() as number;
      if (localHeaderOffset === U32_MAX) localHeaderOffset = values.shift() as number;
    }
    entries.push({
      // Bit 11: the name is UTF-8; otherwise code page 437, whose ASCII part names every part read.
      name: nameBytes.toString(flags & 0x800 ? 'utf8' : 'latin1'),
      flags,
      method: directory.readUInt16LE(at + 10),
      crc: directory.readUInt32LE(at + 16),
      compressedSize,
      size,
      localHeaderOffset,
    });
    at = next;
  }
  return entries;
}

/** The parts read whole besides the shared strings, and their limit. */
const SMALL_PARTS = [WORKBOOK_PART, WORKBOOK_RELS_PART, STYLES_PART];

/** A workbook's zip, opened from its central directory and checked against the import's limits. */
export class XlsxPackage {
  private readonly byName = new Map<string, ZipEntry>();

  private constructor(
    private readonly storage: FileStorage,
    private readonly key: string,
    entries: ZipEntry[],
    /** Where the entries' data must end: the central directory's start. */
    private readonly dataEnd: number,
  ) {
    for (const entry of entries) {
      const wanted = SMALL_PARTS.includes(entry.name) || entry.name === SHARED_STRINGS_PART;
      if (wanted && this.byName.has(entry.name)) {
        throw damaged(`${entry.name} appears twice in it`);
      }
      // Other repeated names (two images of one name) are never read: the first is kept.
      if (!this.byName.has(entry.name)) this.byName.set(entry.name, entry);
    }
  }

  /**
   * Reads the central directory (a few KiB at the end of the file) and refuses, before anything
   * is unpacked, a workbook whose declared sizes pass a limit.
   */
  static async open(storage: FileStorage, key: string): Promise<XlsxPackage> {
    const size = await storage.size(key);
    if (size === undefined) throw badFile('The file is no longer stored: upload it again');
    const directory = await findCentralDirectory(storage, key, size);
    const entries = readEntries(
      directory.length > 0
        ? await readBytes(storage, key, directory.offset, directory.offset + directory.length - 1)
        : Buffer.alloc(0),
      directory.entries,
    );
    const pkg = new XlsxPackage(storage, key, entries, directory.offset);
    // The parts read whole first: their own limit names what is wrong better than the total.
    const strings = pkg.byName.get(SHARED_STRINGS_PART);
    if (strings && strings.size > IMPORT_XLSX_SHARED_STRINGS_MAX_BYTES) {
      throw sharedStringsTooLarge(strings.size);
    }
    for (const name of SMALL_PARTS) {
      const part = pkg.byName.get(name);
      if (part && part.size > IMPORT_XLSX_PART_MAX_BYTES) {
        throw limitExceeded(
          `The workbook's ${name} unpacks to ${describeBytes(part.size)}: an import reads at most ${formatImportLimit(IMPORT_XLSX_PART_MAX_BYTES, 'bytes')} of it`,
        );
      }
    }
    const total = entries.reduce((sum, entry) => sum + entry.size, 0);
    if (total > IMPORT_XLSX_UNPACKED_MAX_BYTES) {
      throw limitExceeded(
        `The workbook unpacks to ${describeBytes(total)}: an import reads workbooks of at most ${formatImportLimit(IMPORT_XLSX_UNPACKED_MAX_BYTES, 'bytes')} unpacked`,
      );
    }
    if (!pkg.has(WORKBOOK_PART) || !pkg.has(WORKBOOK_RELS_PART)) {
      throw badFile(`The file is not an Excel workbook (.xlsx): it has no ${WORKBOOK_PART}`);
    }
    return pkg;
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** The unpacked size its entry declares (the bytes read are held to it). */
  sizeOf(name: string): number {
    return this.byName.get(name)?.size ?? 0;
  }

  /**
   * One part's bytes, unpacked as they are read from storage and measured before they are
   * handed on (so the parser never receives a byte past a limit), in chunks that never cut a
   * UTF-8 character (the parser decodes each chunk on its own). `onBytes` hears each chunk's size.
   */
  async *part(
    name: string,
    kind: PartKind,
    onBytes?: (bytes: number) => void,
  ): AsyncGenerator<Buffer> {
    const entry = this.byName.get(name);
    if (!entry) throw damaged(`${name} is missing`);
    const guard = new XmlGuard(name, kind);
    let carry: Buffer | undefined;
    for await (const chunk of this.unpack(entry)) {
      guard.scan(chunk);
      onBytes?.(chunk.length);
      const bytes = carry ? Buffer.concat([carry, chunk]) : chunk;
      const cut = completeUtf8Length(bytes);
      carry = cut < bytes.length ? bytes.subarray(cut) : undefined;
      if (cut > 0) yield bytes.subarray(0, cut);
    }
    if (carry) yield carry;
  }

  /** The entry's data inflated, its size and checksum held to what the directory declares. */
  private async *unpack(entry: ZipEntry): AsyncGenerator<Buffer> {
    if (entry.flags & 0x1) throw badFile('The workbook is encrypted: save it without a password');
    if (entry.method !== 0 && entry.method !== 8) {
      throw damaged(
        `${entry.name} uses a compression Excel does not write (method ${entry.method})`,
      );
    }
    const header = await readBytes(
      this.storage,
      this.key,
      entry.localHeaderOffset,
      entry.localHeaderOffset + 29,
    );
    if (header.length < 30 || header.readUInt32LE(0) !== Signature.LocalHeader) {
      throw damaged(`${entry.name} is not where its directory says`);
    }
    const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    if (start + entry.compressedSize > this.dataEnd) {
      throw damaged(`${entry.name} runs past the end of the data`);
    }
    if (entry.compressedSize === 0) {
      if (entry.size !== 0)
        throw damaged(`${entry.name} is empty but declares ${entry.size} bytes`);
      return;
    }
    const raw: Readable = await this.storage.read(this.key, {
      start,
      end: start + entry.compressedSize - 1,
    });
    const inflater = entry.method === 8 ? createInflateRaw() : undefined;
    const source: Readable = inflater ? raw.pipe(inflater) : raw;
    if (inflater) raw.on('error', (error) => inflater.destroy(error));
    let produced = 0;
    let checksum = 0;
    try {
      for await (const chunk of source) {
        const bytes = chunk as Buffer;
        produced += bytes.length;
        if (produced > entry.size) {
          throw damaged(
            `${entry.name} unpacks to more than the ${formatImportLimit(entry.size)} bytes its zip directory declares`,
          );
        }
        checksum = crc32(bytes, checksum);
        yield bytes;
      }
    } catch (error) {
      if (error instanceof AppException) throw error;
      throw damaged(`${entry.name} could not be unpacked (${(error as Error).message})`);
    } finally {
      raw.destroy();
      inflater?.destroy();
    }
    if (produced !== entry.size) {
      throw damaged(
        `${entry.name} unpacks to ${formatImportLimit(produced)} bytes, not the ${formatImportLimit(entry.size)} its zip directory declares`,
      );
    }
    if (checksum >>> 0 !== entry.crc >>> 0) throw damaged(`${entry.name} fails its checksum`);
  }
}

const sharedStringsTooLarge = (bytes: number) =>
  limitExceeded(
    `The workbook's shared strings unpack to ${describeBytes(bytes)}: an import reads at most ${formatImportLimit(IMPORT_XLSX_SHARED_STRINGS_MAX_BYTES, 'bytes')} of them (save the sheet as CSV to import more text)`,
  );

/** How many leading bytes of `bytes` end on a whole UTF-8 character. */
export function completeUtf8Length(bytes: Buffer): number {
  const length = bytes.length;
  // A character is at most 4 bytes: look for the lead byte of the last one.
  for (let back = 1; back <= Math.min(4, length); back++) {
    const byte = bytes[length - back];
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte
    const needed = byte < 0x80 ? 1 : byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needed > back ? length - back : length;
  }
  return length;
}

const enum Xml {
  Text,
  Name,
  Tag,
  Bang,
  Comment,
  Cdata,
  Instruction,
}

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const DASH = 0x2d;
const BRACKET = 0x5d;
const QUESTION = 0x3f;
const BANG = 0x21;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;

/** An element name of up to 4 ASCII bytes as one number (longer names: -1). */
const nameCode = (name: string) =>
  [...name].reduce((code, char) => code * 256 + char.charCodeAt(0), 0);
const SI = nameCode('si');
const ROW = nameCode('row');
const ROW_END = nameCode('/row');
const COL = nameCode('col');

/**
 * Measures a part's XML byte by byte as it streams, as a parser would tokenize it (a tag's quoted
 * attribute values, comments, CDATA and processing instructions may hold `<` and `>`): the length
 * of each text or markup token, the bytes of each worksheet row, the shared strings counted, and
 * each `<col>` kept inside Excel's grid (the parser would make an object per column it spans).
 * One tight loop over the bytes (text runs found with indexOf): it reads hundreds of MB a second.
 */
export class XmlGuard {
  private state = Xml.Text;
  /** Bytes of the token being read. */
  private token = 0;
  /** The element name being read, as a number (see nameCode); its length in bytes. */
  private name = 0;
  private nameLength = 0;
  /** After `<!`: how many bytes of `--` or `[CDATA[` have matched. */
  private bang = '';
  private quote = 0;
  /** The last two bytes, for the ends of comments, CDATA and instructions. */
  private previous = 0;
  private beforePrevious = 0;
  /** Bytes since the current `<row>` opened; -1 outside a row. */
  private rowBytes = -1;
  private strings = 0;
  /** The text of a `<col>` tag being read, to check the columns it spans. */
  private colTag: string | undefined;

  constructor(
    private readonly part: string,
    private readonly kind: PartKind,
  ) {}

  scan(chunk: Buffer): void {
    const length = chunk.length;
    const sheet = this.kind === 'sheet';
    let { state, token, rowBytes, quote, previous, beforePrevious } = this;
    let at = 0;
    while (at < length) {
      if (state === Xml.Text) {
        const open = chunk.indexOf(LT, at);
        const end = open < 0 ? length : open;
        token += end - at;
        if (token > XML_TOKEN_MAX_BYTES) throw this.tooLong();
        if (rowBytes >= 0) {
          rowBytes += end - at;
          if (rowBytes > IMPORT_ROW_MAX_BYTES) throw this.rowTooLarge();
        }
        if (open < 0) break;
        at = open + 1;
        token = 1;
        if (rowBytes >= 0 && ++rowBytes > IMPORT_ROW_MAX_BYTES) throw this.rowTooLarge();
        state = Xml.Name;
        this.name = 0;
        this.nameLength = 0;
        previous = LT;
        continue;
      }
      const byte = chunk[at++];
      if (++token > XML_TOKEN_MAX_BYTES) throw this.tooLong();
      if (rowBytes >= 0 && ++rowBytes > IMPORT_ROW_MAX_BYTES) throw this.rowTooLarge();
      switch (state) {
        case Xml.Name:
          if (this.nameLength === 0 && byte === BANG) {
            state = Xml.Bang;
            this.bang = '';
          } else if (this.nameLength === 0 && byte === QUESTION) {
            state = Xml.Instruction;
          } else if (
            byte === GT ||
            byte === 0x20 ||
            byte === 0x0a ||
            byte === 0x0d ||
            byte === 0x09 ||
            (byte === SLASH && this.nameLength > 0)
          ) {
            // The element's name is read: what it opens (or closes).
            const name = this.nameLength <= 4 ? this.name : -1;
            if (name === SI && this.kind === 'sharedStrings') this.countString();
            else if (sheet && name === ROW) rowBytes = 2 + this.nameLength;
            else if (sheet && name === ROW_END) rowBytes = -1;
            else if (sheet && name === COL) this.colTag = '';
            if (byte === GT) {
              state = Xml.Text;
              token = 0;
              this.closed();
            } else {
              state = Xml.Tag;
            }
          } else {
            this.nameLength += 1;
            if (this.nameLength <= 4) this.name = this.name * 256 + byte;
          }
          break;
        case Xml.Tag:
          if (this.colTag !== undefined) this.colTag += String.fromCharCode(byte);
          if (quote !== 0) {
            if (byte === quote) quote = 0;
          } else if (byte === QUOTE || byte === APOSTROPHE) {
            quote = byte;
          } else if (byte === GT) {
            // `<row …/>`: an empty row, over at once.
            if (previous === SLASH && this.nameLength <= 4 && this.name === ROW) rowBytes = -1;
            state = Xml.Text;
            token = 0;
            this.closed();
          }
          break;
        case Xml.Bang:
          this.bang += String.fromCharCode(byte);
          if (this.bang === '--') state = Xml.Comment;
          else if (this.bang === '[CDATA[') state = Xml.Cdata;
          else if (!'--'.startsWith(this.bang) && !'[CDATA['.startsWith(this.bang)) {
            // A DTD could declare entities that expand a few bytes into gigabytes.
            throw badFile(
              `The workbook's ${this.part} holds a declaration (<!${this.bang}…) Excel never writes`,
            );
          }
          break;
        case Xml.Comment:
          if (byte === GT && previous === DASH && beforePrevious === DASH) {
            state = Xml.Text;
            token = 0;
          }
          break;
        case Xml.Cdata:
          if (byte === GT && previous === BRACKET && beforePrevious === BRACKET) {
            state = Xml.Text;
            token = 0;
          }
          break;
        case Xml.Instruction:
          if (byte === GT && previous === QUESTION) {
            state = Xml.Text;
            token = 0;
          }
          break;
      }
      beforePrevious = previous;
      previous = byte;
    }
    Object.assign(this, { state, token, rowBytes, quote, previous, beforePrevious });
  }

  private tooLong(): AppException {
    return limitExceeded(
      `The workbook's ${this.part} holds a text or tag longer than any cell: a cell holds at most ${formatImportLimit(IMPORT_CELL_MAX_CHARS)} characters`,
    );
  }

  private rowTooLarge(): AppException {
    return limitExceeded(
      `A row of the workbook's ${this.part} is larger than ${formatImportLimit(IMPORT_ROW_MAX_BYTES, 'bytes')}, the most an import reads in one row`,
    );
  }

  private countString(): void {
    this.strings += 1;
    if (this.strings > IMPORT_XLSX_SHARED_STRINGS_MAX) {
      throw limitExceeded(
        `The workbook holds more than ${formatImportLimit(IMPORT_XLSX_SHARED_STRINGS_MAX)} shared strings, the most an import reads (save the sheet as CSV to import more text)`,
      );
    }
  }

  /** A tag is over: a `<col>` read whole is checked. */
  private closed(): void {
    if (this.colTag === undefined) return;
    const spans = /\bmax\s*=\s*["']?(\d+)/.exec(this.colTag);
    this.colTag = undefined;
    if (spans && Number(spans[1]) > XLSX_GRID_COLUMNS) {
      throw damaged(
        `a column of ${this.part} lies past Excel's ${formatImportLimit(XLSX_GRID_COLUMNS)} columns`,
      );
    }
  }
}
