import { isObject, type Json } from '../json';
import { RelayError } from '../relay-error';

const invalid = (message: string, code: string | null = null) => new RelayError(400, message, 'invalid_request_error', code);

/** The text of a string or of a list of text parts (input_text, output_text, or plain text). */
export function partsText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (isObject(part) && typeof part.text === 'string' ? part.text : isObject(part) && typeof part.refusal === 'string' ? part.refusal : '')).join('');
}

/** One Responses content part → an OpenAI chat content part. */
function chatPart(part: unknown): Json[] {
  if (!isObject(part)) throw invalid('content 中的每一项都必须是对象');
  switch (part.type) {
    case 'input_text':
    case 'output_text':
      return typeof part.text === 'string' && part.text ? [{ type: 'text', text: part.text }] : [];
    case 'refusal':
      return typeof part.refusal === 'string' ? [{ type: 'text', text: part.refusal }] : [];
    case 'input_image':
      if (typeof part.image_url !== 'string') throw invalid('该渠道只支持以 image_url（网址或 data URL）给出的图片，不支持 file_id');
      return [{ type: 'image_url', image_url: typeof part.detail === 'string' ? { url: part.image_url, detail: part.detail } : { url: part.image_url } }];
    case 'input_file':
      if (typeof part.file_data !== 'string') throw invalid('该渠道只支持以 file_data 给出的文件，不支持 file_id 和 file_url');
      return [{ type: 'file', file: { filename: typeof part.filename === 'string' ? part.filename : 'file', file_data: part.file_data } }];
    default:
      throw invalid(`该渠道不支持此类消息内容：${String(part.type)}`);
  }
}

/** Parts that are all text become one string: several providers accept nothing else. */
function chatContent(content: unknown): string | Json[] {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) throw invalid('消息的 content 必须是字符串或内容数组');
  const parts = content.flatMap(chatPart);
  return parts.every((part) => part.type === 'text') ? parts.map((part) => part.text).join('') : parts;
}

const ROLES = new Set(['user', 'assistant', 'system', 'developer']);

/** Input items → OpenAI messages; a run of function_call items joins the assistant message before it. */
function chatMessages(input: unknown): Json[] {
  if (typeof input === 'string') return [{ role: 'user', content: input }];
  if (!Array.isArray(input)) return [];
  const out: Json[] = [];
  for (const [index, item] of input.entries()) {
    if (!isObject(item)) throw invalid(`input[${index}] 必须是 JSON 对象`);
    const type = item.type ?? 'message';
    if (type === 'message') {
      if (!ROLES.has(item.role as string)) throw invalid(`input[${index}] 的角色不受支持：${String(item.role)}`);
      // Developer instructions are system messages to every provider reached through chat completions.
      out.push({ role: item.role === 'developer' ? 'system' : item.role, content: chatContent(item.content) });
    } else if (type === 'function_call') {
      if (typeof item.call_id !== 'string' || typeof item.name !== 'string') throw invalid(`input[${index}]（function_call）需要 call_id 和 name`);
      const call = { id: item.call_id, type: 'function', function: { name: item.name, arguments: typeof item.arguments === 'string' ? item.arguments : '{}' } };
      const last = out.at(-1);
      if (last?.role === 'assistant') last.tool_calls = [...((last.tool_calls as Json[] | undefined) ?? []), call];
      else out.push({ role: 'assistant', content: null, tool_calls: [call] });
    } else if (type === 'function_call_output') {
      if (typeof item.call_id !== 'string') throw invalid(`input[${index}]（function_call_output）需要 call_id`);
      out.push({ role: 'tool', tool_call_id: item.call_id, content: partsText(item.output) });
    } else if (type === 'reasoning') {
      // Reasoning items are the upstream's own (encrypted or summarised); chat completions take none back.
    } else if (type === 'item_reference') {
      throw invalid('该渠道不保存对话，不支持 item_reference：请在 input 中给出完整的条目', 'unsupported_parameter');
    } else {
      throw invalid(`该渠道不支持此类输入条目：${String(type)}`);
    }
  }
  return out;
}

