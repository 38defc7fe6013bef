import type { IncomingMessage, ServerResponse } from 'node:http';
import { LocalHttpServer } from './local-http-server';

export interface SeenGeminiRequest {
  /** Path and query, e.g. /v1beta/models/gemini-x:streamGenerateContent?alt=sse */
  path: string;
  apiKey: string;
  authorization: string;
  body: Record<string, any>;
}

/** The top-level fields of a generateContent request; Google refuses any other with a 400. */
const REQUEST_FIELDS = new Set(['contents', 'systemInstruction', 'generationConfig', 'tools', 'toolConfig', 'safetySettings', 'cachedContent']);

const ROUTE = /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/;

/** The thought signature this mock puts on the function calls it makes. */
export const MOCK_THOUGHT_SIGNATURE = 'CiQBVKhc7vXo';

/**
 * What Google checks of a request's thinking and signatures: thinkingLevel and thinkingBudget
 * never together, and for Gemini 3 models the first function call of every model turn carries
 * the signature it was answered with (Gemini 3 rejects the follow-up otherwise).
 */
function invalidThinking(model: string, body: Record<string, any>): string | undefined {
  const thinking = body.generationConfig?.thinkingConfig;
  if (thinking && thinking.thinkingLevel !== undefined && thinking.thinkingBudget !== undefined) return 'thinking_budget and thinking_level are not supported together.';
  if (!model.includes('gemini-3')) return undefined;
  for (const [index, content] of body.contents.entries()) {
    if (content.role !== 'model') continue;
    const call = content.parts.find((part: any) => part.functionCall);
    if (call && call.thoughtSignature !== MOCK_THOUGHT_SIGNATURE) {
      return `Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call \`default_api:${call.functionCall.name}\` , position ${index + 1}. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.`;
    }
  }
  return undefined;
}

/** The running usage of a "…-cache" model's stream before its last event: 1300 prompt tokens, 1000 of them cached content. */
const MOCK_CACHED_PROMPT_USAGE = {
  promptTokenCount: 1300,
  cachedContentTokenCount: 1000,
  totalTokenCount: 1300,
  promptTokensDetails: [{ modality: 'TEXT', tokenCount: 1300 }],
  cacheTokensDetails: [{ modality: 'TEXT', tokenCount: 1000 }],
};

/** The final usage of a "…-cache" model, as Gemini counts it: the cached content inside the prompt, 30 candidate and 20 thinking tokens beside it. */
export const MOCK_CACHED_USAGE = { ...MOCK_CACHED_PROMPT_USAGE, candidatesTokenCount: 30, thoughtsTokenCount: 20, totalTokenCount: 1350 };

/**
 * The final usage of a "…-image" model, as gemini-2.5-flash-image counts it: 10 prompt tokens; 1300
 * candidate tokens, 1290 of them the image (candidatesTokensDetails), and 20 thinking tokens beside them.
 */
export const MOCK_IMAGE_USAGE = {
  promptTokenCount: 10,
  candidatesTokenCount: 1300,
  thoughtsTokenCount: 20,
  totalTokenCount: 1330,
  promptTokensDetails: [{ modality: 'TEXT', tokenCount: 10 }],
  candidatesTokensDetails: [
    { modality: 'TEXT', tokenCount: 10 },
    { modality: 'IMAGE', tokenCount: 1290 },
  ],
};

/**
 * A real Gemini API server (v1beta generateContent) on 127.0.0.1 for relay tests. Like Google it
 * answers 404 to other paths, 403 without an x-goog-api-key, 400 to a wrong key, to an unknown
 * request field or to empty contents, and streams as SSE only with alt=sse, ending the body with
 * no [DONE] marker. Like Gemini 3, a "gemini-3…" model refuses (400) a model turn whose function
 * call lost its thought signature. The model picks the answer: "…-think" (or includeThoughts in
 * the thinking config) adds a thought (5 thinking tokens), "…-tool" calls get_weather with a
 * thought signature until it sees its result, "…-cut" stops a stream before its finish reason;
 * every answer is "Hello from <model>" (unless told otherwise) with 11 prompt and 7 candidate
 * tokens ("…-cache": MOCK_CACHED_USAGE, 1000 of 1300 prompt tokens read from the cache; "…-image":
 * MOCK_IMAGE_USAGE, an image among the candidate tokens).
 */
export class MockGeminiUpstream extends LocalHttpServer {
  readonly seen: SeenGeminiRequest[] = [];

  constructor(private readonly apiKey: string) {
    super();
  }

