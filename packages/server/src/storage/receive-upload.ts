import busboy from 'busboy';
import type { Request } from 'express';
import type { ObjectBackend, PutOptions, StoredObject } from './storage.types';
import { StorageError } from './storage.types';

export type ReceiveOptions = PutOptions & { field: string };
export type ReceivedUpload = StoredObject & { file_name: string };

const MAX_FILE_NAME = 255;

/** The name the user's file had, for display only: no path, no control characters, at most 255 characters. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return Array.from(base.replace(/[\u0000-\u001f\u007f]/g, '').trim()).slice(0, MAX_FILE_NAME).join('');
}

/**
 * Streams the first file of `field` in a multipart/form-data request into the store, never holding
 * it whole. Other files and fields are read past. A refused upload stops reading and drains the
 * rest; a client that goes away mid-upload errors the file stream, so the store deletes what it
 * wrote and the promise settles (rejected) all the same.
 */
export function receiveUpload(storage: ObjectBackend, request: Request, options: ReceiveOptions): Promise<ReceivedUpload> {
  const { field, ...putOptions } = options;
  return new Promise<ReceivedUpload>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: request.headers,
        defParamCharset: 'utf8',
        limits: { files: 1, fileSize: putOptions.maxBytes + 1, fields: 20, fieldSize: 64 * 1024, parts: 30 },
      });
    } catch {
      reject(new StorageError('no_file', '请以 multipart/form-data 上传文件'));
      return;
    }
    let stored: Promise<StoredObject> | undefined;
    let fileName = '';
    let settled = false;

    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      request.unpipe(parser);
      parser.destroy();
      // Whatever the client still sends is read and dropped, so the reply can go out.
      request.resume();
      // Settles once the store has finished: a failed put has removed its partial file, and a file
      // stored before the form turned out broken is deleted.
      const cleanup = stored ? stored.then((object) => storage.delete(object.key), () => undefined) : Promise.resolve();
      cleanup.catch(() => undefined).then(() => reject(error));
    };

    parser.on('file', (name, file, info) => {
      if (stored || name !== field) {
        file.resume();
        return;
      }
      fileName = cleanFileName(info.filename);
      stored = storage.put(file, putOptions);
      stored.catch(fail);
    });
    parser.on('close', () => {
      if (!stored) return fail(new StorageError('no_file', '请选择要上传的文件'));
      stored.then((object) => {
        if (settled) return;
        settled = true;
        resolve({ ...object, file_name: fileName });
      }, fail);
    });
    parser.on('error', fail);
    // The client went away before the whole form arrived: busboy is destroyed, which errors the
    // file stream the store is reading.
    request.on('close', () => {
      if (!request.complete) parser.destroy(new Error('upload aborted'));
    });
    request.on('error', fail);
    request.pipe(parser);
  });
}
