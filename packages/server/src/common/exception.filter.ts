import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { DATABASE_UNAVAILABLE, DatabaseHealth } from '../database/database-health';
import { BusinessError } from './business.error';

const STATUS_MESSAGES: Record<number, string> = {
  [HttpStatus.UNAUTHORIZED]: '未登录或登录已过期，请重新登录',
  [HttpStatus.FORBIDDEN]: '无权进行此操作，权限不足',
  [HttpStatus.NOT_FOUND]: '接口不存在',
  [HttpStatus.TOO_MANY_REQUESTS]: '请求次数过多，请稍后再试',
  [HttpStatus.PAYLOAD_TOO_LARGE]: '请求内容过大',
  [HttpStatus.UNSUPPORTED_MEDIA_TYPE]: '不支持的请求内容格式',
};

/**
 * The status of a client mistake reported by Express middleware (the body parser's http-errors:
 * body too large, unknown charset or encoding), which is not an HttpException but no server failure.
 */
function clientErrorStatus(exception: unknown): number | undefined {
  if (!(exception instanceof Error)) return undefined;
  const { status, expose } = exception as { status?: unknown; expose?: unknown };
  return expose === true && typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/** What a failure tells the client: its status (200 for a business failure) and its message. */
export function failureOf(exception: unknown, logger: Pick<Logger, 'error'>): { status: number; message: string } {
  const clientStatus = clientErrorStatus(exception);
  if (exception instanceof BusinessError) return { status: HttpStatus.OK, message: exception.message };
  if (exception instanceof ThrottlerException) return { status: HttpStatus.TOO_MANY_REQUESTS, message: STATUS_MESSAGES[HttpStatus.TOO_MANY_REQUESTS] };
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const body = exception.getResponse();
    const given = typeof body === 'string' ? body : (body as { message?: unknown }).message;
    if (status >= 500) logger.error(exception);
    return { status, message: status < 500 && typeof given === 'string' && /[\u4e00-\u9fa5]/.test(given) ? given : (STATUS_MESSAGES[status] ?? '请求无效') };
  }
  if (clientStatus !== undefined) return { status: clientStatus, message: STATUS_MESSAGES[clientStatus] ?? '请求无效' };
  logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
  return { status: HttpStatus.INTERNAL_SERVER_ERROR, message: '服务器内部错误，请联系管理员' };
}

/** A failure in OpenAI's error shape (the relay's paths): a business failure is the client's, 400. */
export function relayFailureOf(status: number, message: string): { status: number; body: { error: { message: string; type: string; code: null } } } {
  return {
    status: status === HttpStatus.OK ? HttpStatus.BAD_REQUEST : status,
    body: { error: { message, type: status >= 500 ? 'server_error' : 'invalid_request_error', code: null } },
  };
}

/** Paths that answer in OpenAI's error shape (DESIGN.md §4). */
const RELAY_PATHS = /^\/(v1|mj|suno|dashboard\/billing)\//;

/** Whether no code path meant to throw this (no HTTP, business, throttling or client error): a bug, or an outage. */
export function isUnforeseen(exception: unknown): boolean {
  return !(exception instanceof BusinessError) && !(exception instanceof HttpException) && clientErrorStatus(exception) === undefined;
}

/**
 * Every failure leaves as the console envelope (or OpenAI's error shape under /v1/), never with a
 * stack trace: business failures as HTTP 200 success=false, auth failures as 401/403, limits as 429.
 * A failure nobody foresaw is a 503 saying so while the database is unreachable (an outage, which
 * passes), a 500 otherwise (a bug). A failure after the reply's first byte cuts the connection.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  constructor(private readonly database: DatabaseHealth) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const request = http.getRequest<Request>();
    if (response.headersSent) {
      this.cutShort(request, response, exception);
      return;
    }
    if (!isUnforeseen(exception)) {
      this.reply(request, response, failureOf(exception, this.logger));
      return;
    }
    // Nest does not wait for a filter: the reply follows once the database has been asked.
    void this.database.reachable().then((reachable) => {
      if (reachable) return this.reply(request, response, failureOf(exception, this.logger));
      this.logger.warn(`${request.method} ${request.path} failed, the database is unreachable: ${exception instanceof Error ? exception.message : String(exception)}`);
      this.reply(request, response, { status: HttpStatus.SERVICE_UNAVAILABLE, message: DATABASE_UNAVAILABLE });
    });
  }

  /**
   * A failure after the reply began (a download or a stream that failed half-way): its status is
   * gone, so the connection is cut and the client sees a broken transfer, where an open one would
   * keep it waiting for the rest forever.
   */
  private cutShort(request: Request, response: Response, exception: unknown): void {
    this.logger.error(`${request.method} ${request.path} failed after its reply began: ${exception instanceof Error ? (exception.stack ?? exception.message) : String(exception)}`);
    if (!response.writableEnded) response.destroy();
  }

  private reply(request: Request, response: Response, { status, message }: { status: number; message: string }): void {
    if (response.headersSent) return;
    if (RELAY_PATHS.test(request.path)) {
      const failure = relayFailureOf(status, message);
      response.status(failure.status).json(failure.body);
      return;
    }
    response.status(status).json({ success: false, message, data: null });
  }
}
