import type { Usage } from '../billing/usage';
import { isObject, type Json } from '../json';
import { reasoningOf } from './chat-to-messages';
import { partsText } from './responses-to-chat';

/** The ids of a converted response and its items, from the relay's request id (so a client's id leads to the log row). */
export function responseIds(requestId: string): { response: string; message: string; reasoning: string; call: (index: number) => string } {
  const hex = requestId.replaceAll('-', '');
  return { response: `resp_${hex}`, message: `msg_${hex}`, reasoning: `rs_${hex}`, call: (index) => `fc_${hex}_${index}` };
}

/** The relay's usage as the Responses API reports it. */
export function responsesUsage(usage: Usage): Json {
  return {
    input_tokens: usage.prompt_tokens,
    input_tokens_details: { cached_tokens: usage.cache_read_tokens },
    output_tokens: usage.completion_tokens,
    output_tokens_details: { reasoning_tokens: usage.reasoning_tokens },
    total_tokens: usage.prompt_tokens + usage.completion_tokens,
  };
}

/** The request's settings a response repeats (OpenAI's response object echoes them). */
export function requestEcho(body: Json): Json {
  const tools = Array.isArray(body.tools) ? body.tools : [];
  return {
    instructions: typeof body.instructions === 'string' ? body.instructions : null,
    max_output_tokens: typeof body.max_output_tokens === 'number' ? body.max_output_tokens : null,
    metadata: isObject(body.metadata) ? body.metadata : {},
    parallel_tool_calls: body.parallel_tool_calls !== false,
    previous_response_id: null,
    reasoning: { effort: isObject(body.reasoning) && typeof body.reasoning.effort === 'string' ? body.reasoning.effort : null, summary: null },
    // Nothing is kept for a converted call, whatever the client asked.
    store: false,
    temperature: typeof body.temperature === 'number' ? body.temperature : null,
    text: isObject(body.text) && isObject(body.text.format) ? { format: body.text.format } : { format: { type: 'text' } },
    tool_choice: body.tool_choice ?? 'auto',
    tools,
    top_p: typeof body.top_p === 'number' ? body.top_p : null,
    truncation: 'disabled',
  };
}

/** A response object: its status, output and usage, with the request's settings. */
export function responseObject(fields: { id: string; createdAt: number; model: string; echo: Json; status: string; output: Json[]; usage: Json | null; finish?: unknown }): Json {
  const incomplete = fields.status === 'incomplete';
  return {
    id: fields.id,
    object: 'response',
    created_at: fields.createdAt,
    status: fields.status,
    error: null,
    incomplete_details: incomplete ? { reason: fields.finish === 'content_filter' ? 'content_filter' : 'max_output_tokens' } : null,
    model: fields.model,
    output: fields.output,
    ...fields.echo,
    usage: fields.usage,
  };
}

/** A finish reason that cut the answer short makes the response incomplete. */
export const statusOf = (finish: unknown): string => (finish === 'length' || finish === 'content_filter' ? 'incomplete' : 'completed');

export const reasoningItem = (id: string, text: string): Json => ({ id, type: 'reasoning', summary: [{ type: 'summary_text', text }] });
export const outputText = (text: string): Json => ({ type: 'output_text', text, annotations: [], logprobs: [] });
export const messageItem = (id: string, status: string, content: Json[]): Json => ({ id, type: 'message', status, role: 'assistant', content });
export const functionCallItem = (id: string, status: string, callId: string, name: string, args: string): Json => ({ id, type: 'function_call', status, call_id: callId, name, arguments: args });

/**
 * A whole chat.completion → the Responses API's output items: the reasoning as a reasoning item
 * with its text as the summary, the answer as a message, and each tool call as a function_call.
 */
export function chatToOutput(completion: Json, ids: ReturnType<typeof responseIds>): { output: Json[]; finish: unknown; model?: string } {
  if (!Array.isArray(completion.choices)) throw new Error('not a chat completion');
  const choice = isObject(completion.choices[0]) ? completion.choices[0] : {};
  const message = isObject(choice.message) ? choice.message : {};
  const output: Json[] = [];
  const reasoning = reasoningOf(message);
  if (reasoning) output.push(reasoningItem(ids.reasoning, reasoning));
  const content = partsText(message.content);
  if (content) output.push(messageItem(ids.message, 'completed', [outputText(content)]));
  else if (typeof message.refusal === 'string' && message.refusal) output.push(messageItem(ids.message, 'completed', [{ type: 'refusal', refusal: message.refusal }]));
  const calls = Array.isArray(message.tool_calls) ? message.tool_calls.filter(isObject) : [];
  for (const [index, call] of calls.entries()) {
    const fn = isObject(call.function) ? call.function : {};
    const args = typeof fn.arguments === 'string' ? fn.arguments : '';
    output.push(functionCallItem(ids.call(index), 'completed', typeof call.id === 'string' ? call.id : ids.call(index), typeof fn.name === 'string' ? fn.name : '', args));
  }
  return { output, finish: choice.finish_reason, model: typeof completion.model === 'string' ? completion.model : undefined };
}
