import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LocalHttpServer } from './local-http-server';
import { answerResponses } from './mock-openai-responses';

export interface SeenRequest {
  path: string;
  authorization: string;
  body: Record<string, any>;
}

/** The tool call "tool-call" makes, and its arguments as streamed in two pieces. */
export const MOCK_TOOL_CALL = { id: 'call_mock_1', name: 'get_weather', argumentPieces: ['{"city"', ':"Paris"}'] };
/** The reasoning "think" streams before its answer. */
export const MOCK_REASONING = ['Thinking', ' it over.'];

/**
 * The verdict of "judge" (workflow runs' LLM judges): every output kind at once, passing when its
 * prompt holds "PASS-ME", failing otherwise, and no JSON at all when the prompt holds "GARBLE".
 */
function judgeVerdict(messages: Array<{ role: string; content: unknown }>): string {
  const prompt = messages.map((message) => (typeof message.content === 'string' ? message.content : '')).join('\n');
  if (prompt.includes('GARBLE')) return '这个我说不好。';
  const pass = prompt.includes('PASS-ME');
  return JSON.stringify({ reason: pass ? '回答正确' : '回答错误', pass, score: pass ? 10 : 1, category: pass ? '好' : '差' });
}

/** The assistant's answer of the models with tool calls or reasoning (null for others). */
function scriptedAnswer(model: string, messages: Array<{ role: string; content: unknown }>): { content: string; reasoning?: string[]; toolCall?: boolean } | null {
  if (model === 'think') return { content: 'Hello from think', reasoning: MOCK_REASONING };
  if (model === 'judge') return { content: judgeVerdict(messages) };
  if (model === 'echo') {
    const last = messages.at(-1);
    return { content: typeof last?.content === 'string' ? last.content : '' };
  }
  // Arena tests: an answer that never names its model (unless the question does).
  if (model.startsWith('blind-')) {
    const last = messages.at(-1);
    return { content: `答：${typeof last?.content === 'string' ? last.content : ''}` };
  }
  if (model !== 'tool-call') return null;
  const last = messages.at(-1);
  return last?.role === 'tool' ? { content: `It is ${String(last.content)} in Paris.` } : { content: 'Let me check.', toolCall: true };
}

/**
 * Usage of the models that report more than plain tokens (billing tests): "usage-cache" reads 1000
 * of its 1300 prompt tokens from the cache and reasons for 20 of its 50 completion tokens, as
 * OpenAI counts them (inside the totals); "usage-audio" hears 200 of its 700 prompt tokens and
 * speaks 30 of its 60 completion tokens. POST /v1/responses reports "usage-cache" the same way.
 */
export const MOCK_USAGES: Readonly<Record<string, object>> = {
  'usage-cache': { prompt_tokens: 1300, completion_tokens: 50, total_tokens: 1350, prompt_tokens_details: { cached_tokens: 1000, audio_tokens: 0 }, completion_tokens_details: { reasoning_tokens: 20, audio_tokens: 0 } },
  'usage-audio': { prompt_tokens: 700, completion_tokens: 60, total_tokens: 760, prompt_tokens_details: { cached_tokens: 0, audio_tokens: 200 }, completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 30 } },
};

/**
 * What POST /v1/images/generations reports for "usage-image", as gpt-image-1 does: 50 text and 323
 * image prompt tokens, and its output_tokens, all of them the image's (no output split). Other
 * models answer without usage, as dall-e-3 does.
 */
export const MOCK_IMAGE_USAGE = { input_tokens: 373, input_tokens_details: { text_tokens: 50, image_tokens: 323 }, output_tokens: 4160, total_tokens: 4533 };

/** Models that stream 40 words, and the milliseconds between two of them. */
const STREAM_WORD_GAP_MS: Record<string, number> = { 'slow-stream': 50, 'long-stream': 200 };

/**
 * A real OpenAI-format HTTP server on 127.0.0.1 for relay tests. The requested model picks the
 * behaviour: "fail-500", "fail-429", "fail-401" answer with that error (quoting the key they were given when the name ends in "-echo-key"); "cut-stream" stops a stream
 * without [DONE]; "slow-stream" sends one chunk every 50 ms, "long-stream" every 200 ms; "no-usage" reports no usage;
 * "tool-call" calls get_weather (MOCK_TOOL_CALL), then answers from the tool result; "think"
 * reasons (reasoning_content) before it answers; "echo" answers the last message's text, and "blind-*" the same after "答："; "judge" answers a judge's verdict (judgeVerdict); others answer "Hello from <model>" with usage
 * prompt 11 / completion 7, or the usage of MOCK_USAGES. POST /v1/responses speaks the Responses API (mock-openai-responses.ts).
 * A JSON request carrying a key of `deadKeys` is refused with 401 (the message quoting the key, as
 * some providers do), one of `limitedKeys` with 429, whatever the model (multi-key channels).
 * A model of `goneModels` is answered as OpenAI answers a model the key cannot use (404,
 * code model_not_found); a model whose name says "codex" is served by the Responses API only, as at
 * OpenAI: POST /v1/chat/completions refuses it with 400.
 */
