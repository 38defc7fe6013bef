import type { IncomingMessage } from 'node:http';
import { CanActivate, ExecutionContext, Injectable, SetMetadata, UnsupportedMediaTypeException } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import { multipartRequestOf } from '../storage/multipart.decorator';

export const MSG_JSON_BODY = '请求体必须是 JSON 格式（Content-Type: application/json）';

const FORM_BODY_KEY = 'form-body';

/**
 * A route that reads a URL-encoded form, parsed for its path alone (app.factory.ts): Epay's notify.
 * The JSON rule below does not apply to it.
 */
export const FormBody = () => SetMetadata(FORM_BODY_KEY, true);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** application/json and the +json types (application/merge-patch+json, …), parameters aside. */
const JSON_TYPE = /^application\/([\w.-]+\+)?json$/;

const carriesBody = (request: IncomingMessage): boolean =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

/**
 * Refuses (415) a write whose body is not JSON on a route that reads JSON. A form, text/plain or
 * multipart body is what another site's page can send without the browser asking first (CORS
 * preflight), so no route that reads JSON takes one; nor would it read it (only JSON is parsed).
 * Shared by the guard below and the compare chat's door (talkings/console-chat-door.ts).
 */
export function assertJsonBody(request: IncomingMessage): void {
  if (SAFE_METHODS.has(request.method ?? 'GET') || !carriesBody(request)) return;
  const mediaType = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (!JSON_TYPE.test(mediaType)) throw new UnsupportedMediaTypeException(MSG_JSON_BODY);
}

/**
 * assertJsonBody on every route but those that read another body themselves: the uploads (a
 * @Multipart() parameter, whose reader refuses anything but multipart) and @FormBody() routes.
 */
@Injectable()
export class JsonBodyGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http' || this.readsOwnBody(context)) return true;
    assertJsonBody(context.switchToHttp().getRequest<IncomingMessage>());
    return true;
  }

  private readsOwnBody(context: ExecutionContext): boolean {
    if (this.reflector.get<boolean | undefined>(FORM_BODY_KEY, context.getHandler())) return true;
    const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, context.getClass(), context.getHandler().name) ?? {}) as Record<string, { factory?: unknown }>;
    return Object.values(args).some((arg) => arg.factory === multipartRequestOf);
  }
}
