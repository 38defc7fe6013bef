import type { IncomingMessage, ServerResponse } from 'node:http';
import { LocalHttpServer } from './local-http-server';

export interface SeenCohereRequest {
  path: string;
  authorization: string;
  body: Record<string, any>;
}

/** What the mock bills (billed_units) and what its template-wrapped count says (tokens). */
export const COHERE_BILLED = { input_tokens: 9, output_tokens: 5 };
export const COHERE_TOKENS = { input_tokens: 214, output_tokens: 5 };
/** The tool call "command-tool" makes, its plan and its arguments streamed in two pieces. */
export const COHERE_TOOL_CALL = { id: 'get_weather_8x9', name: 'get_weather', plan: 'I will look up the weather.', argumentPieces: ['{"city"', ':"Paris"}'] };

/** The top-level fields of a v2 chat request; Cohere refuses unknown ones with a 400. */
const REQUEST_FIELDS = new Set(['model', 'messages', 'stream', 'tools', 'tool_choice', 'max_tokens', 'temperature', 'p', 'k', 'seed', 'stop_sequences', 'frequency_penalty', 'presence_penalty', 'response_format', 'documents', 'citation_options', 'safety_mode', 'logprobs', 'strict_tools', 'thinking']);

/**
 * A real Cohere chat v2 server (POST /v2/chat) on 127.0.0.1 for relay tests: bearer key, typed SSE
 * events when streaming. The model picks the behaviour: "fail-401" and "fail-500" answer with
 * that error in Cohere's `{message}` shape; "command-tool" plans and calls get_weather, then
 * answers from the tool result; others answer "Hello from <model>".
 */
export class MockCohereUpstream extends LocalHttpServer {
  readonly seen: SeenCohereRequest[] = [];

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const pieces: Buffer[] = [];
    for await (const piece of request) pieces.push(piece as Buffer);
    const body = JSON.parse(Buffer.concat(pieces).toString('utf8') || '{}') as Record<string, any>;
    this.seen.push({ path: request.url ?? '', authorization: request.headers.authorization ?? '', body });
    const fail = (status: number, message: string) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: 'err-1', message }));
    };
    if (request.method !== 'POST' || request.url !== '/v2/chat') return fail(404, 'not found');
    const unknown = Object.keys(body).find((field) => !REQUEST_FIELDS.has(field));
    if (unknown) return fail(400, `invalid request: unknown field: parameter ${unknown} is not a valid field`);
    if (!Array.isArray(body.messages) || body.messages.length === 0) return fail(400, 'invalid request: messages must not be empty');
    const model = String(body.model ?? '');
    if (model === 'fail-401') return fail(401, 'invalid api token');
    if (model === 'fail-500') return fail(500, 'internal server error');

    const last = body.messages.at(-1);
    const callsTool = model === 'command-tool' && last.role !== 'tool';
    const text = model === 'command-tool' && last.role === 'tool' ? `It is ${last.content} in Paris.` : `Hello from ${model}`;
    const usage = { billed_units: COHERE_BILLED, tokens: COHERE_TOKENS };
    const call = { id: COHERE_TOOL_CALL.id, type: 'function', function: { name: COHERE_TOOL_CALL.name, arguments: COHERE_TOOL_CALL.argumentPieces.join('') } };
    if (!body.stream) {
      const message = callsTool
        ? { role: 'assistant', tool_plan: COHERE_TOOL_CALL.plan, tool_calls: [call] }
        : { role: 'assistant', content: [{ type: 'text', text }] };
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: 'c0ffee', finish_reason: callsTool ? 'TOOL_CALL' : 'COMPLETE', message, usage }));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const send = (event: Record<string, unknown>) => response.write(`event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`);
    send({ id: 'c0ffee', type: 'message-start', delta: { message: { role: 'assistant', content: [], tool_plan: '', tool_calls: [], citations: [] } } });
    if (callsTool) {
      send({ type: 'tool-plan-delta', delta: { message: { tool_plan: COHERE_TOOL_CALL.plan } } });
      send({ type: 'tool-call-start', index: 0, delta: { message: { tool_calls: { id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } } } } });
      for (const piece of COHERE_TOOL_CALL.argumentPieces) send({ type: 'tool-call-delta', index: 0, delta: { message: { tool_calls: { function: { arguments: piece } } } } });
      send({ type: 'tool-call-end', index: 0 });
    } else {
      send({ type: 'content-start', index: 0, delta: { message: { content: { type: 'text', text: '' } } } });
      for (const word of text.split(/(?= )/)) send({ type: 'content-delta', index: 0, delta: { message: { content: { text: word } } } });
      send({ type: 'content-end', index: 0 });
    }
    send({ type: 'message-end', delta: { finish_reason: callsTool ? 'TOOL_CALL' : 'COMPLETE', usage } });
    response.end();
  }
}
