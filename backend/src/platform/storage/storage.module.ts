import { Global, Module } from '@nestjs/common';
import { join } from 'node:path';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { FILE_STORAGE } from './file-storage';
import type { FileStorage } from './file-storage';
import { LocalFileStorage } from './local-file-storage';
import { S3FileStorage } from './s3-file-storage';

export function createFileStorage(config: AppConfig): FileStorage {
  return config.s3
    ? new S3FileStorage(config.s3)
    : new LocalFileStorage(join(config.dataDir, 'files'));
}

/** The storage port: S3-compatible storage when S3_* is set, else a directory under DATA_DIR. */
@Global()
@Module({
  providers: [{ provide: FILE_STORAGE, inject: [APP_CONFIG], useFactory: createFileStorage }],
  exports: [FILE_STORAGE],
})
export class StorageModule {}
