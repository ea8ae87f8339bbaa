import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import type { S3Config } from '../config/app-config';
import { assertStorageKey } from './file-storage';
import type { FileStorage, ObjectRange, StoredObject } from './file-storage';

/** S3-compatible object storage; uploads go as multipart in 8 MiB parts, 4 at a time at most. */
export class S3FileStorage implements FileStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly config: S3Config) {
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
    });
  }

  async put(key: string, body: Readable, contentType: string): Promise<StoredObject> {
    assertStorageKey(key);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.config.bucket, Key: key, Body: body, ContentType: contentType },
      partSize: 8 * 1024 * 1024,
      queueSize: 4,
      // A failed multipart upload is aborted, so no parts are left behind.
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      await this.delete(key).catch(() => undefined);
      throw error;
    }
    const size = await this.size(key);
    return { size: size ?? 0 };
  }

  async read(key: string, range?: ObjectRange): Promise<Readable> {
    assertStorageKey(key);
    const answer = await this.client.send(
      new GetObjectCommand({
        Bucket: this.config.bucket,
        Key: key,
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    return answer.Body as Readable;
  }

  async size(key: string): Promise<number | undefined> {
    assertStorageKey(key);
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.config.bucket, Key: key }),
      );
      return head.ContentLength;
    } catch {
      return undefined;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }
}
