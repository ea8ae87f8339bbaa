import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalFileStorage } from '../src/platform/storage/local-file-storage';
import { describeStorageContract } from './storage.contract';

describeStorageContract(
  'local directory',
  () => new LocalFileStorage(mkdtempSync(join(tmpdir(), 'registra-storage-'))),
);
