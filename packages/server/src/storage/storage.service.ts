import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { LocalBackend } from './local.backend';
import type { MultipartRequest } from './multipart.decorator';
import { type ReceiveManyOptions, type ReceiveOptions, type ReceivedUpload, receiveUpload, receiveUploads } from './receive-upload';
import { S3Backend } from './s3.backend';
import type { ObjectBackend, PutOptions, StoredObject } from './storage.types';

/** The product's file store: S3 when S3_* is configured, else DATA_DIR/uploads (DESIGN.md §3). */
@Injectable()
export class StorageService implements ObjectBackend, OnModuleDestroy {
  readonly backend: LocalBackend | S3Backend;
  readonly kind: 'local' | 's3';

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const s3 = config.storage.s3;
    this.backend = s3 ? new S3Backend(s3) : new LocalBackend(config.dataDir);
    this.kind = s3 ? 's3' : 'local';
  }

  put(body: Readable, options: PutOptions): Promise<StoredObject> {
    return this.backend.put(body, options);
  }

  putFixed(key: string, body: Buffer, contentType: string): Promise<StoredObject> {
    return this.backend.putFixed(key, body, contentType);
  }

  read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    return this.backend.read(key, range);
  }

  stat(key: string): Promise<{ size: number; content_type: string } | undefined> {
    return this.backend.stat(key);
  }

  delete(key: string): Promise<void> {
    return this.backend.delete(key);
  }

  urlOf(key: string): string {
    return this.backend.urlOf(key);
  }

  /** The first file of `options.field` of a multipart request (controllers take the request with @Multipart()). */
  receiveUpload(request: MultipartRequest, options: ReceiveOptions): Promise<ReceivedUpload> {
    return receiveUpload(this, request, options);
  }

  /** Every file of `options.field`, all or nothing (receive-upload.ts). */
  receiveUploads(request: MultipartRequest, options: ReceiveManyOptions): Promise<ReceivedUpload[]> {
    return receiveUploads(this, request, options);
  }

  onModuleDestroy(): void {
    if (this.backend instanceof S3Backend) this.backend.close();
  }
}
