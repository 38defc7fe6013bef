import { Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { isObject, type Json } from '../relay/json';
import { RelayError } from '../relay/relay-error';

const logger = new Logger('TaskRelay');

/** A failure as a RelayError; anything unexpected is logged and answered as the gateway's own 500. */
function relayErrorOf(error: unknown): RelayError {
  if (error instanceof RelayError) return error;
  logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  return new RelayError(500, '服务器内部错误', 'server_error', null);
}

/** midjourney-proxy's codes for the gateway's own refusals: 3 not found, 4 invalid request, 9 anything else. */
const mjCodeOf = (status: number): number => (status === 404 ? 3 : status === 400 ? 4 : 9);

/**
 * A refusal on the /mj routes: OpenAI's error shape (DESIGN.md §4) plus the fields a
 * midjourney-proxy client reads (`code`, `description`, `result`), so either kind of client shows
 * the reason.
 */
export function sendMjFailure(response: Response, error: unknown): void {
  const failure = relayErrorOf(error);
  response.status(failure.status).json({ ...failure.toBody(), code: mjCodeOf(failure.status), description: failure.message, result: null, properties: {} });
}

/** A refusal on the /suno routes: OpenAI's error shape plus the Suno API's `code`, `message` and `data`. */
export function sendSunoFailure(response: Response, error: unknown): void {
  const failure = relayErrorOf(error);
  response.status(failure.status).json({ ...failure.toBody(), code: failure.code ?? 'error', message: failure.message, data: null });
}

/** The request body, which must be a JSON object. */
export function bodyObject(request: Request): Json {
  if (!isObject(request.body)) throw new RelayError(400, '请求体必须是 JSON 对象', 'invalid_request_error', 'invalid_request');
  return request.body;
}

/** The origin the client called (for the gateway's image links when ServerAddress is not set). */
export const originOf = (request: Request): string => `${request.protocol}://${request.get('host') ?? ''}`;