/** Function tools → chat tools. Hosted tools (web search, file search, code interpreter…) run at OpenAI only. */
function chatTools(tools: unknown): Json[] | undefined {
  if (!Array.isArray(tools) || tools.length === 0) return undefined;
  return tools.map((tool) => {
    if (!isObject(tool) || tool.type !== 'function') throw invalid(`该渠道只支持 function 类型的工具，不支持：${isObject(tool) ? String(tool.type) : String(tool)}`);
    if (typeof tool.name !== 'string') throw invalid('function 工具需要 name');
    const fn: Json = { name: tool.name, parameters: isObject(tool.parameters) ? tool.parameters : { type: 'object', properties: {} } };
    if (typeof tool.description === 'string') fn.description = tool.description;
    if (typeof tool.strict === 'boolean') fn.strict = tool.strict;
    return { type: 'function', function: fn };
  });
}

/** The Responses tool_choice → chat's: the words as they are, a named function in chat's shape. */
function chatToolChoice(choice: unknown): Json | string | undefined {
  if (choice === undefined || choice === null) return undefined;
  if (choice === 'auto' || choice === 'none' || choice === 'required') return choice;
  if (isObject(choice) && choice.type === 'function' && typeof choice.name === 'string') return { type: 'function', function: { name: choice.name } };
  throw invalid('该渠道只支持 auto、none、required 或指定 function 的 tool_choice');
}

/** text.format → response_format (structured output). */
function responseFormat(text: unknown): Json | undefined {
  const format = isObject(text) && isObject(text.format) ? text.format : undefined;
  if (!format || format.type === 'text') return undefined;
  if (format.type === 'json_object') return { type: 'json_object' };
  if (format.type === 'json_schema') {
    const schema: Json = { name: format.name, schema: format.schema };
    if (typeof format.description === 'string') schema.description = format.description;
    if (typeof format.strict === 'boolean') schema.strict = format.strict;
    return { type: 'json_schema', json_schema: schema };
  }
  throw invalid(`不支持此 text.format：${String(format.type)}`);
}

/**
 * A Responses request (checked by responses-inbound.ts) → an OpenAI chat completions request, for
 * channels reached through their chat adaptor. The instructions lead as a system message;
 * reasoning.effort becomes reasoning_effort (each chat adaptor maps it to its provider's
 * thinking); store, metadata, include, truncation and the like have no chat counterpart and are
 * left out. Stored state cannot be read here, so previous_response_id is refused.
 */
export function responsesToChat(body: Json): Json {
  if (typeof body.previous_response_id === 'string' && body.previous_response_id) {
    throw invalid('该模型的渠道不保存对话，不支持 previous_response_id：请在 input 中发送完整的对话历史（或使用 OpenAI/Azure 渠道）', 'previous_response_id_unsupported');
  }
  if (body.conversation !== undefined && body.conversation !== null) throw invalid('该模型的渠道不保存对话，不支持 conversation', 'conversation_unsupported');
  const instructions = typeof body.instructions === 'string' && body.instructions ? [{ role: 'system', content: body.instructions }] : [];
  const chat: Json = { model: body.model, messages: [...instructions, ...chatMessages(body.input)] };
  if (typeof body.max_output_tokens === 'number') chat.max_tokens = body.max_output_tokens;
  if (typeof body.temperature === 'number') chat.temperature = body.temperature;
  if (typeof body.top_p === 'number') chat.top_p = body.top_p;
  const tools = chatTools(body.tools);
  if (tools) {
    chat.tools = tools;
    const choice = chatToolChoice(body.tool_choice);
    if (choice !== undefined) chat.tool_choice = choice;
    if (typeof body.parallel_tool_calls === 'boolean') chat.parallel_tool_calls = body.parallel_tool_calls;
  }
  const format = responseFormat(body.text);
  if (format) chat.response_format = format;
  const effort = isObject(body.reasoning) ? body.reasoning.effort : undefined;
  if (typeof effort === 'string') chat.reasoning_effort = effort;
  if (body.stream === true) chat.stream = true;
  return chat;
}
