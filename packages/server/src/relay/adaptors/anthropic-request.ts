import { isObject, type Json } from '../json';
import { RelayError } from '../relay-error';
import type {
  AnthropicDocumentBlock,
  AnthropicImageBlock,
  AnthropicMessage,
  AnthropicRequest,
  AnthropicRedactedThinkingBlock,
  AnthropicRequestBlock,
  AnthropicTextBlock,
  AnthropicThinkingBlock,
  AnthropicTool,
  AnthropicToolChoice,
  AnthropicToolResultBlock,
} from './anthropic-types';

/** Anthropic requires max_tokens; this is used when the client sets no limit. */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 4096;

const invalid = (message: string) => new RelayError(400, message, 'invalid_request_error', null);

/** Anthropic refuses empty and whitespace-only text blocks, so they are dropped. */
const textBlock = (text: string): AnthropicTextBlock[] => (text.trim() ? [{ type: 'text', text }] : []);

/** `data:<media type>;base64,<data>` → its parts; other data URLs (not base64) are refused. */
function parseDataUrl(url: string): { mediaType: string; data: string } {
  const match = /^data:([^;,]+)((?:;[^;,]*)*),(.*)$/s.exec(url);
  if (!match || !match[2].split(';').includes('base64')) throw invalid('图片或文件的 data URL 必须是 base64 编码');
  return { mediaType: match[1].toLowerCase(), data: match[3] };
}

/** An image (or PDF) given by URL: a data URL is sent inline as base64, an http(s) URL by reference. */
function mediaBlock(url: string): AnthropicImageBlock | AnthropicDocumentBlock {
  if (/^https?:\/\//i.test(url)) return { type: 'image', source: { type: 'url', url } };
  if (!url.startsWith('data:')) throw invalid('image_url 必须是 http(s) 地址或 data URL');
  const { mediaType, data } = parseDataUrl(url);
  const source = { type: 'base64' as const, media_type: mediaType, data };
  return mediaType === 'application/pdf' ? { type: 'document', source } : { type: 'image', source };
}

/** One OpenAI content part → Anthropic blocks (text, image_url, and PDF files are supported). */
function partBlocks(part: unknown): Array<AnthropicTextBlock | AnthropicImageBlock | AnthropicDocumentBlock> {
  if (typeof part === 'string') return textBlock(part);
  if (!isObject(part)) throw invalid('消息内容格式错误');
  switch (part.type) {
    case 'text':
      return textBlock(typeof part.text === 'string' ? part.text : '');
    case 'refusal':
      return textBlock(typeof part.refusal === 'string' ? part.refusal : '');
    case 'image_url': {
      const image = part.image_url;
      const url = typeof image === 'string' ? image : isObject(image) && typeof image.url === 'string' ? image.url : '';
      if (!url) throw invalid('image_url 缺少 url');
      return [mediaBlock(url)];
    }
    case 'file': {
      const fileData = isObject(part.file) && typeof part.file.file_data === 'string' ? part.file.file_data : '';
      const block = fileData.startsWith('data:') ? mediaBlock(fileData) : undefined;
      if (block?.type !== 'document') throw invalid('Claude 渠道只支持以 data URL 内联的 PDF 文件');
      return [block];
    }
    default:
      throw invalid(`Claude 渠道不支持此类消息内容：${String(part.type)}`);
  }
}

function contentBlocks(content: unknown): Array<AnthropicTextBlock | AnthropicImageBlock | AnthropicDocumentBlock> {
  if (content === undefined || content === null) return [];
  if (typeof content === 'string') return textBlock(content);
  if (Array.isArray(content)) return content.flatMap(partBlocks);
  throw invalid('消息内容格式错误');
}

/** The text of a system message (string or text parts). */
function plainText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => (typeof part === 'string' ? part : isObject(part) && typeof part.text === 'string' ? part.text : '')).join('\n');
  return '';
}

/** An assistant's tool_calls → tool_use blocks; the arguments (a JSON text) become the input object. */
function toolUseBlocks(toolCalls: unknown): AnthropicRequestBlock[] {
  if (!Array.isArray(toolCalls)) return [];
  return toolCalls.map((call) => {
    const fn = isObject(call) && isObject(call.function) ? call.function : undefined;
    if (!fn || typeof call.id !== 'string' || typeof fn.name !== 'string') throw invalid('tool_calls 中的每一项都需要 id 和 function.name');
    let input: unknown = {};
    if (typeof fn.arguments === 'string' && fn.arguments.trim()) {
      try {
        input = JSON.parse(fn.arguments);
      } catch {
        throw invalid(`工具调用 ${fn.name} 的 arguments 不是合法的 JSON`);
      }
    }
    return { type: 'tool_use' as const, id: call.id, name: fn.name, input: isObject(input) ? input : {} };
  });
}