export class MockOpenAiUpstream extends LocalHttpServer {
  readonly seen: SeenRequest[] = [];
  /** Requests whose client hung up before the answer ended. */
  closedEarly = 0;
  /** Milliseconds to wait before answering a model (slow upstreams for health checks). */
  readonly delays = new Map<string, number>();
  /** Milliseconds between a stream's headers and its first chunk, per model (a slow first token). */
  readonly firstChunkDelays = new Map<string, number>();
  /** Keys refused as invalid (401), and keys refused as rate limited (429). */
  readonly deadKeys = new Set<string>();
  readonly limitedKeys = new Set<string>();
  /** Models this upstream does not have (404 model_not_found). */
  readonly goneModels = new Set<string>();
  /** Models refused with 400 for now (a request the upstream rejects; tests put them back). */
  readonly refusedModels = new Set<string>();

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const pieces: Buffer[] = [];
    for await (const piece of request) pieces.push(piece as Buffer);
    const bytes = Buffer.concat(pieces);
    const contentType = request.headers['content-type'] ?? '';
    if (contentType.startsWith('multipart/form-data')) {
      // Audio transcription or translation, image edit: a real multipart upload, answered with its text or image.
      const form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
      const file = form.get('file') as File | null;
      const parts = await Promise.all(
        [...form.entries()].map(async ([name, value]) =>
          typeof value === 'string' ? { name, value } : { name, file: value.name, type: value.type, sha256: createHash('sha256').update(Buffer.from(await value.arrayBuffer())).digest('hex') },
        ),
      );
      this.seen.push({ path: request.url ?? '', authorization: request.headers.authorization ?? '', body: { model: form.get('model'), file: file?.name, size: file?.size, parts } });
      response.writeHead(200, { 'content-type': 'application/json' });
      const edited = { created: 1, data: [{ b64_json: Buffer.from('edited').toString('base64') }] };
      response.end(JSON.stringify(request.url === '/v1/images/edits' ? edited : { text: 'hello from the audio' }));
      return;
    }
    const raw = bytes.toString('utf8');
    const body = raw ? JSON.parse(raw) : {};
    this.seen.push({ path: request.url ?? '', authorization: request.headers.authorization ?? '', body });
    const model: string = body.model ?? '';
    const delay = this.delays.get(model);
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    const key = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (this.deadKeys.has(key) || this.limitedKeys.has(key)) {
      const dead = this.deadKeys.has(key);
      response.writeHead(dead ? 401 : 429, { 'content-type': 'application/json' });
      const error = dead ? { message: `Incorrect API key provided: ${key}`, type: 'invalid_request_error', code: 'invalid_api_key' } : { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' };
      response.end(JSON.stringify({ error }));
      return;
    }
    if (this.refusedModels.has(model)) {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'upstream refuses this request', type: 'invalid_request_error', code: null } }));
      return;
    }
    if (this.goneModels.has(model)) {
      response.writeHead(404, { 'content-type': 'application/json' });
      const error = { message: `The model \`${model}\` does not exist or you do not have access to it.`, type: 'invalid_request_error', param: null, code: 'model_not_found' };
      response.end(JSON.stringify({ error }));
      return;
    }
    if (model.includes('codex') && request.url === '/v1/chat/completions') {
      response.writeHead(400, { 'content-type': 'application/json' });
      const error = { message: 'This model is only supported in v1/responses and not in v1/chat/completions.', type: 'invalid_request_error', param: 'model', code: null };
      response.end(JSON.stringify({ error }));
      return;
    }
    const fail = /^fail-(\d{3})/.exec(model);
    if (fail) {
      const status = Number(fail[1]);
      response.writeHead(status, { 'content-type': 'application/json' });
      // "fail-…-echo-key": some providers quote the key they were given in the error message.
      const message = model.endsWith('-echo-key') ? `Incorrect API key provided: ${request.headers.authorization ?? ''}` : status === 401 ? 'Incorrect API key provided' : `upstream says ${status}`;
      response.end(JSON.stringify({ error: { message, type: 'error' } }));
      return;
    }
    if (request.url === '/v1/responses') return answerResponses(response, body);
    if (request.url === '/v1/images/generations') {
      response.writeHead(200, { 'content-type': 'application/json' });
      const image = { created: 1, data: [{ b64_json: Buffer.from('generated').toString('base64') }] };
      response.end(JSON.stringify(model === 'usage-image' ? { ...image, usage: MOCK_IMAGE_USAGE } : image));
      return;
    }
    if (request.url === '/v1/embeddings') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ object: 'list', data: [{ object: 'embedding', index: 0, embedding: [0.1, 0.2] }], model, usage: { prompt_tokens: 5, total_tokens: 5 } }));
      return;
    }
    const usage = model === 'no-usage' ? undefined : (MOCK_USAGES[model] ?? { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 });
    const scripted = scriptedAnswer(model, body.messages ?? []);
    if (scripted) return this.scripted(response, model, body, scripted, usage!);
    if (!body.stream) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id: 'chatcmpl-mock',
          object: 'chat.completion',
          created: 1,
          model,
          choices: [{ index: 0, message: { role: 'assistant', content: `Hello from ${model}` }, finish_reason: 'stop' }],
          usage,
        }),
      );
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.flushHeaders();
    const firstChunkDelay = this.firstChunkDelays.get(model);
    if (firstChunkDelay) await new Promise((resolve) => setTimeout(resolve, firstChunkDelay));
    let closed = false;
    response.on('close', () => {
      if (!response.writableFinished) {
        closed = true;
        this.closedEarly += 1;
      }
    });
    const wordGap = STREAM_WORD_GAP_MS[model];
    const words = wordGap ? Array.from({ length: 40 }, (_, index) => `w${index} `) : ['Hello', ' from', ` ${model}`];
    const chunk = (delta: object, finish: string | null = null) =>
      `data: ${JSON.stringify({ id: 'chatcmpl-mock', object: 'chat.completion.chunk', created: 1, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    response.write(chunk({ role: 'assistant', content: '' }));
    for (const [index, word] of words.entries()) {
      if (closed) return;
      if (model === 'cut-stream' && index === 2) {
        // Let the first chunks reach the relay, then drop the connection mid-answer.
        await new Promise((resolve) => setTimeout(resolve, 30));
        response.destroy();
        return;
      }
      response.write(chunk({ content: word }));
      if (wordGap) await new Promise((resolve) => setTimeout(resolve, wordGap));
    }
    response.write(chunk({}, 'stop'));
    if (usage && body.stream_options?.include_usage) {
      response.write(`data: ${JSON.stringify({ id: 'chatcmpl-mock', object: 'chat.completion.chunk', created: 1, model, choices: [], usage })}\n\n`);
    }
    response.end('data: [DONE]\n\n');
  }

  private scripted(response: ServerResponse, model: string, body: Record<string, any>, answer: NonNullable<ReturnType<typeof scriptedAnswer>>, usage: object): void {
    const finish = answer.toolCall ? 'tool_calls' : 'stop';
    const call = { id: MOCK_TOOL_CALL.id, type: 'function', function: { name: MOCK_TOOL_CALL.name, arguments: MOCK_TOOL_CALL.argumentPieces.join('') } };
    if (!body.stream) {
      const message = { role: 'assistant', content: answer.content, ...(answer.reasoning ? { reasoning_content: answer.reasoning.join('') } : {}), ...(answer.toolCall ? { tool_calls: [call] } : {}) };
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: 'chatcmpl-mock', object: 'chat.completion', created: 1, model, choices: [{ index: 0, message, finish_reason: finish }], usage }));
      return;
    }
    const chunk = (delta: object, finishReason: string | null = null) =>
      `data: ${JSON.stringify({ id: 'chatcmpl-mock', object: 'chat.completion.chunk', created: 1, model, choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`;
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write(chunk({ role: 'assistant', content: '' }));
    for (const piece of answer.reasoning ?? []) response.write(chunk({ reasoning_content: piece }));
    response.write(chunk({ content: answer.content }));
    if (answer.toolCall) {
      response.write(chunk({ tool_calls: [{ index: 0, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] }));
      for (const piece of MOCK_TOOL_CALL.argumentPieces) response.write(chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] }));
    }
    response.write(chunk({}, finish));
    if (body.stream_options?.include_usage) response.write(`data: ${JSON.stringify({ id: 'chatcmpl-mock', object: 'chat.completion.chunk', created: 1, model, choices: [], usage })}\n\n`);
    response.end('data: [DONE]\n\n');
  }
}
