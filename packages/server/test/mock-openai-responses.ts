import type { ServerResponse } from 'node:http';

/** The usage every Responses answer of the mock reports: 11 input tokens (3 read from the cache), 7 output. */
export const MOCK_RESPONSES_USAGE = { input_tokens: 11, input_tokens_details: { cached_tokens: 3 }, output_tokens: 7, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 18 };

/** What "usage-cache" reports through the Responses API: 1300 input tokens, 1000 of them cached; 50 output tokens, 20 of them reasoning. */
export const MOCK_CACHED_RESPONSES_USAGE = { input_tokens: 1300, input_tokens_details: { cached_tokens: 1000 }, output_tokens: 50, output_tokens_details: { reasoning_tokens: 20 }, total_tokens: 1350 };

/** The function call the model "tool-call" makes through the Responses API, its arguments streamed in two pieces. */
export const MOCK_RESPONSES_CALL = { call_id: 'call_resp_1', name: 'get_weather', argumentPieces: ['{"city"', ':"Paris"}'] };

let responses = 0;

/**
 * OpenAI's Responses API (POST /v1/responses) as the mock OpenAI upstream speaks it: the response
 * object, and streams of typed events each with its sequence_number, ending with
 * response.completed (no [DONE]). "tool-call" calls get_weather, then answers from the
 * function_call_output; "resp-early-error" streams an error event before any output; others
 * answer "Hello from <model>" in three deltas, with MOCK_RESPONSES_USAGE ("usage-cache":
 * MOCK_CACHED_RESPONSES_USAGE).
 */
export function answerResponses(response: ServerResponse, body: Record<string, any>): void {
  const model: string = body.model ?? '';
  const id = `resp_mock_${++responses}`;
  const input: any[] = typeof body.input === 'string' ? [{ role: 'user', content: body.input }] : (body.input ?? []);
  const last = input.at(-1);
  const calls = model === 'tool-call' && last?.type !== 'function_call_output';
  const text = model === 'tool-call' && !calls ? `It is ${String(last.output)} in Paris.` : `Hello from ${model}`;
  const message = { id: `msg_${id}`, type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text, annotations: [], logprobs: [] }] };
  const call = { id: `fc_${id}`, type: 'function_call', status: 'completed', call_id: MOCK_RESPONSES_CALL.call_id, name: MOCK_RESPONSES_CALL.name, arguments: MOCK_RESPONSES_CALL.argumentPieces.join('') };
  const item = calls ? call : message;
  const reported = model === 'usage-cache' ? MOCK_CACHED_RESPONSES_USAGE : MOCK_RESPONSES_USAGE;
  const snapshot = (status: string, output: object[], usage: object | null) => ({
    id,
    object: 'response',
    created_at: 1,
    status,
    error: null,
    incomplete_details: null,
    instructions: body.instructions ?? null,
    model,
    output,
    parallel_tool_calls: true,
    previous_response_id: body.previous_response_id ?? null,
    store: body.store ?? true,
    tools: body.tools ?? [],
    usage,
  });
  if (!body.stream) {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(snapshot('completed', [item], reported)));
    return;
  }
  let sequence = 0;
  let out = '';
  const emit = (type: string, payload: object) => {
    out += `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...payload })}\n\n`;
  };
  emit('response.created', { response: snapshot('in_progress', [], null) });
  emit('response.in_progress', { response: snapshot('in_progress', [], null) });
  if (model === 'resp-early-error') {
    emit('error', { code: 'server_error', message: 'The server had an error while processing your request.', param: null });
  } else if (calls) {
    emit('response.output_item.added', { output_index: 0, item: { ...call, status: 'in_progress', arguments: '' } });
    for (const delta of MOCK_RESPONSES_CALL.argumentPieces) emit('response.function_call_arguments.delta', { item_id: call.id, output_index: 0, delta });
    emit('response.function_call_arguments.done', { item_id: call.id, output_index: 0, name: call.name, arguments: call.arguments });
    emit('response.output_item.done', { output_index: 0, item: call });
    emit('response.completed', { response: snapshot('completed', [call], reported) });
  } else {
    const at = { item_id: message.id, output_index: 0, content_index: 0 };
    emit('response.output_item.added', { output_index: 0, item: { ...message, status: 'in_progress', content: [] } });
    emit('response.content_part.added', { ...at, part: { type: 'output_text', text: '', annotations: [] } });
    for (const delta of ['Hello', ' from', ` ${model}`]) emit('response.output_text.delta', { ...at, delta, logprobs: [] });
    emit('response.output_text.done', { ...at, text, logprobs: [] });
    emit('response.content_part.done', { ...at, part: message.content[0] });
    emit('response.output_item.done', { output_index: 0, item: message });
    emit('response.completed', { response: snapshot('completed', [message], reported) });
  }
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  response.end(out);
}
