import { ValidationError, ValidationPipe } from '@nestjs/common';
import { BusinessError } from './business.error';

/** Presence first, then type, then the rest: "请输入用户名" beats "too long" for a missing field. */
const BASIC_RULES = ['isDefined', 'isNotEmpty', 'isString', 'isInt', 'isNumber', 'isBoolean'];

function mostBasic(constraints: Record<string, string>): string | undefined {
  const basic = BASIC_RULES.find((rule) => rule in constraints);
  return basic ? constraints[basic] : Object.values(constraints)[0];
}

function firstMessage(errors: ValidationError[]): string {
  for (const error of errors) {
    const constraint = mostBasic(error.constraints ?? {});
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
