import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Readable as ReadableStream } from 'node:stream';
import type { FileStorage } from '../src/platform/storage/file-storage';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** The behaviour every FileStorage adapter owes the files module, run against a real backend. */
export function describeStorageContract(name: string, create: () => FileStorage): void {
  describe(`${name} storage contract`, () => {
    const storage = create();
    const content = Buffer.alloc(3 * 1024 * 1024 + 17, 0).map((_, i) => (i * 31) % 251);

    it('stores a stream, reports its size, reads it whole and by range, then deletes it', async () => {
      const key = randomUUID();
      const stored = await storage.put(
        key,
        ReadableStream.from([content.subarray(0, 1_000_000), content.subarray(1_000_000)]),
        'application/octet-stream',
      );
      expect(stored.size).toBe(content.length);
      expect(await storage.size(key)).toBe(content.length);
      const whole = await bytesOf(await storage.read(key));
      expect(createHash('sha256').update(whole).digest('hex')).toBe(
        createHash('sha256').update(content).digest('hex'),
      );
      const part = await bytesOf(await storage.read(key, { start: 10, end: 19 }));
      expect(part.equals(content.subarray(10, 20))).toBe(true);
      await storage.delete(key);
      expect(await storage.size(key)).toBeUndefined();
      await storage.delete(key);
    });

    it('leaves nothing behind when the incoming stream fails', async () => {
      const key = randomUUID();
      const failing = new ReadableStream({
        read() {
          this.push(Buffer.alloc(1024));
          this.destroy(new Error('client went away'));
        },
      });
      await expect(storage.put(key, failing, 'application/octet-stream')).rejects.toThrow();
      expect(await storage.size(key)).toBeUndefined();
    });

    it('refuses keys that are not server-made UUIDs', async () => {
      await expect(storage.read('../../etc/passwd')).rejects.toThrow('Invalid storage key');
      await expect(storage.delete('/etc/passwd')).rejects.toThrow('Invalid storage key');
    });
  });
}
