import { THINKING_BUDGETS } from '../adaptors/gemini-request';
import { isObject, type Json } from '../json';
import { RelayError } from '../relay-error';
import { type CompletionLimitField, partsContent } from './messages-to-chat';

const invalid = (message: string) => new RelayError(400, message, 'invalid_request_error', null);

/** A part as a list, whatever the client sent: Google's SDKs send arrays, its REST docs show single objects too. */
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);

/** The audio OpenAI's input_audio takes (wav and mp3), by media type. */
const AUDIO_FORMATS: Record<string, string> = { 'audio/wav': 'wav', 'audio/x-wav': 'wav', 'audio/wave': 'wav', 'audio/mpeg': 'mp3', 'audio/mp3': 'mp3' };

/** Inline bytes as OpenAI's parts take them: images by data URL, audio as input_audio, a PDF as a file. */
function inlinePart(data: Json): Json {
  const mime = typeof data.mimeType === 'string' ? data.mimeType : '';
  const bytes = typeof data.data === 'string' ? data.data : '';
  if (!mime || !bytes) throw invalid('inlineData 需要 mimeType 和 data');
  if (mime.startsWith('image/')) return { type: 'image_url', image_url: { url: `data:${mime};base64,${bytes}` } };
  if (Object.hasOwn(AUDIO_FORMATS, mime)) return { type: 'input_audio', input_audio: { data: bytes, format: AUDIO_FORMATS[mime] } };
  if (mime === 'application/pdf') return { type: 'file', file: { filename: 'document.pdf', file_data: `data:${mime};base64,${bytes}` } };
  throw invalid(`该渠道不支持此类内联数据：${mime}（支持图片、wav 和 mp3 音频、PDF）`);
}

/** A user part (other than a function response) → an OpenAI content part; thoughts sent back are dropped. */
function userPart(part: Json): Json[] {
  if (part.thought === true) return [];
  if (typeof part.text === 'string') return part.text ? [{ type: 'text', text: part.text }] : [];
  if (isObject(part.inlineData)) return [inlinePart(part.inlineData)];
  if (isObject(part.fileData)) {
    const { mimeType, fileUri } = part.fileData;
    if (typeof fileUri === 'string' && (typeof mimeType !== 'string' || mimeType.startsWith('image/'))) return [{ type: 'image_url', image_url: { url: fileUri } }];
    throw invalid('该渠道只支持图片类的 fileData');
  }
  throw invalid(`该渠道不支持此类内容：${Object.keys(part).join(', ') || '空的 part'}`);
}

/** The calls of the model turns, in order, each with the id its response will be matched to. */
interface PendingCall {
  id: string;
  name: string;
}

/**
 * Gemini contents → OpenAI messages. A model turn becomes one assistant message (its text, its
 * functionCall parts as tool_calls); a user turn becomes its function responses, each a `tool`
 * message right after the calls as OpenAI wants, then the rest of the turn as one user message.
 * A response is matched to its call by id when both have one, else to the first unanswered call
 * of that name, as Gemini does.
 */
function toChatMessages(contents: unknown[]): Json[] {
  const out: Json[] = [];
  let pending: PendingCall[] = [];
  let calls = 0;
  for (const [index, content] of contents.entries()) {
    if (!isObject(content)) throw invalid(`contents[${index}] 必须是 JSON 对象`);
    const parts = listOf(content.parts);
    if (content.role === 'model') {
      let text = '';
      const toolCalls: Json[] = [];
      for (const part of parts) {
        if (!isObject(part) || part.thought === true) continue;
        if (typeof part.text === 'string') text += part.text;
        else if (isObject(part.functionCall) && typeof part.functionCall.name === 'string') {
          const id = typeof part.functionCall.id === 'string' && part.functionCall.id ? part.functionCall.id : `call_${++calls}`;
          pending.push({ id, name: part.functionCall.name });
          toolCalls.push({ id, type: 'function', function: { name: part.functionCall.name, arguments: JSON.stringify(part.functionCall.args ?? {}) } });
        }
      }
      out.push(toolCalls.length > 0 ? { role: 'assistant', content: text || null, tool_calls: toolCalls } : { role: 'assistant', content: text });
      continue;
    }
    const rest: Json[] = [];
    for (const part of parts) {
      if (!isObject(part)) throw invalid(`contents[${index}].parts 中的每一项都必须是对象`);
      const response = isObject(part.functionResponse) ? part.functionResponse : undefined;
      if (!response) {
        rest.push(...userPart(part));
        continue;
      }
      const id = typeof response.id === 'string' ? response.id : undefined;
      const call = pending.find((candidate) => candidate.id === id) ?? pending.find((candidate) => candidate.name === response.name);
      if (!call) throw invalid(`functionResponse ${String(response.name)} 没有对应的 functionCall`);
      pending = pending.filter((candidate) => candidate !== call);
      out.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(response.response ?? {}) });
    }
    if (rest.length > 0) out.push({ role: 'user', content: partsContent(rest) });
  }
  return out;
}

/** The text of the system instruction: a Content, its parts, or a string. */
function systemText(instruction: unknown): string {
  if (typeof instruction === 'string') return instruction;
  const parts = isObject(instruction) ? listOf(instruction.parts) : listOf(instruction);
  return parts
    .map((part) => (isObject(part) && typeof part.text === 'string' ? part.text : ''))
    .filter(Boolean)
    .join('\n');
}

/**
 * A Gemini schema (an OpenAPI subset, types in capitals: OBJECT, STRING…) as the JSON Schema
 * OpenAI reads: types in lower case, `nullable` as a null type, Gemini's ordering hint dropped.
 */
