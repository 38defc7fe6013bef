import type { IncomingMessage, ServerResponse } from 'node:http';
import { LocalHttpServer } from './local-http-server';

export interface SeenAzureRequest {
  deployment: string;
  /** The operation after the deployment, e.g. chat/completions. */
  operation: string;
  apiVersion: string;
  apiKey: string;
  authorization: string;
  body: Record<string, any>;
}

const ROUTE = /^\/openai\/deployments\/([^/]+)\/(chat\/completions|completions|embeddings|images\/generations|audio\/speech)$/;

/** The model behind every deployment, as Azure names it in replies. */
const MODEL_VERSION = 'gpt-4o-2024-11-20';

const PROMPT_FILTER_RESULTS = [
  {
    prompt_index: 0,
    content_filter_results: {
      hate: { filtered: false, severity: 'safe' },
      self_harm: { filtered: false, severity: 'safe' },
      sexual: { filtered: false, severity: 'safe' },
      violence: { filtered: false, severity: 'safe' },
    },
  },
];

/**
 * A real Azure OpenAI server on 127.0.0.1 for relay tests: OpenAI's shapes at
 * /openai/deployments/{deployment}/{operation}?api-version=…, authenticated by `api-key`. Like
 * Azure it answers 404 without an api-version or for a deployment that does not exist, 401 to a
 * wrong key, and 400 to `stream_options` on API versions older than 2024-09-01; a stream opens
 * with Azure's prompt-filter chunk (no choices). Chat answers are "Hello from <deployment>" with
 * 11 prompt and 7 completion tokens; embeddings use 5 prompt tokens.
 */
export class MockAzureUpstream extends LocalHttpServer {
  readonly seen: SeenAzureRequest[] = [];

  constructor(
    private readonly apiKey: string,
    private readonly deployments: readonly string[],
  ) {
    super();
  }

  private json(response: ServerResponse, status: number, body: unknown): void {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  }

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let raw = '';
    for await (const piece of request) raw += piece;
    const url = new URL(request.url ?? '/', 'http://mock');
    const route = ROUTE.exec(url.pathname);
    const apiVersion = url.searchParams.get('api-version') ?? '';
    if (!route || !apiVersion) return this.json(response, 404, { error: { code: '404', message: 'Resource not found' } });
    const [, deployment, operation] = route;
    const body = raw ? JSON.parse(raw) : {};
    const apiKey = String(request.headers['api-key'] ?? '');
    this.seen.push({ deployment, operation, apiVersion, apiKey, authorization: String(request.headers.authorization ?? ''), body });
    if (apiKey !== this.apiKey) {
      return this.json(response, 401, {
        error: {
          code: '401',
          message: 'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.',
        },
      });
    }
    if (!this.deployments.includes(deployment)) {
      return this.json(response, 404, {
        error: { code: 'DeploymentNotFound', message: 'The API deployment for this resource does not exist. If you created the deployment within the last 5 minutes, please wait a moment and try again.' },
      });
    }
    if (body.stream_options && apiVersion.slice(0, 10) < '2024-09-01') {
      return this.json(response, 400, { error: { message: 'Unrecognized request argument supplied: stream_options', type: 'invalid_request_error', param: null, code: null } });
    }
    if (operation === 'embeddings') {
      return this.json(response, 200, { object: 'list', data: [{ object: 'embedding', index: 0, embedding: [0.3, 0.4] }], model: 'text-embedding-3-small', usage: { prompt_tokens: 5, total_tokens: 5 } });
    }
    if (operation !== 'chat/completions') return this.json(response, 400, { error: { message: `this mock does not serve ${operation}` } });

    const usage = { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 };
    const content = `Hello from ${deployment}`;
    if (!body.stream) {
      return this.json(response, 200, {
        id: 'chatcmpl-azure',
        object: 'chat.completion',
        created: 1,
        model: MODEL_VERSION,
        prompt_filter_results: PROMPT_FILTER_RESULTS,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop', content_filter_results: {} }],
        usage,
      });
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const send = (chunk: object) => response.write(`data: ${JSON.stringify(chunk)}\n\n`);
    send({ choices: [], created: 0, id: '', model: '', object: '', prompt_filter_results: PROMPT_FILTER_RESULTS });
    const chunk = (delta: object, finish: string | null = null) => ({
      id: 'chatcmpl-azure',
      object: 'chat.completion.chunk',
      created: 1,
      model: MODEL_VERSION,
      choices: [{ index: 0, delta, finish_reason: finish, content_filter_results: {} }],
    });
    send(chunk({ role: 'assistant', content: '' }));
    for (const word of ['Hello', ' from', ` ${deployment}`]) send(chunk({ content: word }));
    send(chunk({}, 'stop'));
    if (body.stream_options?.include_usage) send({ id: 'chatcmpl-azure', object: 'chat.completion.chunk', created: 1, model: MODEL_VERSION, choices: [], usage });
    response.end('data: [DONE]\n\n');
  }
}
