import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Logger } from '@nestjs/common';
import { Readable } from 'node:stream';
import type { S3Config } from '../config/app-config';
import { assertFixedType, typeOfKey } from './content-types';
import { assertKey, newKey } from './object-key';
import { inspectUpload } from './sniff';
import { type ObjectBackend, type PutOptions, StorageError, type StoredObject } from './storage.types';

/** S3's smallest part: the most an upload holds in memory per part in flight. */
const PART_BYTES = 5 * 1024 * 1024;

function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404;
}

/**
 * S3-compatible object storage (AWS, MinIO, R2…; path-style addressing so a MinIO at any address
 * works). Uploads stream in parts; a refused or broken one is aborted and whatever was written is
 * deleted. Browsers fetch objects at S3_PUBLIC_URL/<key> when that is set, else through the
 * gateway's /uploads/<key>, which streams them from the bucket.
 */
export class S3Backend implements ObjectBackend {
  readonly client: S3Client;
  private readonly logger = new Logger('Storage');

  constructor(private readonly config: S3Config) {
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: true,
      credentials: { accessKeyId: config.accessKey, secretAccessKey: config.secretKey },
    });
  }

  async put(body: Readable, options: PutOptions): Promise<StoredObject> {
    const upload = await inspectUpload(body, options);
    const key = newKey(options.prefix, upload.extension);
    const sending = new Upload({
      client: this.client,
      params: { Bucket: this.config.bucket, Key: key, Body: upload.stream, ContentType: upload.contentType },
      partSize: PART_BYTES,
      queueSize: 2,
    });
    let bodyError: unknown;
    upload.stream.once('error', (error) => (bodyError = error));
    try {
      await sending.done();
    } catch (error) {
      // Upload aborts a multipart upload itself; should the abort fail, its error replaces the one
      // that matters (too large, client gone), so that one is rethrown. The key is deleted too in
      // case the object landed whole before the failure.
      upload.stream.destroy();
      if (bodyError && error !== bodyError) {
        this.logger.warn(`Aborting the upload of ${key} failed (${(error as Error).message}); a bucket lifecycle rule removes unfinished uploads`);
      }
      await this.delete(key).catch(() => undefined);
      throw bodyError ?? error;
    }
    return { key, size: upload.bytes(), content_type: upload.contentType, url: this.urlOf(key) };
  }

  async putFixed(key: string, body: Buffer, contentType: string): Promise<StoredObject> {
    assertKey(key);
    assertFixedType(key, contentType);
    await this.client.send(new PutObjectCommand({ Bucket: this.config.bucket, Key: key, Body: body, ContentType: contentType }));
    return { key, size: body.length, content_type: contentType, url: this.urlOf(key) };
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    assertKey(key);
    if (range && range.end <= range.start) {
      if (!(await this.stat(key))) throw new StorageError('not_found', '文件不存在');
      return Readable.from([]);
    }
    try {
      const reply = await this.client.send(
        new GetObjectCommand({ Bucket: this.config.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end - 1}` : undefined }),
      );
      return reply.Body as Readable;
    } catch (error) {
      if (isMissing(error)) throw new StorageError('not_found', '文件不存在');
      throw error;
    }
  }

  async stat(key: string): Promise<{ size: number; content_type: string } | undefined> {
    assertKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, content_type: head.ContentType ?? typeOfKey(key) };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }

  urlOf(key: string): string {
    assertKey(key);
    return this.config.publicUrl ? `${this.config.publicUrl}/${key}` : `/uploads/${key}`;
  }

  close(): void {
    this.client.destroy();
  }
}
