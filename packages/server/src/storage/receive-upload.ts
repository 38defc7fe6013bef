import type { Readable } from 'node:stream';
import { BadRequestException } from '@nestjs/common';
import busboy from 'busboy';
import type { Request } from 'express';
import { BusinessError } from '../common/business.error';
import type { ObjectBackend, PutOptions, StoredObject } from './storage.types';
import { StorageError } from './storage.types';

export type ReceiveOptions = PutOptions & { field: string };
export type ReceivedUpload = StoredObject & { file_name: string };

const MAX_FILE_NAME = 255;
const MULTIPART_FORM = /^\s*multipart\/form-data\s*(;|$)/i;

/** The name the user's file had, for display only: no path, no control characters, at most 255 characters. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return Array.from(base.replace(/[\u0000-\u001f\u007f]/g, '').trim()).slice(0, MAX_FILE_NAME).join('');
}

/**
 * Streams the first file of `field` in a multipart/form-data request into the store, never holding
 * it whole. Other files and fields are read past. A refused upload stops reading and drains the
 * rest; a form that cannot be read, or a client that goes away mid-upload, errors the file stream,
 * so the store deletes what it wrote and the promise settles (rejected, HTTP 400) all the same.
 */
export async function receiveUpload(storage: ObjectBackend, request: Request, options: ReceiveOptions): Promise<ReceivedUpload> {
  const [first] = await receive(storage, request, options, { maxFiles: 1, refuseExtra: false, nameRefusals: false });
  return first;
}

export type ReceiveManyOptions = ReceiveOptions & { maxFiles: number };

export const MSG_TOO_MANY_FILES = (max: number) => `一次最多上传 ${max} 个文件`;

/** A form that cannot be read (broken, cut off, headers too long, no boundary): the client's fault, HTTP 400. */
export const MSG_FORM_MALFORMED = '上传的表单格式不正确，无法读取';
/** The client went away mid-upload; nobody reads the reply, but it must not count as a server failure. */
export const MSG_UPLOAD_ABORTED = '上传未完成，连接已中断';

/**
 * Like receiveUpload, for every file of `field` (1 to `maxFiles`, in the order sent), all or
 * nothing: when one is refused, or there are too many, the files already stored are deleted and
 * the refusal names the file it is about.
 */
export function receiveUploads(storage: ObjectBackend, request: Request, options: ReceiveManyOptions): Promise<ReceivedUpload[]> {
  const { maxFiles, ...rest } = options;
  return receive(storage, request, rest, { maxFiles, refuseExtra: true, nameRefusals: true });
}

interface ReceiveRules {
  maxFiles: number;
  /** More files of the field than maxFiles are refused (else read past). */
  refuseExtra: boolean;
  /** A StorageError's message is prefixed with the file's name. */
  nameRefusals: boolean;
}

function named(error: unknown, fileName: string): unknown {
  return error instanceof StorageError ? new StorageError(error.code, `${fileName || '文件'}：${error.message}`) : error;
}

/**
 * Reads past a file part. Should the upload fail while it is read, busboy destroys it with an error,
 * which must not go unheard (an uncaught 'error' event).
 */
function skip(file: Readable): void {
  file.on('error', () => undefined);
  file.resume();
}

function receive(storage: ObjectBackend, request: Request, options: ReceiveOptions, rules: ReceiveRules): Promise<ReceivedUpload[]> {
  const { field, ...putOptions } = options;
  return new Promise<ReceivedUpload[]>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: request.headers,
        defParamCharset: 'utf8',
        // One more file than kept, to notice the extra one when it is refused.
        limits: { files: rules.refuseExtra ? rules.maxFiles + 1 : rules.maxFiles, fileSize: putOptions.maxBytes + 1, fields: 20, fieldSize: 64 * 1024, parts: 29 + rules.maxFiles },
      });
    } catch {
      // Busboy refuses a multipart type without a usable boundary as it refuses any other type.
      const multipart = MULTIPART_FORM.test(request.headers['content-type'] ?? '');
      reject(multipart ? new BadRequestException(MSG_FORM_MALFORMED) : new StorageError('no_file', '请以 multipart/form-data 上传文件'));
      return;
    }
    const stored: Array<{ fileName: string; object: Promise<StoredObject> }> = [];
    let settled = false;

    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      request.unpipe(parser);
      parser.destroy();
      // Whatever the client still sends is read and dropped, so the reply can go out.
      request.resume();
      // Settles once the store has finished: a failed put has removed its partial file, and the
      // files stored before the refusal (or before the form turned out broken) are deleted.
      const cleanup = Promise.all(stored.map(({ object }) => object.then((done) => storage.delete(done.key), () => undefined)));
      cleanup.catch(() => undefined).then(() => reject(error));
    };

    parser.on('file', (name, file, info) => {
      if (settled || name !== field) {
        skip(file);
        return;
      }
      if (stored.length >= rules.maxFiles) {
        skip(file);
        if (rules.refuseExtra) fail(new BusinessError(MSG_TOO_MANY_FILES(rules.maxFiles)));
        return;
      }
      const fileName = cleanFileName(info.filename);
      const object = storage.put(file, putOptions);
      stored.push({ fileName, object });
      object.catch((error: unknown) => fail(rules.nameRefusals ? named(error, fileName) : error));
    });
    parser.on('close', () => {
      if (stored.length === 0) return fail(new StorageError('no_file', '请选择要上传的文件'));
      Promise.all(stored.map(({ object }) => object)).then((objects) => {
        if (settled) return;
        settled = true;
        resolve(objects.map((object, index) => ({ ...object, file_name: stored[index].fileName })));
      }, () => undefined /* each put's own catch has failed the upload */);
    });
    // Busboy's own errors all say the form is broken (a part header without a colon or too long,
    // the form cut off, a boundary that never comes). One that breaks a file also errors its stream,
    // but is heard first (the store hears of it later), so the form is blamed, not the store.
    parser.on('error', () => fail(new BadRequestException(MSG_FORM_MALFORMED)));
    // The client went away before the whole form arrived: failing destroys busboy, which errors the
    // file stream the store is reading, so the store removes what it wrote.
    const aborted = () => fail(new BadRequestException(MSG_UPLOAD_ABORTED));
    request.on('close', () => {
      if (!request.complete) aborted();
    });
    request.on('error', aborted);
    request.pipe(parser);
  });
}
