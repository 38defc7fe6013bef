import { isObject, type Json } from '../json';
import type { CohereMessage, CohereRequest, CohereToolCall, CohereUserContent } from './cohere-types';
import { contentText } from './openai-content';

/** A user's content: text, or text and image_url parts (Cohere takes OpenAI's image_url shape). */
function userContent(content: unknown): CohereUserContent {
  if (!Array.isArray(content)) return contentText(content);
  const parts: Exclude<CohereUserContent, string> = [];
  for (const part of content) {
    if (typeof part === 'string') parts.push({ type: 'text', text: part });
    else if (isObject(part) && part.type === 'text' && typeof part.text === 'string') parts.push({ type: 'text', text: part.text });
    else if (isObject(part) && part.type === 'image_url' && isObject(part.image_url) && typeof part.image_url.url === 'string') {
      parts.push({ type: 'image_url', image_url: { url: part.image_url.url, ...(typeof part.image_url.detail === 'string' ? { detail: part.image_url.detail } : {}) } });
    }
  }
  return parts;
}

function toolCalls(calls: unknown): CohereToolCall[] {
  if (!Array.isArray(calls)) return [];
  return calls.filter(isObject).map((call) => {
    const fn = isObject(call.function) ? call.function : {};
    return { id: String(call.id ?? ''), type: 'function', function: { name: String(fn.name ?? ''), arguments: typeof fn.arguments === 'string' ? fn.arguments : JSON.stringify(fn.arguments ?? {}) } };
  });
}

/**
 * OpenAI messages → Cohere's. An assistant turn that calls tools sends its text as the tool plan,
 * the way Cohere's own replies carry it (cohere-response.ts gives the plan back as content).
 */
function toCohereMessages(messages: unknown[]): CohereMessage[] {
  return messages.filter(isObject).map((message): CohereMessage => {
    switch (message.role) {
      case 'system':
      case 'developer':
        return { role: 'system', content: contentText(message.content) };
      case 'assistant': {
        const text = contentText(message.content);
        const calls = toolCalls(message.tool_calls);
        if (calls.length === 0) return { role: 'assistant', content: text };
        return { role: 'assistant', tool_calls: calls, ...(text ? { tool_plan: text } : {}) };
      }
      case 'tool':
        return { role: 'tool', tool_call_id: String(message.tool_call_id ?? ''), content: contentText(message.content) };
      default:
        return { role: 'user', content: userContent(message.content) };
    }
  });
}

/** OpenAI's tool_choice: "required" and "none" exist in Cohere; a named function is required with only that tool offered. */
function toolsAndChoice(body: Json): Pick<CohereRequest, 'tools' | 'tool_choice'> {
  const tools = (Array.isArray(body.tools) ? body.tools : [])
    .filter((tool): tool is Json => isObject(tool) && isObject(tool.function) && typeof tool.function.name === 'string')
    .map((tool) => {
      const fn = tool.function as Json;
      return { type: 'function' as const, function: { name: fn.name as string, ...(typeof fn.description === 'string' ? { description: fn.description } : {}), ...(fn.parameters ? { parameters: fn.parameters } : {}) } };
    });
  if (tools.length === 0) return {};
  const choice = body.tool_choice;
  if (choice === 'required') return { tools, tool_choice: 'REQUIRED' };
  if (choice === 'none') return { tools, tool_choice: 'NONE' };
  if (isObject(choice) && isObject(choice.function) && typeof choice.function.name === 'string') {
    const named = tools.filter((tool) => tool.function.name === (choice.function as Json).name);
    return named.length > 0 ? { tools: named, tool_choice: 'REQUIRED' } : { tools };
  }
  return { tools };
}

function responseFormat(format: unknown): CohereRequest['response_format'] | undefined {
  if (!isObject(format)) return undefined;
  if (format.type === 'json_object') return { type: 'json_object' };
  if (format.type === 'json_schema' && isObject(format.json_schema)) return { type: 'json_object', json_schema: format.json_schema.schema };
  return undefined;
}

const numberOf = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** An OpenAI chat-completions request as a Cohere chat v2 request. */
export function toCohereRequest(body: Json, model: string, stream: boolean): CohereRequest {
  const stop = typeof body.stop === 'string' ? [body.stop] : Array.isArray(body.stop) ? body.stop.filter((item): item is string => typeof item === 'string') : [];
  const request: CohereRequest = { model, messages: toCohereMessages(Array.isArray(body.messages) ? body.messages : []), stream, ...toolsAndChoice(body) };
  const optional: Partial<CohereRequest> = {
    max_tokens: numberOf(body.max_completion_tokens ?? body.max_tokens),
    temperature: numberOf(body.temperature),
    p: numberOf(body.top_p),
    k: numberOf(body.top_k),
    seed: numberOf(body.seed),
    frequency_penalty: numberOf(body.frequency_penalty),
    presence_penalty: numberOf(body.presence_penalty),
    stop_sequences: stop.length > 0 ? stop : undefined,
    response_format: responseFormat(body.response_format),
  };
  for (const [field, value] of Object.entries(optional)) if (value !== undefined) (request as unknown as Json)[field] = value;
  return request;
}
