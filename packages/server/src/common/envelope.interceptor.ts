import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { map, Observable } from 'rxjs';

export interface Reply<T> {
  success: boolean;
  message: string;
  data: T;
}

/** A controller may return a message with its data; otherwise the message is empty. */
export class WithMessage<T> {
  constructor(
    readonly message: string,
    readonly data: T = null as T,
  ) {}
}

/**
 * A reply whose success is decided by the handler and which carries fields beside data at the top
 * level, for the calls whose console code reads them there (spec 2: `time` of a channel test,
 * `balance` of a balance update). The envelope's own keys always win over `extra`.
 */
export class Outcome<T> {
  constructor(
    readonly success: boolean,
    readonly message: string,
    readonly extra: Record<string, unknown> = {},
    readonly data: T = null as T,
  ) {}
}

/** Wraps every console (`/api/`) reply in `{ success: true, message, data }` (DESIGN.md §4). */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    if (!request.path.startsWith('/api/')) return next.handle();
    // The console reads success from the envelope; every answered call is HTTP 200 (not 201 for POST).
    context.switchToHttp().getResponse<Response>().status(200);
    return next.handle().pipe(
      map((result): Reply<unknown> => {
        if (result instanceof Outcome) return { ...result.extra, success: result.success, message: result.message, data: result.data };
        if (result instanceof WithMessage) return { success: true, message: result.message, data: result.data };
        return { success: true, message: '', data: result ?? null };
      }),
    );
  }
}
