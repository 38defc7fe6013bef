import { BadRequestException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { inputProblem } from './input-rules';

/**
 * Express middleware after the body parsers: a body or query string that is nested too deep, holds
 * a NUL character or a number no column can hold is refused with 400 and the reason, before any
 * route sees it (docs/console-api.md "Malformed requests").
 */
export function inputGuard(request: Request, _response: Response, next: NextFunction): void {
  // A raw body (Stripe's webhook) is bytes, checked whole by its route's signature, not a value to walk.
  const problem = (Buffer.isBuffer(request.body) ? undefined : inputProblem(request.body)) ?? inputProblem(request.query);
  next(problem ? new BadRequestException(problem) : undefined);
}
