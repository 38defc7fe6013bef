import { countTokens, type TokenCounter } from '../billing/token-count';
import { isObject, type Json } from '../json';

/** The text of a content block, or of a list of them, that the model reads. */
function blockTexts(value: unknown, texts: string[]): void {
  if (typeof value === 'string') texts.push(value);
  else if (Array.isArray(value)) for (const item of value) blockTexts(item, texts);
  else if (!isObject(value)) return;
  else if (value.type === 'text') blockTexts(value.text, texts);
  else if (value.type === 'thinking') blockTexts(value.thinking, texts);
  else if (value.type === 'tool_use') texts.push(String(value.name), JSON.stringify(value.input ?? {}));
  else if (value.type === 'tool_result') blockTexts(value.content, texts);
  else if (value.type === 'document' && isObject(value.source)) blockTexts(value.source.type === 'text' ? value.source.data : value.source.content, texts);
}

/**
 * The prompt tokens of a Messages request counted with the relay's tokenizer (billing/token-count.ts):
 * the system prompt, the turns' text, tool calls and results, and the tool definitions, with the
 * same per-message overhead as chat requests. Images are not counted. The reservation, the bill
 * when an upstream reports no usage, and count_tokens without an Anthropic channel use it.
 */
export function countMessagesTokens(body: Json, count: TokenCounter = countTokens): number {
  const texts: string[] = [];
  blockTexts(body.system, texts);
  const messages = Array.isArray(body.messages) ? body.messages : [];
  for (const message of messages) if (isObject(message)) blockTexts(message.content, texts);
  for (const tool of Array.isArray(body.tools) ? body.tools : []) {
    if (isObject(tool)) texts.push(String(tool.name ?? ''), typeof tool.description === 'string' ? tool.description : '', JSON.stringify(tool.input_schema ?? {}));
  }
  return count(texts.join('\n')) + (messages.length > 0 ? messages.length * 3 + 3 : 0);
}
