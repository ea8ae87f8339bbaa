import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * .xlsx files written byte by byte for the import's tests: a zip (local headers, data, central
 * directory) whose parts and declared sizes the test chooses, so that a few MB can unpack to a
 * gigabyte, or a header can declare less than its part holds.
 */
export interface ZipPart {
  name: string;
  /** The entry's data as stored in the zip (deflated unless `method` is 0). */
  data: Buffer;
  method: 0 | 8;
  crc: number;
  /** The unpacked size the headers declare (the truth unless a test lies). */
  size: number;
  /** Sizes written as zip64 does (0xFFFFFFFF and an extra field), as some writers always do. */
  zip64?: boolean;
  /** General-purpose flags of the entry (bit 0: encrypted); UTF-8 names (bit 11) by default. */
  flags?: number;
}

/** A part deflated whole. */
export function deflated(name: string, content: string | Buffer): ZipPart {
  const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content);
  return { name, data: deflateRawSync(bytes), method: 8, crc: crc32(bytes), size: bytes.length };
}

/**
 * A part made of `head`, then `unit` `count` times, then `tail`, deflated without holding it:
 * each piece is compressed on its own with a full flush (byte-aligned, no shared history), so the
 * compressed `unit` is repeated as is. 1 GiB of repeated text takes about 1 MB.
 */
export function repeated(
  name: string,
  head: string,
  unit: string,
  count: number,
  tail: string,
): ZipPart {
  const flushed = (text: string) =>
    deflateRawSync(Buffer.from(text), { finishFlush: constants.Z_FULL_FLUSH, level: 9 });
  const unitBytes = Buffer.from(unit);
  const packedUnit = flushed(unit);
  let crc = crc32(head);
  for (let i = 0; i < count; i++) crc = crc32(unitBytes, crc);
  crc = crc32(tail, crc);
  return {
    name,
    data: Buffer.concat([
      flushed(head),
      ...Array.from({ length: count }, () => packedUnit),
      deflateRawSync(Buffer.from(tail)),
    ]),
    method: 8,
    crc,
    size: Buffer.byteLength(head) + unitBytes.length * count + Buffer.byteLength(tail),
  };
}

/** The zip of `parts`, in that order (Excel writes the sheets before the shared strings). */
export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const flags = part.flags ?? 0x800;
    // Zip64: the sizes in an extra field, 0xFFFFFFFF in their 32-bit places.
    const extra = Buffer.alloc(part.zip64 ? 20 : 0);
    if (part.zip64) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(16, 2);
      extra.writeBigUInt64LE(BigInt(part.size), 4);
      extra.writeBigUInt64LE(BigInt(part.data.length), 12);
    }
    const size = part.zip64 ? 0xffffffff : part.size;
    const packed = part.zip64 ? 0xffffffff : part.data.length;
    // From "version needed" to the extra field's length, a local header and its central
    // directory entry hold the same 26 bytes.
    const fields = Buffer.alloc(26);
    fields.writeUInt16LE(20, 0);
    fields.writeUInt16LE(flags, 2);
    fields.writeUInt16LE(part.method, 4);
    fields.writeUInt32LE(part.crc >>> 0, 10);
    fields.writeUInt32LE(packed, 14);
    fields.writeUInt32LE(size, 18);
    fields.writeUInt16LE(name.length, 22);
    fields.writeUInt16LE(extra.length, 24);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    fields.copy(local, 4);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    fields.copy(central, 6);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, extra, part.data);
    centrals.push(central, name, extra);
    offset += local.length + name.length + extra.length + part.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The parts every workbook has: content types, the workbook (one sheet "Book") and its links. */
export function workbookParts(): ZipPart[] {
  return [
    deflated(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="xml" ContentType="application/xml"/></Types>',
    ),
    deflated(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${OFFICE_RELS}">` +
        '<sheets><sheet name="Book" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    deflated(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELS}">` +
        `<Relationship Id="rId1" Type="${OFFICE_RELS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        '</Relationships>',
    ),
  ];
}

/** A worksheet whose rows are given as XML (`<row r="1">…</row>`). */
export const sheetXml = (rows: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>${rows}</sheetData></worksheet>`;

/** The start and end of a shared-strings part around its `<si>` entries. */
export const SHARED_STRINGS_HEAD = `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}">`;
export const SHARED_STRINGS_TAIL = '</sst>';