/**
 * An assistant's thinking_blocks (LiteLLM's convention, as anthropic-response.ts answers them) →
 * the thinking and redacted_thinking blocks Anthropic wants back unchanged when extended thinking
 * meets tool use. A block without its signature (or its data) is left out, since Anthropic refuses
 * thinking it did not sign; for the same reason an assistant's reasoning_content alone is never
 * sent as a thinking block: it carries no signature.
 */
function thinkingBlocks(blocks: unknown): Array<AnthropicThinkingBlock | AnthropicRedactedThinkingBlock> {
  if (!Array.isArray(blocks)) return [];
  return blocks.flatMap((block): Array<AnthropicThinkingBlock | AnthropicRedactedThinkingBlock> => {
    if (!isObject(block)) return [];
    if (block.type === 'thinking' && typeof block.thinking === 'string' && typeof block.signature === 'string' && block.signature) {
      return [{ type: 'thinking', thinking: block.thinking, signature: block.signature }];
    }
    if (block.type === 'redacted_thinking' && typeof block.data === 'string' && block.data) return [{ type: 'redacted_thinking', data: block.data }];
    return [];
  });
}

const isThinking = (block: AnthropicRequestBlock): boolean => block.type === 'thinking' || block.type === 'redacted_thinking';

function toolResultBlock(message: Json): AnthropicToolResultBlock {
  if (typeof message.tool_call_id !== 'string' || !message.tool_call_id) throw invalid('tool 消息缺少 tool_call_id');
  const content = typeof message.content === 'string' ? message.content : contentBlocks(message.content);
  const empty = typeof content === 'string' ? !content.trim() : content.length === 0;
  return { type: 'tool_result', tool_use_id: message.tool_call_id, ...(empty ? {} : { content }) };
}

/**
 * OpenAI messages → Anthropic's system text and alternating user/assistant turns: system and
 * developer messages go to `system`; tool results become user turns; consecutive turns of the
 * same role are merged, with tool results first in a user turn as Anthropic requires.
 */
export function toAnthropicMessages(messages: unknown[]): { system?: string; messages: AnthropicMessage[] } {
  const system: string[] = [];
  const turns: AnthropicMessage[] = [];
  const push = (role: AnthropicMessage['role'], content: AnthropicRequestBlock[]) => {
    if (content.length === 0) return;
    const last = turns.at(-1);
    if (last?.role === role) last.content.push(...content);
    else turns.push({ role, content: [...content] });
  };
  for (const message of messages) {
    if (!isObject(message)) throw invalid('messages 中的每一项都必须是对象');
    switch (message.role) {
      case 'system':
      case 'developer': {
        const text = plainText(message.content);
        if (text.trim()) system.push(text);
        break;
      }
      case 'user':
        push('user', contentBlocks(message.content));
        break;
      case 'assistant':
        push('assistant', [...thinkingBlocks(message.thinking_blocks), ...contentBlocks(message.content), ...toolUseBlocks(message.tool_calls)]);
        break;
      case 'tool':
        push('user', [toolResultBlock(message)]);
        break;
      default:
        throw invalid(`Claude 渠道不支持此消息角色：${String(message.role)}`);
    }
  }
  // Stable sorts: tool results first in a user turn, thinking first in an assistant turn (in order).
  for (const turn of turns) {
    if (turn.role === 'user') turn.content.sort((a, b) => Number(b.type === 'tool_result') - Number(a.type === 'tool_result'));
    else turn.content.sort((a, b) => Number(isThinking(b)) - Number(isThinking(a)));
  }
  trimFinalAssistant(turns);
  return { ...(system.length > 0 ? { system: system.join('\n\n') } : {}), messages: turns };
}

/** A final assistant turn is a prefill, which Anthropic refuses when it ends with whitespace. */
function trimFinalAssistant(turns: AnthropicMessage[]): void {
  const last = turns.at(-1);
  const block = last?.role === 'assistant' ? last.content.at(-1) : undefined;
  if (block?.type !== 'text') return;
  block.text = block.text.trimEnd();
}

