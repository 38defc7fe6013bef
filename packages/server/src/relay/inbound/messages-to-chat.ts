import { THINKING_BUDGETS } from '../adaptors/anthropic-request';
import { isObject, type Json } from '../json';
import { RelayError } from '../relay-error';

const invalid = (message: string) => new RelayError(400, message, 'invalid_request_error', null);

/** Which field carries the completion budget: OpenAI's own API wants max_completion_tokens (its reasoning models refuse max_tokens); compatible providers know max_tokens. */
export type CompletionLimitField = 'max_tokens' | 'max_completion_tokens';

/** The text of a system prompt or a tool result: a string, or the text of its text blocks, one per line. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((block): block is Json => isObject(block) && block.type === 'text' && typeof block.text === 'string')
    .map((block) => block.text)
    .join('\n');
}

/** An image or PDF source as the URL OpenAI's parts take: base64 data as a data URL, a url source as it is. */
function sourceUrl(source: unknown): string {
  if (isObject(source) && source.type === 'base64' && typeof source.media_type === 'string' && typeof source.data === 'string') {
    return `data:${source.media_type};base64,${source.data}`;
  }
  if (isObject(source) && source.type === 'url' && typeof source.url === 'string') return source.url;
  throw invalid(`不支持此类图片或文档来源：${isObject(source) ? String(source.type) : '缺少 source'}（只支持 base64 和 url）`);
}

/** A document block: plain text as text, a PDF as an inline file (OpenAI takes files by data, not by URL). */
function documentParts(block: Json): Json[] {
  const source = isObject(block.source) ? block.source : {};
  if (source.type === 'text' && typeof source.data === 'string') return [{ type: 'text', text: source.data }];
  if (source.type === 'content') return typeof source.content === 'string' ? [{ type: 'text', text: source.content }] : contentParts(source.content);
  if (source.type === 'base64' && source.media_type === 'application/pdf') {
    return [{ type: 'file', file: { filename: typeof block.title === 'string' && block.title ? block.title : 'document.pdf', file_data: sourceUrl(source) } }];
  }
  throw invalid('该渠道只支持纯文本文档和 base64 编码的 PDF 文档');
}

/** User content blocks (other than tool results) → OpenAI content parts. */
function contentParts(blocks: unknown): Json[] {
  if (!Array.isArray(blocks)) return [];
  return blocks.flatMap((block): Json[] => {
    if (!isObject(block)) throw invalid('消息内容中的每一项都必须是对象');
    switch (block.type) {
      case 'text':
        return typeof block.text === 'string' && block.text ? [{ type: 'text', text: block.text }] : [];
      case 'image':
        return [{ type: 'image_url', image_url: { url: sourceUrl(block.source) } }];
      case 'document':
        return documentParts(block);
      case 'thinking':
      case 'redacted_thinking':
        // Signed reasoning of Anthropic's models: nothing another provider can read or check.
        return [];
      default:
        throw invalid(`该渠道不支持此类消息内容：${String(block.type)}`);
    }
  });
}

/** Parts that are all text become one string: several providers accept nothing else. */
export const partsContent = (parts: Json[]): string | Json[] => (parts.every((part) => part.type === 'text') ? parts.map((part) => part.text).join('\n') : parts);

/**
 * A user turn → OpenAI messages: its tool results first, each a `tool` message (OpenAI wants them
 * right after the assistant's tool_calls), then the rest of the turn as one user message. Images
 * in a tool result, which a tool message cannot hold, go into that user message.
 */
function userMessages(blocks: unknown[]): Json[] {
  const tools: Json[] = [];
  const parts: Json[] = [];
  for (const block of blocks) {
    if (isObject(block) && block.type === 'tool_result') {
      if (typeof block.tool_use_id !== 'string' || !block.tool_use_id) throw invalid('tool_result 缺少 tool_use_id');
      const text = textOf(block.content);
      tools.push({ role: 'tool', tool_call_id: block.tool_use_id, content: text || (block.is_error === true ? 'error' : '') });
      if (Array.isArray(block.content)) parts.push(...contentParts(block.content.filter((item) => isObject(item) && item.type === 'image')));
    } else {
      parts.push(...contentParts([block]));
    }
  }
  return parts.length > 0 ? [...tools, { role: 'user', content: partsContent(parts) }] : tools;
}

/** An assistant turn → one OpenAI message: its text, and its tool_use blocks as tool_calls. */
function assistantMessage(blocks: unknown[]): Json {
  let text = '';
  const toolCalls: Json[] = [];
  for (const block of blocks) {
    if (!isObject(block)) throw invalid('消息内容中的每一项都必须是对象');
    if (block.type === 'text' && typeof block.text === 'string') text += block.text;
    else if (block.type === 'tool_use') {
      if (typeof block.id !== 'string' || typeof block.name !== 'string') throw invalid('tool_use 需要 id 和 name');
      toolCalls.push({ id: block.id, type: 'function', function: { name: block.name, arguments: JSON.stringify(block.input ?? {}) } });
    } else if (block.type !== 'thinking' && block.type !== 'redacted_thinking') {
      throw invalid(`该渠道不支持此类助手消息内容：${String(block.type)}`);
    }
  }
  return toolCalls.length > 0 ? { role: 'assistant', content: text || null, tool_calls: toolCalls } : { role: 'assistant', content: text };
}

