import { Readable, Transform, pipeline } from 'node:stream';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/** One file of a ZIP: its path inside the archive and its bytes, given whole or as a stream. */
export interface ZipEntry {
  name: string;
  content: Buffer | (() => Promise<Readable>);
}

interface Written {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** Bit 3: sizes and CRC follow the data (a streamed entry); bit 11: the name is UTF-8. */
const FLAGS = 0x0808;
const DEFLATE = 8;
const VERSION = 20;

/** MS-DOS time and date of `at`, as ZIP headers hold them. */
function dosDateTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date: ((at.getFullYear() - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

/** Flags, method, time and date: the same four fields in a local header and a central record. */
function writeMethodAndTime(buffer: Buffer, at: number, when: { time: number; date: number }) {
  buffer.writeUInt16LE(FLAGS, at);
  buffer.writeUInt16LE(DEFLATE, at + 2);
  buffer.writeUInt16LE(when.time, at + 4);
  buffer.writeUInt16LE(when.date, at + 6);
}

/** CRC-32, compressed and uncompressed sizes: the same three in a descriptor and a central record. */
function writeSizes(buffer: Buffer, at: number, entry: Written) {
  buffer.writeUInt32LE(entry.crc, at);
  buffer.writeUInt32LE(entry.compressed, at + 4);
  buffer.writeUInt32LE(entry.size, at + 8);
}

function localHeader(name: Buffer, when: { time: number; date: number }): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION, 4);
  writeMethodAndTime(header, 6, when);
  // CRC and sizes (14..25) are zero: the data descriptor after the data holds them.
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

function dataDescriptor(entry: Written): Buffer {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  writeSizes(descriptor, 4, entry);
  return descriptor;
}

function centralRecord(entry: Written, when: { time: number; date: number }): Buffer {
  const record = Buffer.alloc(46);
  record.writeUInt32LE(0x02014b50, 0);
  record.writeUInt16LE(VERSION, 4);
  record.writeUInt16LE(VERSION, 6);
  writeMethodAndTime(record, 8, when);
  writeSizes(record, 16, entry);
  record.writeUInt16LE(entry.name.length, 28);
  record.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([record, entry.name]);
}

function endRecord(count: number, size: number, offset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}

/**
 * A ZIP archive written as it is read: each entry deflated on the way, a stored file streamed
 * from storage without being held whole in memory (a person's folder may hold large scans). No
 * ZIP64: an entry or the archive past 4 GiB is refused.
 */
export function zipStream(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>): Readable {
  async function* archive(): AsyncGenerator<Buffer> {
    const when = dosDateTime(new Date());
    const written: Written[] = [];
    let offset = 0;
    for await (const entry of entries) {
      const name = Buffer.from(entry.name, 'utf8');
      const header = localHeader(name, when);
      yield header;
      const done: Written = { name, crc: 0, compressed: 0, size: 0, offset };
      offset += header.length;
      if (Buffer.isBuffer(entry.content)) {
        const deflated = deflateRawSync(entry.content);
        done.crc = crc32(entry.content);
        done.size = entry.content.length;
        done.compressed = deflated.length;
        yield deflated;
      } else {
        const source = await entry.content();
        const tap = new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            done.crc = crc32(chunk, done.crc);
            done.size += chunk.length;
            callback(null, chunk);
          },
        });
        const deflated = pipeline(source, tap, createDeflateRaw(), () => undefined);
        for await (const chunk of deflated as AsyncIterable<Buffer>) {
          done.compressed += chunk.length;
          yield chunk;
        }
      }
      if (done.size > 0xffffffff || done.compressed > 0xffffffff) {
        throw new Error(`${entry.name} is larger than a ZIP without ZIP64 holds`);
      }
      const descriptor = dataDescriptor(done);
      yield descriptor;
      offset += done.compressed + descriptor.length;
      written.push(done);
    }
    if (offset > 0xffffffff)
      throw new Error('The archive is larger than a ZIP without ZIP64 holds');
    const directory = Buffer.concat(written.map((entry) => centralRecord(entry, when)));
    yield directory;
    yield endRecord(written.length, directory.length, offset);
  }
  return Readable.from(archive(), { objectMode: false });
}
