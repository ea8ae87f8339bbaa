import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey } from './file-storage';
import type { FileStorage, ObjectRange, StoredObject } from './file-storage';

/** Files in a directory under DATA_DIR, fanned out by the key's first two characters. */
export class LocalFileStorage implements FileStorage {
  readonly kind = 'local' as const;

  constructor(private readonly root: string) {}

  private path(key: string): string {
    assertStorageKey(key);
    return join(this.root, key.slice(0, 2), key);
  }

  async put(key: string, body: Readable, _contentType: string): Promise<StoredObject> {
    const target = this.path(key);
    // Written under a temporary name and renamed when complete, so a half-written file never
    // carries the real key.
    const partial = `${target}.part`;
    await mkdir(join(this.root, key.slice(0, 2)), { recursive: true });
    try {
      await pipeline(body, createWriteStream(partial, { flags: 'wx' }));
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return { size: (await stat(target)).size };
  }

  async read(key: string, range?: ObjectRange): Promise<Readable> {
    return createReadStream(this.path(key), range ? { start: range.start, end: range.end } : {});
  }

  async size(key: string): Promise<number | undefined> {
    try {
      return (await stat(this.path(key))).size;
    } catch {
      return undefined;
    }
  }

  async delete(key: string): Promise<void> {
    const target = this.path(key);
    await rm(target, { force: true });
    await rm(`${target}.part`, { force: true });
  }
}
