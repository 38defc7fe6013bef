import { type ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { BusinessError } from './business.error';
import { inputProblem } from './input-rules';

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
 * After conversion, no number beyond what a column holds exactly: a query string of 30 digits is
 * a number only once converted, after the input guard (input-guard.ts) has seen it as text.
 */
class InputValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const converted: unknown = await super.transform(value, metadata);
    // A DTO only: a route parameter's own pipe (IdPipe) names what a bad id means.
    const problem = metadata.type === 'custom' || typeof converted !== 'object' ? undefined : inputProblem(converted);
    if (problem) throw new BusinessError(problem);
    return converted;
  }
}

/**
 * The global pipe: unknown fields are dropped, types converted, and the first failed rule answers as
 * a business error carrying the DTO's own (Chinese) message.
 */
export function createValidationPipe(): ValidationPipe {
  return new InputValidationPipe({
    whitelist: true,
    transform: true,
    forbidUnknownValues: false,
    exceptionFactory: (errors) => new BusinessError(firstMessage(errors)),
  });
}