/** The system prompt and the turns → OpenAI messages (turns as text are read as one text block). */
export function toChatMessages(system: unknown, messages: unknown[]): Json[] {
  const systemText = textOf(system);
  const out: Json[] = systemText ? [{ role: 'system', content: systemText }] : [];
  for (const [index, message] of messages.entries()) {
    if (!isObject(message)) throw invalid(`messages[${index}] 必须是 JSON 对象`);
    const blocks = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
    if (!Array.isArray(blocks)) throw invalid(`messages[${index}].content 必须是字符串或内容数组`);
    switch (message.role) {
      case 'system':
        out.push({ role: 'system', content: textOf(blocks) });
        break;
      case 'user':
        out.push(...userMessages(blocks));
        break;
      case 'assistant':
        out.push(assistantMessage(blocks));
        break;
      default:
        throw invalid(`不支持此消息角色：${String(message.role)}`);
    }
  }
  return out;
}

/** Client tools → OpenAI functions. Anthropic's server tools (web search, code execution, …) run at Anthropic only. */
function toChatTools(tools: unknown): Json[] | undefined {
  if (!Array.isArray(tools) || tools.length === 0) return undefined;
  return tools.map((tool) => {
    if (!isObject(tool) || typeof tool.name !== 'string') throw invalid('tools 中的每一项都需要 name');
    if (tool.type !== undefined && tool.type !== null && tool.type !== 'custom') throw invalid(`该渠道不支持 Anthropic 的服务端工具：${String(tool.type)}`);
    const description = typeof tool.description === 'string' && tool.description ? { description: tool.description } : {};
    return { type: 'function', function: { name: tool.name, ...description, parameters: isObject(tool.input_schema) ? tool.input_schema : { type: 'object', properties: {} } } };
  });
}

/** Anthropic's tool_choice → OpenAI's (any → required, a named tool → that function), with parallel calls off when it says so. */
function toChatToolChoice(choice: unknown): Json {
  if (!isObject(choice)) return {};
  const parallel = choice.disable_parallel_tool_use === true ? { parallel_tool_calls: false } : {};
  switch (choice.type) {
    case 'auto':
      return { tool_choice: 'auto', ...parallel };
    case 'any':
      return { tool_choice: 'required', ...parallel };
    case 'none':
      return { tool_choice: 'none' };
    case 'tool':
      if (typeof choice.name !== 'string') throw invalid('tool_choice 缺少 name');
      return { tool_choice: { type: 'function', function: { name: choice.name } }, ...parallel };
    default:
      throw invalid('tool_choice 格式错误');
  }
}

const EFFORTS = ['low', 'medium', 'high'] as const;

/**
 * OpenAI's reasoning_effort for the thinking the client asked for: output_config.effort by its
 * word (beyond high as high), else an extended-thinking budget as the smallest effort whose
 * budget (anthropic-request.ts, the other way round) covers it. Adaptive or no thinking: the
 * provider's default.
 */
function reasoningEffort(body: Json): string | undefined {
  const effort = isObject(body.output_config) ? body.output_config.effort : undefined;
  if (typeof effort === 'string') return (EFFORTS as readonly string[]).includes(effort) ? effort : 'high';
  const thinking = isObject(body.thinking) ? body.thinking : undefined;
  if (thinking?.type !== 'enabled' || typeof thinking.budget_tokens !== 'number') return undefined;
  const budget = thinking.budget_tokens;
  return EFFORTS.find((word) => budget <= THINKING_BUDGETS[word]) ?? 'high';
}

/**
 * An Anthropic Messages request (checked by anthropic-inbound.ts) → an OpenAI chat completions
 * request, for channels reached through their chat adaptor. Cache-control marks, metadata and
 * top_k have no OpenAI counterpart and are left out; thinking blocks sent back are dropped (their
 * signatures are Anthropic's).
 */
export function messagesToChat(body: Json, limitField: CompletionLimitField): Json {
  const chat: Json = { model: body.model, messages: toChatMessages(body.system, body.messages as unknown[]), [limitField]: body.max_tokens };
  if (typeof body.temperature === 'number') chat.temperature = body.temperature;
  if (typeof body.top_p === 'number') chat.top_p = body.top_p;
  if (Array.isArray(body.stop_sequences) && body.stop_sequences.length > 0) chat.stop = body.stop_sequences;
  const tools = toChatTools(body.tools);
  if (tools) Object.assign(chat, { tools }, toChatToolChoice(body.tool_choice));
  const effort = reasoningEffort(body);
  if (effort) chat.reasoning_effort = effort;
  if (body.stream === true) chat.stream = true;
  return chat;
}