function toTools(tools: unknown): AnthropicTool[] | undefined {
  if (!Array.isArray(tools) || tools.length === 0) return undefined;
  return tools.map((tool) => {
    const fn = isObject(tool) && tool.type === 'function' && isObject(tool.function) ? tool.function : undefined;
    if (!fn || typeof fn.name !== 'string') throw invalid('Claude 渠道只支持 type 为 function 且带 name 的工具');
    return {
      name: fn.name,
      ...(typeof fn.description === 'string' && fn.description ? { description: fn.description } : {}),
      input_schema: isObject(fn.parameters) ? { type: 'object', ...fn.parameters } : { type: 'object', properties: {} },
    };
  });
}

/** OpenAI tool_choice (+ parallel_tool_calls) → Anthropic's: required → any, a named function → tool. */
function toToolChoice(choice: unknown, parallel: unknown): AnthropicToolChoice | undefined {
  const noParallel = parallel === false ? { disable_parallel_tool_use: true } : {};
  if (choice === undefined || choice === null) return parallel === false ? { type: 'auto', ...noParallel } : undefined;
  if (choice === 'auto') return { type: 'auto', ...noParallel };
  if (choice === 'required') return { type: 'any', ...noParallel };
  if (choice === 'none') return { type: 'none' };
  const name = isObject(choice) && choice.type === 'function' && isObject(choice.function) ? choice.function.name : undefined;
  if (typeof name !== 'string') throw invalid('tool_choice 格式错误');
  return { type: 'tool', name, ...noParallel };
}

const positiveInteger = (value: unknown): number | undefined => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined);

/**
 * OpenAI's reasoning_effort as an extended-thinking budget: 1,024 tokens is Anthropic's minimum;
 * medium and high take the budgets Google gives the same words for Gemini (8K, 24K). none sends no
 * thinking (it is off by default).
 */
export const THINKING_BUDGETS: Record<string, number> = { minimal: 1024, low: 1024, medium: 8192, high: 24576, xhigh: 24576 };

/** The client's own Anthropic `thinking` object, else its reasoning_effort as one. */
function thinkingOf(body: Json): Json | undefined {
  if (isObject(body.thinking)) return body.thinking;
  const effort = typeof body.reasoning_effort === 'string' ? body.reasoning_effort.toLowerCase() : '';
  return Object.hasOwn(THINKING_BUDGETS, effort) ? { type: 'enabled', budget_tokens: THINKING_BUDGETS[effort] } : undefined;
}

/** An OpenAI chat completion request → an Anthropic Messages request for `model`. */
export function toAnthropicRequest(body: Json, model: string, stream: boolean): AnthropicRequest {
  if (!Array.isArray(body.messages)) throw invalid('请求中缺少 messages 参数');
  const maxTokens = positiveInteger(body.max_completion_tokens) ?? positiveInteger(body.max_tokens);
  const request: AnthropicRequest = { model, max_tokens: maxTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS, ...toAnthropicMessages(body.messages) };
  if (typeof body.temperature === 'number') request.temperature = body.temperature;
  if (typeof body.top_p === 'number') request.top_p = body.top_p;
  // Anthropic's own sampling field, passed through when a client sends it.
  if (typeof body.top_k === 'number') request.top_k = body.top_k;
  const thinking = thinkingOf(body);
  if (thinking) {
    request.thinking = thinking;
    // Thinking counts against max_tokens, which Anthropic wants above the budget: a limit that
    // leaves no room is taken as the room for the answer on top of the budget.
    const budget = positiveInteger(thinking.budget_tokens);
    if (thinking.type === 'enabled' && budget && request.max_tokens <= budget) request.max_tokens = budget + (maxTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS);
  }
  const stop = typeof body.stop === 'string' ? [body.stop] : Array.isArray(body.stop) ? body.stop.filter((item): item is string => typeof item === 'string') : [];
  if (stop.length > 0) request.stop_sequences = stop;
  const tools = toTools(body.tools);
  if (tools) {
    request.tools = tools;
    const choice = toToolChoice(body.tool_choice, body.parallel_tool_calls);
    if (choice) request.tool_choice = choice;
  }
  if (typeof body.user === 'string' && body.user) request.metadata = { user_id: body.user };
  if (stream) request.stream = true;
  return request;
}
