import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalFileStorage } from '../src/platform/storage/local-file-storage';
import { describeStorageContract } from './storage.contract';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describeStorageContract('local directory', () => {
  const dir = mkdtempSync(join(tmpdir(), 'registra-storage-'));
  made.push(dir);
  return new LocalFileStorage(dir);
});
