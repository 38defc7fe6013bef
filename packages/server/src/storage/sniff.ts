import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { extensionOfType, OCTET_STREAM, typeOfExtension } from './content-types';
import { type PutOptions, StorageError } from './storage.types';

/** How many leading bytes decide the type: what file-type reads for its longest signatures. */
export const SNIFF_BYTES = 4100;

/** What text with no signature is sniffed as; JSON, JSON lines and CSV included. */
export const TEXT_TYPE = 'text/plain';

/**
 * Markup a browser would run if it ever rendered it: leading whitespace (or a byte order mark) then
 * "<". SVG wherever "<svg" shows in the head, HTML for "<html", "<!doctype html", "<script"… and for
 * any other leading tag, XML for an "<?xml" prolog that names neither. None of them is an image a
 * cover may be, which is what refuses "a cover that is really HTML".
 */
function markupType(head: Buffer): string | undefined {
  const text = head.toString('utf8').replace(/^\uFEFF/, '').trimStart().toLowerCase();
  if (!text.startsWith('<')) return undefined;
  if (/<svg[\s>/]/.test(text)) return 'image/svg+xml';
  if (/<html[\s>/]|<!doctype\s+html/.test(text)) return 'text/html';
  if (text.startsWith('<?xml')) return 'application/xml';
  return 'text/html';
}

/** Text is valid UTF-8 without NUL; a character cut at the end of the head is no reason to doubt it. */
function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** The content type of a file from its first bytes (up to SNIFF_BYTES), never from its name. */
export async function sniffContentType(head: Buffer): Promise<string> {
  const markup = markupType(head);
  if (markup) return markup;
  const detected = await fileTypeFromBuffer(head);
  if (detected) return detected.mime;
  return looksLikeText(head) ? TEXT_TYPE : OCTET_STREAM;
}

export interface InspectedUpload {
  /** The stored type, that of the extension: the sniffed type unless the caller chose the extension or the type has none listed. */
  contentType: string;
  extension: string;
  /** The whole body, head included, that errors with StorageError('too_large') past maxBytes. */
  stream: Readable;
  /** Bytes that went through `stream`, final once it has ended. */
  bytes: () => number;
}

export function tooLarge(maxBytes: number): StorageError {
  const mb = Math.round((maxBytes / (1024 * 1024)) * 10) / 10;
  return new StorageError('too_large', `文件过大，最大 ${mb} MB`);
}

/**
 * Reads the first bytes of `body` to sniff its type and refuses a type not allowed, an empty body
 * or one already too large; then hands back a stream of the whole body that counts bytes as the
 * store reads it and fails past `maxBytes`. Only the head is ever held: the rest flows on demand,
 * so the store's pace (backpressure) decides how fast the body is read. On refusal the body is
 * destroyed.
 */
export async function inspectUpload(body: Readable, options: PutOptions): Promise<InspectedUpload> {
  const source = body[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const headChunks: Buffer[] = [];
  let total = 0;
  let ended = false;
  const abandon = async (error: unknown): Promise<never> => {
    await source.return?.();
    body.destroy();
    throw error;
  };
  try {
    while (total < SNIFF_BYTES) {
      const next = await source.next();
      if (next.done) {
        ended = true;
        break;
      }
      const chunk = Buffer.from(next.value);
      headChunks.push(chunk);
      total += chunk.length;
      if (total > options.maxBytes) return await abandon(tooLarge(options.maxBytes));
    }
  } catch (error) {
    return abandon(error);
  }
  if (total === 0) return abandon(new StorageError('no_file', '上传的文件是空的'));
  const head = Buffer.concat(headChunks);
  const sniffed = await sniffContentType(head.subarray(0, SNIFF_BYTES));
  if (options.allowedTypes && !options.allowedTypes.includes(sniffed)) {
    return abandon(new StorageError('type_refused', `不支持的文件类型（${sniffed}）`));
  }
  const extension = options.extension ?? extensionOfType(sniffed);
  async function* whole(): AsyncGenerator<Buffer> {
    try {
      yield head;
      while (!ended) {
        const next = await source.next();
        if (next.done) break;
        const chunk = Buffer.from(next.value);
        total += chunk.length;
        if (total > options.maxBytes) throw tooLarge(options.maxBytes);
        yield chunk;
      }
    } finally {
      // Stops and destroys the body when the store gives up early or the limit was passed.
      await source.return?.();
    }
  }
  return {
    contentType: typeOfExtension(extension),
    extension,
    stream: Readable.from(whole(), { objectMode: false }),
    bytes: () => total,
  };
}
