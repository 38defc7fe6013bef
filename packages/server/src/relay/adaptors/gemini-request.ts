import { nestedTooDeep } from '../../common/input-rules';
import { isObject } from '../json';
import type { GeminiContent, GeminiFunctionDeclaration, GeminiPart, GeminiRequest, GeminiThinkingConfig } from './gemini-types';

interface OpenAiToolCall {
  id?: unknown;
  function?: { name?: unknown; arguments?: unknown };
  /** Where Google's OpenAI-compatible API puts the part's thought signature (gemini-response.ts). */
  extra_content?: { google?: { thought_signature?: unknown } };
}

interface OpenAiMessage {
  role?: unknown;
  content?: unknown;
  name?: unknown;
  tool_calls?: OpenAiToolCall[];
  tool_call_id?: unknown;
}

/** Media types Gemini accepts by file URI, guessed from the URL's extension. */
const MIME_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  heic: 'image/heic',
  heif: 'image/heif',
  pdf: 'application/pdf',
};

function mimeFromUrl(url: string): string | undefined {
  try {
    const extension = /\.([a-z0-9]+)$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase();
    return extension ? MIME_BY_EXTENSION[extension] : undefined;
  } catch {
    return undefined;
  }
}

/**
 * An image (or file) given by URL: a data: URL travels inline; an http URL as a file reference
 * when its type can be told from the name, else as a note in the text so the model knows of it.
 */
function mediaPart(url: string): GeminiPart {
  const inline = /^data:([^;,]+)[^,]*;base64,(.*)$/s.exec(url);
  if (inline) return { inlineData: { mimeType: inline[1], data: inline[2] } };
  const mimeType = mimeFromUrl(url);
  return mimeType ? { fileData: { mimeType, fileUri: url } } : { text: `[image: ${url}]` };
}

function partOf(raw: unknown): GeminiPart[] {
  if (!raw || typeof raw !== 'object') return [];
  const part = raw as { type?: unknown; text?: unknown; image_url?: unknown; input_audio?: { data?: unknown; format?: unknown }; file?: { file_data?: unknown } };
  switch (part.type) {
    case 'text':
      return typeof part.text === 'string' && part.text ? [{ text: part.text }] : [];
    case 'image_url': {
      const url = typeof part.image_url === 'string' ? part.image_url : (part.image_url as { url?: unknown } | undefined)?.url;
      return typeof url === 'string' && url ? [mediaPart(url)] : [];
    }
    case 'input_audio': {
      const { data, format } = part.input_audio ?? {};
      return typeof data === 'string' && typeof format === 'string' ? [{ inlineData: { mimeType: `audio/${format}`, data } }] : [];
    }
    case 'file':
      return typeof part.file?.file_data === 'string' ? [mediaPart(part.file.file_data)] : [];
    default:
      return [];
  }
}

/** An OpenAI message content (a string or an array of typed parts) as Gemini parts; empty text is dropped. */
function contentParts(content: unknown): GeminiPart[] {
  if (typeof content === 'string') return content ? [{ text: content }] : [];
  return Array.isArray(content) ? content.flatMap(partOf) : [];
}

function plainText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part: { text?: unknown }) => (typeof part?.text === 'string' ? part.text : '')).join('');
}

/**
 * A JSON object held in the client's text (tool arguments, a tool result), or undefined. Nested past
 * the request body's limit it counts as no object: the request built from it is JSON.stringify'd.
 */
