import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertFixedType, typeOfKey } from './content-types';
import { assertKey, newKey } from './object-key';
import { inspectUpload } from './sniff';
import { type ObjectBackend, type PutOptions, StorageError, type StoredObject } from './storage.types';

/**
 * Files under DATA_DIR/uploads/<key>. An upload is written to a dot file beside its final place and
 * renamed when complete, so a refused or broken upload leaves nothing a key can name (keys never
 * have dot segments) and nothing at all once its temporary file is removed.
 */
export class LocalBackend implements ObjectBackend {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'uploads');
  }

  /** The file of a key; the key check already rules out leaving the root, this states it twice. */
  private pathOf(key: string): string {
    assertKey(key);
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new StorageError('bad_key', '文件名不合法');
    return path;
  }

  async put(body: Readable, options: PutOptions): Promise<StoredObject> {
    const upload = await inspectUpload(body, options);
    const key = newKey(options.prefix, upload.extension);
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = join(dirname(path), `.upload-${randomBytes(8).toString('hex')}`);
    try {
      await pipeline(upload.stream, createWriteStream(temporary, { flags: 'wx' }));
      await rename(temporary, path);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
    return { key, size: upload.bytes(), content_type: upload.contentType, url: this.urlOf(key) };
  }

  async putFixed(key: string, body: Buffer, contentType: string): Promise<StoredObject> {
    assertFixedType(key, contentType);
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = join(dirname(path), `.upload-${randomBytes(8).toString('hex')}`);
    await writeFile(temporary, body);
    await rename(temporary, path);
    return { key, size: body.length, content_type: contentType, url: this.urlOf(key) };
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const path = this.pathOf(key);
    const found = await this.stat(key);
    if (!found) throw new StorageError('not_found', '文件不存在');
    if (range && range.end <= range.start) return Readable.from([]);
    return createReadStream(path, range ? { start: range.start, end: range.end - 1 } : {});
  }

  async stat(key: string): Promise<{ size: number; content_type: string } | undefined> {
    const path = this.pathOf(key);
    try {
      const info = await stat(path);
      return info.isFile() ? { size: info.size, content_type: typeOfKey(key) } : undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await unlink(this.pathOf(key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT' && error.code !== 'ENOTDIR') throw error;
    });
  }

  urlOf(key: string): string {
    assertKey(key);
    return `/uploads/${key}`;
  }
}
