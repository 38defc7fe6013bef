import { CHANNEL_PRIORITY_MIN, CHANNEL_WEIGHT_MIN } from '@gw/shared';

/** What an inline priority or weight input means once the admin leaves it (spec 2 §5 channel list). */
export type NumberInput = { kind: 'value'; value: number } | { kind: 'ignore' } | { kind: 'error'; message: string };

export const MSG_TAG_WEIGHT = 'weight must be a non-negative integer';
export const MSG_TAG_PRIORITY = '优先级必须是整数';

const ignore: NumberInput = { kind: 'ignore' };
const value = (n: number): NumberInput => ({ kind: 'value', value: n });

/** Row priority: parsed as an integer, empty ignored, at least -999. */
export function parseRowPriority(text: string): NumberInput {
  const n = Number.parseInt(text, 10);
  if (Number.isNaN(n)) return ignore;
  return value(Math.max(n, CHANNEL_PRIORITY_MIN));
}

/** Row weight: parsed as an integer, empty ignored, a negative weight becomes 0. */
export function parseRowWeight(text: string): NumberInput {
  const n = Number.parseInt(text, 10);
  if (Number.isNaN(n)) return ignore;
  return value(Math.max(n, CHANNEL_WEIGHT_MIN));
}

/** Tag priority: empty ignored, otherwise it must be an integer. */
export function parseTagPriority(text: string): NumberInput {
  const trimmed = text.trim();
  if (trimmed === '') return ignore;
  return /^-?\d+$/.test(trimmed) ? value(Number(trimmed)) : { kind: 'error', message: MSG_TAG_PRIORITY };
}

/** Tag weight: empty ignored, otherwise it must be a non-negative integer. */
export function parseTagWeight(text: string): NumberInput {
  const trimmed = text.trim();
  if (trimmed === '') return ignore;
  return /^\d+$/.test(trimmed) ? value(Number(trimmed)) : { kind: 'error', message: MSG_TAG_WEIGHT };
}
