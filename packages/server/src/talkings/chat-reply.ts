import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { BusinessError } from '../common/business.error';
import type { Reply } from '../common/envelope.interceptor';

/**
 * The compare chat's calls live under /relay/v1/ and /v1/models/ (the paths the chat pages were
 * written against, spec 3 §8), outside /api/ where EnvelopeInterceptor wraps replies: they build
 * the console envelope themselves.
 */
export const ok = <T>(data: T, message = ''): Reply<T> => ({ success: true, message, data });

/**
 * Under /v1/ the global filter answers failures in OpenAI's error shape (HTTP 400), which suits the
 * relay, not the chat pages' /v1/models/* calls: a refusal there is the console's
 * `{ success: false, message }` with HTTP 200, like every other console refusal.
 */
@Catch(BusinessError)
export class ConsoleRefusalFilter implements ExceptionFilter {
  catch(exception: BusinessError, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) return;
    response.status(200).json({ success: false, message: exception.message, data: null } satisfies Reply<null>);
  }
}