export function jsonSchemaOf(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(jsonSchemaOf);
  if (!isObject(schema)) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'propertyOrdering' || key === 'nullable') continue;
    if (key === 'type' && typeof value === 'string') out.type = value.toLowerCase();
    else if (key === 'properties' && isObject(value)) out.properties = Object.fromEntries(Object.entries(value).map(([name, property]) => [name, jsonSchemaOf(property)]));
    else if (key === 'items' || key === 'anyOf') out[key] = jsonSchemaOf(value);
    else out[key] = value;
  }
  if (schema.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  return out;
}

/** functionDeclarations → OpenAI functions. Google's built-in tools (search, code execution…) run at Google only. */
function toChatTools(tools: unknown): Json[] | undefined {
  const functions: Json[] = [];
  for (const tool of listOf(tools)) {
    if (!isObject(tool)) throw invalid('tools 中的每一项都必须是对象');
    const other = Object.keys(tool).find((key) => key !== 'functionDeclarations');
    if (other) throw invalid(`该渠道不支持 Gemini 的内置工具：${other}`);
    for (const declaration of listOf(tool.functionDeclarations)) {
      if (!isObject(declaration) || typeof declaration.name !== 'string') throw invalid('functionDeclarations 中的每一项都需要 name');
      const schema = declaration.parametersJsonSchema ?? (declaration.parameters === undefined ? undefined : jsonSchemaOf(declaration.parameters));
      functions.push({
        type: 'function',
        function: {
          name: declaration.name,
          ...(typeof declaration.description === 'string' && declaration.description ? { description: declaration.description } : {}),
          parameters: isObject(schema) ? schema : { type: 'object', properties: {} },
        },
      });
    }
  }
  return functions.length > 0 ? functions : undefined;
}

/** toolConfig.functionCallingConfig → tool_choice: ANY is required (or the one function it allows), NONE none, the rest auto. */
function toChatToolChoice(config: unknown): Json {
  const calling = isObject(config) && isObject(config.functionCallingConfig) ? config.functionCallingConfig : undefined;
  const allowed = Array.isArray(calling?.allowedFunctionNames) ? calling.allowedFunctionNames : [];
  switch (calling?.mode) {
    case 'ANY':
      return { tool_choice: allowed.length === 1 && typeof allowed[0] === 'string' ? { type: 'function', function: { name: allowed[0] } } : 'required' };
    case 'NONE':
      return { tool_choice: 'none' };
    case 'AUTO':
    case 'VALIDATED':
      return { tool_choice: 'auto' };
    default:
      return {};
  }
}

const EFFORTS = ['low', 'medium', 'high'] as const;

/**
 * OpenAI's reasoning_effort for a thinkingConfig: a level by its word (minimal as low), a budget
 * as the smallest effort whose budget (gemini-request.ts, the other way round) covers it. No
 * thinking (0) and dynamic thinking (-1) leave the provider's default.
 */
function reasoningEffort(thinking: unknown): string | undefined {
  if (!isObject(thinking)) return undefined;
  const level = typeof thinking.thinkingLevel === 'string' ? thinking.thinkingLevel.toLowerCase() : undefined;
  if (level) return (EFFORTS as readonly string[]).includes(level) ? level : level === 'minimal' ? 'low' : 'high';
  const budget = thinking.thinkingBudget;
  if (typeof budget !== 'number' || budget <= 0) return undefined;
  return EFFORTS.find((word) => budget <= THINKING_BUDGETS[word]) ?? 'high';
}

/** responseMimeType and its schema → response_format. */
function responseFormat(config: Json): Json | undefined {
  if (config.responseMimeType !== 'application/json') return undefined;
  const schema = config.responseJsonSchema ?? (config.responseSchema === undefined ? undefined : jsonSchemaOf(config.responseSchema));
  return isObject(schema) ? { type: 'json_schema', json_schema: { name: 'response', schema } } : { type: 'json_object' };
}

/** generationConfig → OpenAI's sampling fields. */
function generationFields(config: unknown, limitField: CompletionLimitField): Json {
  if (!isObject(config)) return {};
  const fields: Json = {};
  if (typeof config.temperature === 'number') fields.temperature = config.temperature;
  if (typeof config.topP === 'number') fields.top_p = config.topP;
  if (typeof config.maxOutputTokens === 'number') fields[limitField] = config.maxOutputTokens;
  if (typeof config.candidateCount === 'number' && config.candidateCount > 1) fields.n = config.candidateCount;
  if (typeof config.presencePenalty === 'number') fields.presence_penalty = config.presencePenalty;
  if (typeof config.frequencyPenalty === 'number') fields.frequency_penalty = config.frequencyPenalty;
  if (typeof config.seed === 'number') fields.seed = config.seed;
  const stop = listOf(config.stopSequences).filter((item) => typeof item === 'string');
  if (stop.length > 0) fields.stop = stop;
  const format = responseFormat(config);
  if (format) fields.response_format = format;
  const effort = reasoningEffort(config.thinkingConfig);
  if (effort) fields.reasoning_effort = effort;
  return fields;
}

/**
 * A Gemini generateContent request (checked by gemini-inbound.ts) → an OpenAI chat completions
 * request for `model`, for channels reached through their chat adaptor. Safety settings and
 * cached contents are Google's and left out; thoughts sent back are dropped.
 */
export function geminiToChat(body: Json, model: string, stream: boolean, limitField: CompletionLimitField): Json {
  const system = systemText(body.systemInstruction);
  const messages = toChatMessages(listOf(body.contents));
  const chat: Json = { model, messages: system ? [{ role: 'system', content: system }, ...messages] : messages, ...generationFields(body.generationConfig, limitField) };
  const tools = toChatTools(body.tools);
  if (tools) Object.assign(chat, { tools }, toChatToolChoice(body.toolConfig));
  if (stream) chat.stream = true;
  return chat;
}
