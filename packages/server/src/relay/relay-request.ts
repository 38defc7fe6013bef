import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { RelayError } from './relay-error';

/**
 * What the relay needs of an incoming call. Relay calls arrive through the front door (plain
 * node:http, relay-front-door.ts); the playground's through Express, with its body already parsed.
 */
export interface RelayRequest {
  headers: IncomingHttpHeaders;
  /** The client's address, X-Forwarded-For honoured only from TRUSTED_PROXIES. */
  ip: string;
  path: string;
  /** The body, when something upstream of the relay has parsed it already. */
  body?: Record<string, unknown>;
  /** The raw request, for reading the body (JSON or a multipart upload). */
  stream: IncomingMessage;
  /** The HTTP request's id (common/request-id.ts): the log row's request_id. */
  requestId?: string;
}

/** OpenAI's own limit is far lower; this bounds what one request may make us hold in memory. */
export const MAX_JSON_BODY_BYTES = 10 * 1024 * 1024;

export function headerOf(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Reads the whole body with a size limit. Plain listeners, not `for await`: the async iterator
 * cost every relay call several microseconds of listeners and promises (docs/performance.md).
 */
export function readBody(stream: IncomingMessage, limit: number, tooLarge: string): Promise<Buffer> {
  const declared = Number(stream.headers['content-length']);
  if (declared > limit) return Promise.reject(new RelayError(413, tooLarge, 'invalid_request_error', 'request_too_large'));
  // Read already (nothing emits 'end' again): an empty body, as the iterator gave.
  if (stream.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (error?: RelayError): void => {
      stream.off('data', onData).off('end', onEnd).off('error', onAbort).off('close', onAbort);
      if (error) reject(error);
      else resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      chunks.push(chunk);
      if (size <= limit) return;
      finish(new RelayError(413, tooLarge, 'invalid_request_error', 'request_too_large'));
      // As the iterator did: the rest of an oversized body is not read.
      stream.destroy();
    };
    const onEnd = (): void => finish();
    // The client went away mid-body (an error, or a close before the end): nothing to answer,
    // nothing to log as a server fault.
    const onAbort = (): void => finish(new RelayError(400, '请求体未完整接收（客户端中断）', 'invalid_request_error', 'request_aborted'));
    stream.on('data', onData).on('end', onEnd).on('error', onAbort).on('close', onAbort);
  });
}

/** The JSON object of a request body; anything else is the client's error, said plainly. */
export async function readJsonBody(stream: IncomingMessage): Promise<Record<string, unknown>> {
  const raw = await readBody(stream, MAX_JSON_BODY_BYTES, '请求体过大（最大 10 MB）');
  if (raw.length === 0) throw new RelayError(400, '请求体为空，需要 JSON 格式的请求参数', 'invalid_request_error', 'invalid_json');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new RelayError(400, '请求体不是有效的 JSON', 'invalid_request_error', 'invalid_json');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new RelayError(400, '请求体必须是 JSON 对象', 'invalid_request_error', 'invalid_json');
  }
  return parsed as Record<string, unknown>;
}

/** Sends a complete reply (JSON text or bytes) with its length, in one write. */
export function sendWhole(response: ServerResponse, status: number, contentType: string, body: string | Buffer): void {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  response.writeHead(status, { 'Content-Type': contentType, 'Content-Length': bytes.length });
  response.end(bytes);
}

export const sendJson = (response: ServerResponse, status: number, body: unknown): void =>
  sendWhole(response, status, 'application/json; charset=utf-8', typeof body === 'string' ? body : JSON.stringify(body));