  private fail(response: ServerResponse, code: number, status: string, message: string): void {
    response.writeHead(code, { 'content-type': 'application/json; charset=UTF-8' });
    response.end(JSON.stringify({ error: { code, message, status } }));
  }

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let raw = '';
    for await (const piece of request) raw += piece;
    const url = new URL(request.url ?? '/', 'http://mock');
    const apiKey = String(request.headers['x-goog-api-key'] ?? '');
    const route = ROUTE.exec(url.pathname);
    if (request.method !== 'POST' || !route) return this.fail(response, 404, 'NOT_FOUND', `Method not found: ${url.pathname}`);
    let body: Record<string, any>;
    try {
      body = JSON.parse(raw);
    } catch {
      return this.fail(response, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
    }
    this.seen.push({ path: `${url.pathname}${url.search}`, apiKey, authorization: String(request.headers.authorization ?? ''), body });
    if (!apiKey) return this.fail(response, 403, 'PERMISSION_DENIED', "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.");
    if (apiKey !== this.apiKey) return this.fail(response, 400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.');
    const unknown = Object.keys(body).find((field) => !REQUEST_FIELDS.has(field));
    if (unknown) return this.fail(response, 400, 'INVALID_ARGUMENT', `Invalid JSON payload received. Unknown name "${unknown}": Cannot find field.`);
    if (!Array.isArray(body.contents) || body.contents.length === 0 || body.contents.some((content: any) => !['user', 'model'].includes(content.role) || !content.parts?.length)) {
      return this.fail(response, 400, 'INVALID_ARGUMENT', '* GenerateContentRequest.contents: contents is not specified');
    }

    const model = route[1];
    const refused = invalidThinking(model, body);
    if (refused) return this.fail(response, 400, 'INVALID_ARGUMENT', refused);
    const events = this.answer(model, body);
    if (route[2] === 'generateContent') {
      const parts = events.flatMap((event) => event.candidates[0].content.parts);
      const last = events.at(-1)!;
      response.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
      response.end(JSON.stringify({ ...last, candidates: [{ ...last.candidates[0], content: { parts, role: 'model' } }] }));
      return;
    }
    if (url.searchParams.get('alt') !== 'sse') return this.fail(response, 400, 'INVALID_ARGUMENT', 'this mock streams only with alt=sse');
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const [index, event] of events.entries()) {
      if (model.endsWith('-cut') && index === events.length - 1) {
        await new Promise((resolve) => setTimeout(resolve, 30));
        response.end();
        return;
      }
      response.write(`data: ${JSON.stringify(event)}\r\n\r\n`);
    }
    response.end();
  }

  /** The answer as stream events; the last carries the finish reason and the full usage. */
  private answer(model: string, body: Record<string, any>): Array<Record<string, any>> {
    const lastParts: any[] = body.contents.at(-1).parts;
    const toolResult = lastParts.find((part) => part.functionResponse)?.functionResponse;
    const thinking = model.endsWith('-think') || body.generationConfig?.thinkingConfig?.includeThoughts === true;
    let pieces: any[][];
    if (model.endsWith('-tool') && !toolResult) pieces = [[{ functionCall: { name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: MOCK_THOUGHT_SIGNATURE }]];
    else if (toolResult) pieces = [[{ text: `It is ${toolResult.response.temp_c} degrees` }], [{ text: ` in Paris` }]];
    else pieces = [[{ text: 'Hello' }], [{ text: ' from' }], [{ text: ` ${model}` }]];
    if (thinking) pieces.unshift([{ text: 'The user greets me.', thought: true }]);
    const promptOnly = model.endsWith('-cache') ? MOCK_CACHED_PROMPT_USAGE : { promptTokenCount: 11, totalTokenCount: 11, promptTokensDetails: [{ modality: 'TEXT', tokenCount: 11 }] };
    const full = model.endsWith('-cache')
      ? MOCK_CACHED_USAGE
      : model.endsWith('-image')
        ? MOCK_IMAGE_USAGE
        : { promptTokenCount: 11, candidatesTokenCount: 7, totalTokenCount: thinking ? 23 : 18, ...(thinking ? { thoughtsTokenCount: 5 } : {}), promptTokensDetails: promptOnly.promptTokensDetails };
    return pieces.map((parts, index) => {
      const last = index === pieces.length - 1;
      return {
        candidates: [{ content: { parts, role: 'model' }, ...(last ? { finishReason: 'STOP' } : {}), index: 0 }],
        usageMetadata: last ? full : promptOnly,
        modelVersion: model,
        responseId: 'mock-response-1',
      };
    });
  }
}
