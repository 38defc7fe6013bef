import { encode } from 'gpt-tokenizer';
import { emptyUsage, type Usage } from './usage';

/** Tokens of a text with the o200k tokenizer: the count used when an upstream reports no usage. */
export const countTokens = (text: string): number => (text ? encode(text).length : 0);

/** Counts the text of a chat or completion request (messages' text parts, prompt, input), plus per-message overhead. */
export function countPromptTokens(body: Record<string, unknown>): number {
  let text = '';
  let messages = 0;
  const add = (value: unknown) => {
    if (typeof value === 'string') text += value + '\n';
    else if (Array.isArray(value)) for (const part of value) add(typeof part === 'object' && part !== null ? (part as { text?: unknown }).text : part);
  };
  if (Array.isArray(body.messages)) {
    for (const message of body.messages as Array<{ content?: unknown; role?: unknown }>) {
      messages += 1;
      add(message.content);
    }
  }
  add(body.prompt);
  add(body.input);
  // OpenAI's chat format spends about 3 tokens per message and 3 to prime the reply.
  return countTokens(text) + (messages > 0 ? messages * 3 + 3 : 0);
}

/** The usage of a request whose upstream reported none: its prompt as counted before, and the text it produced. */
export const countedUsage = (promptTokens: number, produced: string): Usage => ({
  ...emptyUsage(),
  prompt_tokens: promptTokens,
  completion_tokens: produced ? countPromptTokens({ prompt: produced }) : 0,
});
