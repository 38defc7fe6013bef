import type { IncomingMessage, ServerResponse } from 'node:http';
import { LocalHttpServer } from './local-http-server';

export interface SeenDifyRequest {
  path: string;
  authorization: string;
  body: Record<string, any>;
}

/** The usage of the mock's answers, as Dify reports it in metadata.usage. */
export const DIFY_USAGE = { prompt_tokens: 13, completion_tokens: 6, total_tokens: 19, prompt_price: '0.0000130', currency: 'USD', latency: 0.4 };

/**
 * A real Dify chat app API (POST /v1/chat-messages) on 127.0.0.1 for relay tests, answering with
 * the app key as bearer. The app key picks the behaviour: "app-dead" is refused with 401,
 * "app-error" streams an error event; others answer "You said: <query>" (blocking JSON, or
 * data-only SSE events with pings and workflow events between the answer pieces).
 */
export class MockDifyUpstream extends LocalHttpServer {
  readonly seen: SeenDifyRequest[] = [];

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const pieces: Buffer[] = [];
    for await (const piece of request) pieces.push(piece as Buffer);
    const body = JSON.parse(Buffer.concat(pieces).toString('utf8') || '{}') as Record<string, any>;
    const authorization = request.headers.authorization ?? '';
    this.seen.push({ path: request.url ?? '', authorization, body });
    const fail = (status: number, code: string, message: string) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code, message, status }));
    };
    if (request.method !== 'POST' || request.url !== '/v1/chat-messages') return fail(404, 'not_found', 'Not Found');
    if (authorization === 'Bearer app-dead') return fail(401, 'unauthorized', 'Access token is invalid');
    if (typeof body.query !== 'string' || !body.query || typeof body.user !== 'string' || !body.user) return fail(400, 'invalid_param', 'query and user are required');
    if (!['streaming', 'blocking'].includes(body.response_mode)) return fail(400, 'invalid_param', 'response_mode must be streaming or blocking');

    const answer = `You said: ${body.query}`;
    const ids = { task_id: 'task-1', message_id: 'msg-1', conversation_id: 'conv-1', created_at: 1705398420 };
    if (body.response_mode === 'blocking') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ event: 'message', ...ids, id: ids.message_id, mode: 'chat', answer, metadata: { usage: DIFY_USAGE, retriever_resources: [] } }));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const send = (event: Record<string, unknown>) => response.write(`data: ${JSON.stringify({ ...ids, ...event })}\n\n`);
    response.write('event: ping\n\n');
    if (authorization === 'Bearer app-error') {
      send({ event: 'error', status: 400, code: 'provider_quota_exceeded', message: 'Your quota for the model provider has been used up' });
      response.end();
      return;
    }
    send({ event: 'workflow_started', workflow_run_id: 'run-1', data: { id: 'run-1' } });
    for (const word of answer.split(/(?= )/)) send({ event: 'message', answer: word });
    send({ event: 'agent_message', answer: '!' });
    response.write('event: ping\n\n');
    send({ event: 'message_end', id: ids.message_id, metadata: { usage: DIFY_USAGE, retriever_resources: [] } });
    response.end();
  }
}
