import { Logger } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { INLINE_TYPES } from './content-types';
import { assertKey } from './object-key';
import { type ObjectBackend, StorageError } from './storage.types';

const PREFIX = '/uploads/';

/**
 * Folders whose files are the server's own work material, never a browser's: import files wait in
 * imports/ until their job has read them (data-library/imports), and may hold data root has not
 * published. They are not served, whoever knows the name.
 */
const PRIVATE_PREFIXES = ['imports/'];

/** The key a request path names, or undefined when it names none (bad encoding, "..", backslash…). */
function keyOfPath(path: string): string | undefined {
  if (!path.startsWith(PREFIX)) return undefined;
  try {
    const key = decodeURIComponent(path.slice(PREFIX.length));
    assertKey(key);
    return PRIVATE_PREFIXES.some((prefix) => key.startsWith(prefix)) ? undefined : key;
  } catch {
    return undefined;
  }
}

/** One "bytes=a-b", "bytes=a-" or "bytes=-n" range as [start, end); null when unsatisfiable; undefined to send it all. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    return suffix === 0 || size === 0 ? null : { start: Math.max(0, size - suffix), end: size };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size : Math.min(size, Number(match[2]) + 1);
  return start >= size || end <= start ? null : { start, end };
}

function notFound(response: Response): void {
  response.status(404).json({ success: false, message: '文件不存在' });
}

/**
 * GET and HEAD /uploads/<key>: the stored file, streamed from the disk or the bucket. Names are
 * random, so a year's caching is safe. Whatever the file holds, the browser is told not to guess
 * its type, runs nothing in it (sandbox CSP) and shows only raster images in place: SVG, HTML and
 * everything else is a download (docs/security.md, uploads). Installed as Express middleware so no
 * JSON envelope wraps the bytes; the path must match in its exact case.
 */
export function serveUploads(storage: ObjectBackend): RequestHandler {
  const logger = new Logger('Uploads');
  return (request: Request, response: Response, next: NextFunction) => {
    if (!request.path.startsWith(PREFIX) || (request.method !== 'GET' && request.method !== 'HEAD')) return next();
    const key = keyOfPath(request.path);
    if (!key) return notFound(response);
    void (async () => {
      const found = await storage.stat(key);
      if (!found) return notFound(response);
      const name = key.slice(key.lastIndexOf('/') + 1);
      response.setHeader('Content-Type', found.content_type);
      response.setHeader('X-Content-Type-Options', 'nosniff');
      response.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
      response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      // Keys hold only [A-Za-z0-9._-] in a name, so the quoted filename needs no escaping.
      response.setHeader('Content-Disposition', INLINE_TYPES.has(found.content_type) ? 'inline' : `attachment; filename="${name}"`);
      response.setHeader('Accept-Ranges', 'bytes');
      const range = parseRange(request.headers.range, found.size);
      if (range === null) {
        response.status(416).setHeader('Content-Range', `bytes */${found.size}`);
        return response.end();
      }
      if (range) {
        response.status(206).setHeader('Content-Range', `bytes ${range.start}-${range.end - 1}/${found.size}`);
      }
      response.setHeader('Content-Length', String(range ? range.end - range.start : found.size));
      if (request.method === 'HEAD') return response.end();
      await pipeline(await storage.read(key, range), response);
    })().catch((error: unknown) => {
      if (response.headersSent) {
        response.destroy();
        return;
      }
      for (const header of ['Content-Disposition', 'Content-Range', 'Content-Length', 'Cache-Control']) response.removeHeader(header);
      // Deleted between the stat and the read.
      if (error instanceof StorageError && error.code === 'not_found') return notFound(response);
      logger.error(`Reading ${key} failed: ${(error as Error).message}`);
      response.status(500).json({ success: false, message: '文件读取失败' });
    });
  };
}
