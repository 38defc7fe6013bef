import { INT4_MAX } from '../common/int-range';
import { inputProblem, MSG_NUL } from '../common/input-rules';
import { isObject } from './json';
import { RelayError } from './relay-error';

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

const invalid = (message: string, code = 'invalid_request_error'): RelayError => new RelayError(400, message, 'invalid_request_error', code);

/** The optional fields whose type the relay relies on (billing, streaming, the token count), with their rule. */
const FIELD_RULES: Array<[field: string, ok: (value: unknown) => boolean, message: string]> = [
  ['model', (value) => typeof value === 'string', 'model 必须是字符串'],
  ['stream', (value) => typeof value === 'boolean', 'stream 必须是 true 或 false'],
  ['stream_options', isObject, 'stream_options 必须是 JSON 对象'],
  ['max_tokens', (value) => Number.isInteger(value) && (value as number) >= 0, 'max_tokens 必须是不小于 0 的整数'],
  ['max_completion_tokens', (value) => Number.isInteger(value) && (value as number) >= 0, 'max_completion_tokens 必须是不小于 0 的整数'],
  ['n', (value) => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 128, 'n 必须是 1 到 128 之间的整数'],
  ['temperature', isFiniteNumber, 'temperature 必须是数字'],
  ['top_p', isFiniteNumber, 'top_p 必须是数字'],
  ['presence_penalty', isFiniteNumber, 'presence_penalty 必须是数字'],
  ['frequency_penalty', isFiniteNumber, 'frequency_penalty 必须是数字'],
  ['messages', Array.isArray, 'messages 必须是数组'],
  ['prompt', (value) => typeof value === 'string' || Array.isArray(value), 'prompt 必须是字符串或数组'],
];

/** A message's content: text, nothing, or a list of parts (objects such as `{type: 'text', text}`, or text). */
const isContent = (content: unknown): boolean =>
  content === undefined || content === null || typeof content === 'string' || (Array.isArray(content) && content.every((part) => isObject(part) || typeof part === 'string'));

/**
 * Refuses, in OpenAI's error shape with 400, a relay body the pipeline could not bill or count:
 * nesting too deep, fields of the wrong type, a completion budget beyond any model's (an
 * Infinity estimate), a message that is not an object. Fields set to null count as left out.
 */
export function checkRelayBody(body: Record<string, unknown>): Record<string, unknown> {
  // Message text may hold any character and the upstream judges its numbers; only the depth is ours.
  const problem = inputProblem(body, { nul: false, numbers: false });
  if (problem) throw invalid(problem);
  for (const [field, ok, message] of FIELD_RULES) {
    const value = body[field];
    if (value !== undefined && value !== null && !ok(value)) throw invalid(message);
  }
  for (const field of ['max_tokens', 'max_completion_tokens']) {
    if ((body[field] as number | null | undefined) != null && (body[field] as number) > INT4_MAX) throw invalid(`${field} 超出范围（最大 ${INT4_MAX}）`);
  }
  // The model name is logged and looked up; PostgreSQL refuses NUL characters in text.
  if (typeof body.model === 'string' && body.model.includes('\u0000')) throw invalid(MSG_NUL);
  for (const [index, message] of ((body.messages as unknown[] | undefined | null) ?? []).entries()) {
    if (!isObject(message)) throw invalid(`messages[${index}] 必须是 JSON 对象`);
    if (!isContent(message.content)) throw invalid(`messages[${index}].content 必须是字符串或内容数组`);
  }
  return body;
}