function parseObject(text: unknown): Record<string, unknown> | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) && !nestedTooDeep(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A tool result: Gemini wants an object, so a JSON object is sent as is and anything else wrapped. */
function toolResponse(content: unknown): Record<string, unknown> {
  const text = plainText(content);
  return parseObject(text) ?? { content: text };
}

/**
 * A tool call as the model's functionCall part, with the thought signature it came with: Gemini 3
 * refuses a follow-up whose function calls lost their signatures.
 */
function functionCallPart(call: OpenAiToolCall): GeminiPart[] {
  const name = call.function?.name;
  if (typeof name !== 'string' || !name) return [];
  const signature = call.extra_content?.google?.thought_signature;
  return [{ functionCall: { name, args: parseObject(call.function?.arguments) ?? {} }, ...(typeof signature === 'string' && signature ? { thoughtSignature: signature } : {}) }];
}

/**
 * OpenAI messages as Gemini contents: system (and developer) messages become the system
 * instruction; assistant turns are the model's; tool results go back as the user's function
 * responses, named after the call they answer. Consecutive turns of one role are merged, as
 * Gemini wants user and model to alternate (and parallel tool results in one turn).
 */
function convertMessages(messages: OpenAiMessage[]): Pick<GeminiRequest, 'contents' | 'systemInstruction'> {
  const callNames = new Map<string, string>();
  for (const message of messages) {
    for (const call of Array.isArray(message.tool_calls) ? message.tool_calls : []) {
      if (typeof call?.id === 'string' && typeof call.function?.name === 'string') callNames.set(call.id, call.function.name);
    }
  }
  const system: GeminiPart[] = [];
  const contents: GeminiContent[] = [];
  const push = (role: GeminiContent['role'], parts: GeminiPart[]) => {
    if (parts.length === 0) return;
    const last = contents.at(-1);
    if (last?.role === role) last.parts.push(...parts);
    else contents.push({ role, parts });
  };
  for (const message of messages) {
    switch (message.role) {
      case 'system':
      case 'developer':
        system.push(...contentParts(message.content).filter((part) => part.text !== undefined));
        break;
      case 'assistant':
        push('model', [...contentParts(message.content), ...(Array.isArray(message.tool_calls) ? message.tool_calls.flatMap(functionCallPart) : [])]);
        break;
      case 'tool': {
        const id = typeof message.tool_call_id === 'string' ? message.tool_call_id : '';
        const name = callNames.get(id) ?? (typeof message.name === 'string' ? message.name : id);
        push('user', [{ functionResponse: { name, response: toolResponse(message.content) } }]);
        break;
      }
      default:
        push('user', contentParts(message.content));
    }
  }
  return { contents, ...(system.length > 0 ? { systemInstruction: { parts: system } } : {}) };
}


/**
 * OpenAI's reasoning_effort for Gemini 2.5 (a token budget), in the budgets Google's own
 * OpenAI-compatible API uses for low, medium and high (1K, 8K, 24K); minimal is 512, the lowest
 * budget every 2.5 model accepts (Flash-Lite's minimum). none turns thinking off (2.5 Pro cannot).
 */
export const THINKING_BUDGETS: Record<string, number> = { none: 0, minimal: 512, low: 1024, medium: 8192, high: 24576, xhigh: 24576 };

/**
 * Gemini 3 takes a level instead. Only low and high are accepted by every Gemini 3 model (Pro
 * refuses minimal and medium), and none cannot turn its thinking off: low is the least there is.
 */
const THINKING_LEVELS: Record<string, string> = { none: 'low', minimal: 'low', low: 'low', medium: 'high', high: 'high', xhigh: 'high' };

/**
 * Google's own extension of the OpenAI request, `google: {thinking_config}`: top level when the
 * OpenAI SDK spread `extra_body` into the body, or under a literal `extra_body` key as Google's
 * examples send it.
 */
function googleThinkingConfig(body: Record<string, unknown>): GeminiThinkingConfig | undefined {
  const google = isObject(body.google) ? body.google : isObject(body.extra_body) && isObject(body.extra_body.google) ? body.extra_body.google : undefined;
  const raw = google?.thinking_config;
  if (!isObject(raw)) return undefined;
  const config: GeminiThinkingConfig = {};
  if (typeof raw.thinking_budget === 'number' && Number.isInteger(raw.thinking_budget)) config.thinkingBudget = raw.thinking_budget;
  if (typeof raw.thinking_level === 'string' && raw.thinking_level) config.thinkingLevel = raw.thinking_level;
  if (typeof raw.include_thoughts === 'boolean') config.includeThoughts = raw.include_thoughts;
  return Object.keys(config).length > 0 ? config : undefined;
}

/**
 * The thinking config for `model`: Google's extension as the client wrote it, else
 * reasoning_effort as a level (Gemini 3) or a budget (others). Thoughts are asked for whenever
 * reasoning is, so that they come back as reasoning_content; nothing is sent when nothing was asked.
 */
function thinkingConfig(body: Record<string, unknown>, model: string): GeminiThinkingConfig | undefined {
  const google = googleThinkingConfig(body);
  if (google) return google;
  const effort = typeof body.reasoning_effort === 'string' ? body.reasoning_effort.toLowerCase() : undefined;
  if (!effort || !Object.hasOwn(THINKING_BUDGETS, effort)) return undefined;
  const config: GeminiThinkingConfig = model.includes('gemini-3') ? { thinkingLevel: THINKING_LEVELS[effort] } : { thinkingBudget: THINKING_BUDGETS[effort] };
  if (effort !== 'none') config.includeThoughts = true;
  return config;
}

function generationConfig(body: Record<string, unknown>, model: string): GeminiRequest['generationConfig'] {
  const config: NonNullable<GeminiRequest['generationConfig']> = {};
  if (typeof body.temperature === 'number') config.temperature = body.temperature;
  if (typeof body.top_p === 'number') config.topP = body.top_p;
  const maxTokens = body.max_completion_tokens ?? body.max_tokens;
  if (typeof maxTokens === 'number') config.maxOutputTokens = maxTokens;
  const stop = typeof body.stop === 'string' ? [body.stop] : Array.isArray(body.stop) ? body.stop.filter((item): item is string => typeof item === 'string') : [];
  if (stop.length > 0) config.stopSequences = stop;
  const thinking = thinkingConfig(body, model);
  if (thinking) config.thinkingConfig = thinking;
  return Object.keys(config).length > 0 ? config : undefined;
}

function functionDeclarations(tools: unknown): GeminiFunctionDeclaration[] {
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((tool: { type?: unknown; function?: { name?: unknown; description?: unknown; parameters?: unknown } }) => {
    const fn = tool?.type === 'function' ? tool.function : undefined;
    if (typeof fn?.name !== 'string') return [];
    return [
      {
        name: fn.name,
        ...(typeof fn.description === 'string' ? { description: fn.description } : {}),
        ...(fn.parameters && typeof fn.parameters === 'object' ? { parametersJsonSchema: fn.parameters } : {}),
      },
    ];
  });
}

function toolConfig(choice: unknown): GeminiRequest['toolConfig'] {
  if (choice === 'auto') return { functionCallingConfig: { mode: 'AUTO' } };
  if (choice === 'none') return { functionCallingConfig: { mode: 'NONE' } };
  if (choice === 'required') return { functionCallingConfig: { mode: 'ANY' } };
  const name = (choice as { function?: { name?: unknown } } | undefined)?.function?.name;
  if (typeof name === 'string') return { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [name] } };
  return undefined;
}

/** An OpenAI chat completion request as a Gemini generateContent request for `model` (the upstream name). */
export function toGeminiRequest(body: Record<string, unknown>, model: string): GeminiRequest {
  const request: GeminiRequest = convertMessages(Array.isArray(body.messages) ? (body.messages as OpenAiMessage[]) : []);
  const config = generationConfig(body, model);
  if (config) request.generationConfig = config;
  const declarations = functionDeclarations(body.tools);
  if (declarations.length > 0) {
    request.tools = [{ functionDeclarations: declarations }];
    const choice = toolConfig(body.tool_choice);
    if (choice) request.toolConfig = choice;
  }
  return request;
}
