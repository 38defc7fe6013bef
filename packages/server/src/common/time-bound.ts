import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';

/** 9999-12-31 23:59:59 UTC: anything later is a time in milliseconds sent by mistake. */
export const UNIX_SECONDS_MAX = 253_402_300_799;

/**
 * One end of a logs, tasks, statistics, monitor or dashboard range: unix seconds, required. A query string's
 * text is read as a number; a JSON body's field must be a number already (`source: 'body'`).
 */
export function TimeBound(label: string, source: 'query' | 'body' = 'query') {
  const message = `${label}必须是以秒为单位的时间戳`;
  const rules = [IsInt({ message }), Min(0, { message }), Max(UNIX_SECONDS_MAX, { message })];
  return applyDecorators(...(source === 'query' ? [Type(() => Number), ...rules] : rules));
}
