import { encode } from 'gpt-tokenizer';
import { emptyUsage, type Usage } from './usage';

/** Tokens of a text with the o200k tokenizer: the count used when an upstream reports no usage. */
export const countTokens = (text: string): number => (text ? encode(text).length : 0);

/** How a request's text is turned into tokens: countTokens, or estimateTokens for the relay's own use. */
export type TokenCounter = (text: string) => number;

/** Texts up to this many characters are counted exactly by estimateTokens. */
const EXACT_UP_TO_CHARS = 4_096;
/** A longer text is estimated from this many slices spread over it… */
const SAMPLE_SLICES = 32;
/** …of about this many characters each… */
const SLICE_CHARS = 128;
/** …moved by at most this much to start and end at whitespace, so that no word is cut in two. */
const ALIGN_CHARS = 24;

const isSpace = (code: number) => code === 32 || code === 10 || code === 9 || code === 13;

/** The first whitespace at or after `from` within ALIGN_CHARS, else `from`. */
function spaceAfter(text: string, from: number): number {
  for (let at = from; at < Math.min(text.length, from + ALIGN_CHARS); at++) if (isSpace(text.charCodeAt(at))) return at;
  return from;
}

/** The last whitespace before `to` within ALIGN_CHARS, else `to`. */
function spaceBefore(text: string, to: number, after: number): number {
  for (let at = to - 1; at > Math.max(after, to - ALIGN_CHARS); at--) if (isSpace(text.charCodeAt(at))) return at;
  return to;
}

/**
 * The tokens of a request's prompt as the relay counts them for itself (the reservation, and the
 * bill when an upstream reports no usage, which is an o200k count of another model's text anyway):
 * exact up to 4,096 characters; beyond that, the exact count of 32 slices of about 128 characters
 * spread evenly over the text, scaled to its length. The tokenizer runs on the event loop: a
 * 90,000-token prompt took 56–90 ms to count exactly, and every other request of the instance
 * waited that long. The slices follow the text's mix of languages and code (within 2 % on long
 * English, Chinese, code and mixes of them; a dense part shorter than a slice's spacing, such as
 * 5 % of Chinese at the end of English, can be under-counted by about 4 %: token-count.spec.ts).
 */
export function estimateTokens(text: string): number {
  if (text.length <= EXACT_UP_TO_CHARS) return countTokens(text);
  const stride = text.length / SAMPLE_SLICES;
  let tokens = 0;
  let chars = 0;
  for (let slice = 0; slice < SAMPLE_SLICES; slice++) {
    const start = spaceAfter(text, Math.floor(slice * stride));
    const end = spaceBefore(text, Math.min(text.length, start + SLICE_CHARS), start);
    tokens += countTokens(text.slice(start, end));
    chars += end - start;
  }
  return Math.round((tokens * text.length) / chars);
}

/** Counts the text of a chat or completion request (messages' text parts, prompt, input), plus per-message overhead. */
export function countPromptTokens(body: Record<string, unknown>, count: TokenCounter = countTokens): number {
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
  return count(text) + (messages > 0 ? messages * 3 + 3 : 0);
}

/** The usage of a request whose upstream reported none: its prompt as counted before, and the text it produced. */
export const countedUsage = (promptTokens: number, produced: string): Usage => ({
  ...emptyUsage(),
  prompt_tokens: promptTokens,
  completion_tokens: produced ? countPromptTokens({ prompt: produced }) : 0,
});
