import type { Readable } from 'node:stream';

export const FILE_STORAGE = Symbol('FILE_STORAGE');

export interface StoredObject {
  size: number;
}

export interface ObjectRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

/**
 * Where uploaded files live. Keys are server-made (never a user's file name), so no path a user
 * sends can reach the filesystem or the bucket layout.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Streams `body` to the object `key`; rejects (leaving nothing behind) if the stream fails. */
  put(key: string, body: Readable, contentType: string): Promise<StoredObject>;
  /** The object's bytes (or a range of them) as a stream. */
  read(key: string, range?: ObjectRange): Promise<Readable>;
  size(key: string): Promise<number | undefined>;
  /** Removes the object; a missing object is not an error. */
  delete(key: string): Promise<void>;
}

const KEY = /^[0-9a-f-]{36}$/;

/** Storage keys are UUIDs: anything else is refused before it reaches a path or a bucket. */
export function assertStorageKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
}
