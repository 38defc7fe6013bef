import { ValidationError, ValidationPipe } from '@nestjs/common';
import { BusinessError } from './business.error';

function firstMessage(errors: ValidationError[]): string {
  for (const error of errors) {
    const constraint = Object.values(error.constraints ?? {})[0];
    if (constraint) return constraint;
    const nested = firstMessage(error.children ?? []);
    if (nested) return nested;
  }
  return '参数错误';
}

/**
 * The global pipe: unknown fields are dropped, types converted, and the first failed rule answers as
 * a business error carrying the DTO's own (Chinese) message.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    forbidUnknownValues: false,
    exceptionFactory: (errors) => new BusinessError(firstMessage(errors)),
  });
}
