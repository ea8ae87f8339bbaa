import { S3FileStorage } from '../src/platform/storage/s3-file-storage';
import { describeStorageContract } from './storage.contract';

// Runs only when an S3-compatible endpoint is configured (jest.config.js includes this file then):
// S3_TEST_BUCKET, and S3_TEST_ENDPOINT / S3_TEST_REGION / S3_TEST_ACCESS_KEY_ID /
// S3_TEST_SECRET_ACCESS_KEY / S3_TEST_FORCE_PATH_STYLE as the service needs.
describeStorageContract(
  'S3-compatible',
  () =>
    new S3FileStorage({
      bucket: process.env.S3_TEST_BUCKET as string,
      region: process.env.S3_TEST_REGION ?? 'us-east-1',
      endpoint: process.env.S3_TEST_ENDPOINT,
      accessKeyId: process.env.S3_TEST_ACCESS_KEY_ID,
      secretAccessKey: process.env.S3_TEST_SECRET_ACCESS_KEY,
      forcePathStyle: process.env.S3_TEST_FORCE_PATH_STYLE === 'true',
    }),
);
