import { countTokens, type TokenCounter } from '../billing/token-count';
import { isObject, type Json } from '../json';
import { partsText } from './responses-to-chat';

/**
 * The prompt tokens of a Responses request counted with the relay's tokenizer
 * (billing/token-count.ts): the instructions, the input items' text, function calls and their
 * outputs, and the tool definitions, with the same per-item overhead as chat requests. Images and
 * files are not counted. The reservation and the bill when an upstream reports no usage use it.
 */
export function countResponsesTokens(body: Json, count: TokenCounter = countTokens): number {
  const texts: string[] = [];
  if (typeof body.instructions === 'string') texts.push(body.instructions);
  const items = typeof body.input === 'string' ? [{ content: body.input }] : Array.isArray(body.input) ? body.input : [];
  for (const item of items) {
    if (!isObject(item)) continue;
    if (item.type === 'function_call') texts.push(String(item.name ?? ''), typeof item.arguments === 'string' ? item.arguments : '');
    else if (item.type === 'function_call_output') texts.push(partsText(item.output));
    else texts.push(partsText(item.content));
  }
  for (const tool of Array.isArray(body.tools) ? body.tools : []) {
    if (isObject(tool)) texts.push(String(tool.name ?? ''), typeof tool.description === 'string' ? tool.description : '', JSON.stringify(tool.parameters ?? {}));
  }
  return count(texts.join('\n')) + (items.length > 0 ? items.length * 3 + 3 : 0);
}
