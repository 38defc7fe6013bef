import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { UNIX_SECONDS_MAX } from '../../logs/dto/log-query.dto';

/**
 * One end of a statistics, monitor or dashboard range: unix seconds, required. A query string's
 * text is read as a number; a JSON body's field must be a number already (`source: 'body'`).
 */
export function TimeBound(label: string, source: 'query' | 'body' = 'query') {
  const message = `${label}必须是以秒为单位的时间戳`;
  const rules = [IsInt({ message }), Min(0, { message }), Max(UNIX_SECONDS_MAX, { message })];
  return applyDecorators(...(source === 'query' ? [Type(() => Number), ...rules] : rules));
}
