import type { Readable } from 'node:stream';
import { BusinessError } from '../common/business.error';

/**
 * The one storage interface of the product (DESIGN.md §3 storage): uploaded files — dataset covers
 * and images, import files, later workflow files, the file library and chat uploads — go through it.
 * Two backends: local disk under DATA_DIR/uploads (default) and S3-compatible object storage
 * (S3_* configured). Keys are relative paths without a leading slash ("covers/ab12….png"); the
 * caller never picks the random part of a name.
 */
export interface StoredObject {
  key: string;
  /** Bytes stored. */
  size: number;
  /** The type sniffed from the bytes (not the one the client claimed). */
  content_type: string;
  /** Where a browser fetches it: /uploads/<key>, or S3_PUBLIC_URL/<key>. */
  url: string;
}

export interface PutOptions {
  /** The folder of the key, e.g. "covers", "imports", "datasets/3". */
  prefix: string;
  /** The upload is refused (and nothing kept) beyond this many bytes. */
  maxBytes: number;
  /**
   * The content types accepted, sniffed from the first bytes; undefined accepts anything (then
   * stored as application/octet-stream when the bytes say nothing).
   */
  allowedTypes?: readonly string[];
  /** The extension of the stored name, e.g. "jsonl"; by default from the sniffed type. */
  extension?: string;
}

export interface ObjectBackend {
  /** Streams the body into a new object under a random name; rejects with StorageError (and keeps nothing) when too big or of a refused type. */
  put(body: Readable, options: PutOptions): Promise<StoredObject>;
  /** Stores a file of a known name (sample data shipped with the product); replaces an existing one. */
  putFixed(key: string, body: Buffer, contentType: string): Promise<StoredObject>;
  /** The object's bytes, or bytes [start, end) of it. Rejects with StorageError code 'not_found'. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Size and stored content type; undefined when there is no such object. */
  stat(key: string): Promise<{ size: number; content_type: string } | undefined>;
  /** Deletes the object; no error when it is already gone. */
  delete(key: string): Promise<void>;
  /** The URL a browser fetches the object at. */
  urlOf(key: string): string;
}

export type StorageErrorCode = 'too_large' | 'type_refused' | 'not_found' | 'bad_key' | 'no_file';

/** A refused upload or a missing object; the message is shown to the user as it is. */
export class StorageError extends BusinessError {
  constructor(
    readonly code: StorageErrorCode,
    message: string,
  ) {
    super(message);
  }
}
