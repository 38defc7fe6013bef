import type { IncomingMessage, ServerResponse } from 'node:http';
import { LocalHttpServer } from './local-http-server';

export interface SeenAnthropicRequest {
  path: string;
  apiKey: string;
  version: string;
  beta: string;
  body: Record<string, any>;
}

/** The API versions this mock accepts: the first one and the one the current SDK sends. */
const VERSIONS = new Set(['2023-06-01', '2026-10-21']);

const TOP_LEVEL_FIELDS = new Set(['model', 'max_tokens', 'messages', 'system', 'temperature', 'top_p', 'top_k', 'stop_sequences', 'stream', 'tools', 'tool_choice', 'metadata', 'thinking']);
const BLOCK_TYPES = new Set(['text', 'image', 'document', 'tool_use', 'tool_result', 'thinking', 'redacted_thinking']);

/** The signature this mock gives the thinking it writes; it refuses thinking it did not sign. */
export const mockThinkingSignature = (thinking: string): string => `mock-sig-${Buffer.from(thinking).toString('base64')}`;
/** The data of the redacted thinking block this mock writes before a tool call. */
export const MOCK_REDACTED_THINKING = 'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpPkNRj2YfY';
/** The thinking this mock writes when extended thinking is on. */
export const MOCK_THOUGHT = 'The user wants the weather in Paris.';
/** What this mock's count_tokens answers: a count no local tokenizer would give. */
export const mockInputTokens = (body: Record<string, any>): number => 1000 + body.messages.length;

/** A turn's content as blocks: the API takes a string as one text block. */
const blocksOf = (content: unknown): any[] => (typeof content === 'string' ? [{ type: 'text', text: content }] : (content as any[]));

/**
 * The checks Anthropic's Messages API makes that a converter can get wrong: required fields, no
 * unknown fields, user/assistant turns alternating from a user turn, non-empty text, tool results
 * first in their turn and answering a tool_use of the turn before; with extended thinking, a
 * budget of at least 1,024 under max_tokens, thinking blocks sent back as signed, and a tool-use
 * turn being answered that starts with its thinking. Returns the error, if any.
 */
export function invalidBody(body: Record<string, any>): string | undefined {
  const extra = Object.keys(body).find((key) => !TOP_LEVEL_FIELDS.has(key));
  if (extra) return `${extra}: Extra inputs are not permitted`;
  if (typeof body.model !== 'string' || !body.model) return 'model: Field required';
  if (!Number.isInteger(body.max_tokens) || body.max_tokens < 1) return 'max_tokens: Field required';
  const systemBlocks = Array.isArray(body.system) && body.system.every((block: { type?: unknown; text?: unknown }) => block.type === 'text' && typeof block.text === 'string');
  if (body.system !== undefined && typeof body.system !== 'string' && !systemBlocks) return 'system: Input should be a valid string or a list of text blocks';
  if (!Array.isArray(body.messages) || body.messages.length === 0) return 'messages: at least one message is required';
  let previousToolUses = new Set<string>();
  for (const [index, message] of body.messages.entries()) {
    const expected = index % 2 === 0 ? 'user' : 'assistant';
    if (message.role !== expected) return `messages.${index}: roles must alternate between "user" and "assistant", starting with "user"`;
    if (typeof message.content === 'string' ? !message.content : !Array.isArray(message.content) || message.content.length === 0) return `messages.${index}: content must be a non-empty string or list`;
    const toolUses = new Set<string>();
    let seenOther = false;
    for (const block of blocksOf(message.content)) {
      if (!BLOCK_TYPES.has(block.type)) return `messages.${index}: unknown content block type ${block.type}`;
      if (block.type === 'thinking' && (message.role !== 'assistant' || block.signature !== mockThinkingSignature(block.thinking))) return `messages.${index}: Invalid \`signature\` in \`thinking\` block`;
      if (block.type === 'redacted_thinking' && (message.role !== 'assistant' || block.data !== MOCK_REDACTED_THINKING)) return `messages.${index}: Invalid \`data\` in \`redacted_thinking\` block`;
      if (block.type === 'text' && (typeof block.text !== 'string' || !block.text.trim())) return `messages.${index}: text content blocks must contain non-whitespace text`;
      if (block.type === 'tool_use') {
        if (message.role !== 'assistant' || typeof block.id !== 'string' || typeof block.input !== 'object') return `messages.${index}: invalid tool_use block`;
        toolUses.add(block.id);
      }
      if (block.type === 'tool_result') {
        if (message.role !== 'user' || seenOther) return `messages.${index}: tool_result blocks must come first in a user message`;
        if (!previousToolUses.has(block.tool_use_id)) return `messages.${index}: unexpected tool_use_id found in tool_result blocks: ${block.tool_use_id}`;
      } else seenOther = true;
    }
    previousToolUses = toolUses;
  }
  for (const tool of body.tools ?? []) {
    if (typeof tool.name !== 'string' || tool.input_schema?.type !== 'object') return 'tools: each tool needs a name and an object input_schema';
  }
  if (body.tool_choice && !body.tools) return 'tool_choice: tool_choice may only be specified while providing tools';
  if (body.thinking?.type === 'enabled') {
    const budget = body.thinking.budget_tokens;
    if (!Number.isInteger(budget) || budget < 1024) return 'thinking.enabled.budget_tokens: Input should be greater than or equal to 1024';
    if (body.max_tokens <= budget) return '`max_tokens` must be greater than `thinking.budget_tokens`';
    const answered = body.messages.length - 2;
    const lastIsToolResult = blocksOf(body.messages.at(-1).content).some((block: { type: string }) => block.type === 'tool_result');
    const first = body.messages[answered] && blocksOf(body.messages[answered].content)[0]?.type;
    if (lastIsToolResult && first !== 'thinking' && first !== 'redacted_thinking') {
      return `messages.${answered}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${first}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks).`;
    }
  }
  return undefined;
}

type Block =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'redacted_thinking'; data: string };
interface Answer {
  content: Block[];
  stopReason: string;
  usage: MockAnthropicUsage;
}

export interface MockAnthropicUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  cache_creation?: { ephemeral_5m_input_tokens: number; ephemeral_1h_input_tokens: number };
}

/**
 * What "claude-cache-1h" (and Bedrock's "…claude-cache-1h…") reports, as Anthropic counts it: 100
 * input tokens besides 1000 read from the cache and 200 written to it (50 for 5 minutes, 150 for
 * an hour), 50 output tokens.
 */
export const MOCK_CACHE_1H_USAGE: MockAnthropicUsage = {
  input_tokens: 100,
  output_tokens: 50,
  cache_creation_input_tokens: 200,
  cache_read_input_tokens: 1000,
  cache_creation: { ephemeral_5m_input_tokens: 50, ephemeral_1h_input_tokens: 150 },
};

/** The tokens "claude-prompt-cache" writes to its cache on a first request and reads on the next ones. */
export const MOCK_PROMPT_CACHE_TOKENS = 1000;

/**
 * A real Anthropic Messages API server on 127.0.0.1 for relay tests, with count_tokens
 * (mockInputTokens). The requested model picks the behaviour: "claude-cache" reports cache reads
 * and writes, "claude-cache-1h" too with the writes split by lifetime (MOCK_CACHE_1H_USAGE); "claude-tool" calls get_weather, then answers from the tool result;
 * "claude-prompt-cache" keeps a prompt cache per key, as Anthropic does per organisation: the
 * first request with a given system prompt and first turn writes 1000 tokens to it, later ones
 * with the same key read them (MOCK_PROMPT_CACHE_TOKENS); "claude-overloaded" answers 529; in a stream "claude-early-error" sends an error event before
 * any content and "claude-midstream-error" after some; a max_tokens under 10 stops with
 * max_tokens. Others answer "Hello from <model>" (20 input, 10 output tokens). With extended
 * thinking on, an answer starts with a signed thinking block, and a tool call with a
 * redacted_thinking block after it. The key "sk-ant-dead" is refused with 401.
 */
export class MockAnthropicUpstream extends LocalHttpServer {
  readonly seen: SeenAnthropicRequest[] = [];
  /** The prompt prefixes "claude-prompt-cache" has cached, per key. */
  private readonly promptCache = new Set<string>();

  private error(response: ServerResponse, status: number, type: string, message: string): void {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ type: 'error', error: { type, message } }));
  }

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let raw = '';
    for await (const piece of request) raw += piece;
    const apiKey = String(request.headers['x-api-key'] ?? '');
    const version = String(request.headers['anthropic-version'] ?? '');
    const beta = String(request.headers['anthropic-beta'] ?? '');
    let body: Record<string, any>;
    try {
      body = JSON.parse(raw);
    } catch {
      return this.error(response, 400, 'invalid_request_error', 'There was an issue with the format or content of your request.');
    }
    this.seen.push({ path: request.url ?? '', apiKey, version, beta, body });
    const counting = request.url === '/v1/messages/count_tokens';
    if (request.method !== 'POST' || (request.url !== '/v1/messages' && !counting)) return this.error(response, 404, 'not_found_error', 'Not found');
    if (!apiKey) return this.error(response, 401, 'authentication_error', 'x-api-key header is required');
    if (apiKey === 'sk-ant-dead') return this.error(response, 401, 'authentication_error', 'invalid x-api-key');
    if (!VERSIONS.has(version)) return this.error(response, 400, 'invalid_request_error', 'anthropic-version: header is required');
    if (request.headers['content-type'] !== 'application/json') return this.error(response, 400, 'invalid_request_error', 'content-type must be application/json');
    const invalid = invalidBody(counting ? { max_tokens: 1_000_000, ...body } : body);
    if (invalid) return this.error(response, 400, 'invalid_request_error', invalid);
    if (body.model === 'claude-overloaded') return this.error(response, 529, 'overloaded_error', 'Overloaded');
    if (counting) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ input_tokens: mockInputTokens(body) }));
      return;
    }

    const answer = this.answer(body, apiKey);
    const id = `msg_mock_${this.seen.length}`;
    if (!body.stream) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ id, type: 'message', role: 'assistant', model: body.model, content: answer.content, stop_reason: answer.stopReason, stop_sequence: null, usage: answer.usage }),
      );
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = (type: string, data: object) => response.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    const overloaded = () => {
      send('error', { error: { type: 'overloaded_error', message: 'Overloaded' } });
      response.end();
    };
    send('message_start', {
      message: { id, type: 'message', role: 'assistant', model: body.model, content: [], stop_reason: null, stop_sequence: null, usage: { ...answer.usage, output_tokens: 1 } },
    });
    send('ping', {});
    if (body.model === 'claude-early-error') return overloaded();
    for (const [index, block] of answer.content.entries()) {
      if (block.type === 'thinking') {
        send('content_block_start', { index, content_block: { type: 'thinking', thinking: '' } });
        send('content_block_delta', { index, delta: { type: 'thinking_delta', thinking: block.thinking } });
        send('content_block_delta', { index, delta: { type: 'signature_delta', signature: block.signature } });
      } else if (block.type === 'redacted_thinking') {
        send('content_block_start', { index, content_block: block });
      } else if (block.type === 'text') {
        send('content_block_start', { index, content_block: { type: 'text', text: '' } });
        for (const piece of block.text.split(/(?= )/)) {
          send('content_block_delta', { index, delta: { type: 'text_delta', text: piece } });
          if (body.model === 'claude-midstream-error') return overloaded();
        }
      } else {
        send('content_block_start', { index, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } });
        const json = JSON.stringify(block.input);
        send('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: '' } });
        for (const piece of [json.slice(0, 5), json.slice(5)]) send('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: piece } });
      }
      send('content_block_stop', { index });
    }
    send('message_delta', { delta: { stop_reason: answer.stopReason, stop_sequence: null }, usage: { output_tokens: answer.usage.output_tokens } });
    send('message_stop', {});
    response.end();
  }

  private answer(body: Record<string, any>, apiKey: string): Answer {
    const answer = body.model === 'claude-prompt-cache' ? this.promptCacheAnswer(body, apiKey) : this.plainAnswer(body);
    if (body.thinking?.type !== 'enabled') return answer;
    const thinking: Block[] = [{ type: 'thinking', thinking: MOCK_THOUGHT, signature: mockThinkingSignature(MOCK_THOUGHT) }];
    if (answer.stopReason === 'tool_use') thinking.push({ type: 'redacted_thinking', data: MOCK_REDACTED_THINKING });
    return { ...answer, content: [...thinking, ...answer.content] };
  }

  /** A cache read when this key has seen the prompt's system prompt and first turn before, a cache write otherwise. */
  private promptCacheAnswer(body: Record<string, any>, apiKey: string): Answer {
    const prefix = `${apiKey}\n${JSON.stringify(body.system ?? '')}\n${JSON.stringify(body.messages[0])}`;
    const cached = this.promptCache.has(prefix);
    this.promptCache.add(prefix);
    const usage = {
      input_tokens: 20,
      output_tokens: 10,
      cache_creation_input_tokens: cached ? 0 : MOCK_PROMPT_CACHE_TOKENS,
      cache_read_input_tokens: cached ? MOCK_PROMPT_CACHE_TOKENS : 0,
    };
    return { content: [{ type: 'text', text: `Hello from claude-prompt-cache, turn ${Math.ceil(body.messages.length / 2)}` }], stopReason: 'end_turn', usage };
  }

  private plainAnswer(body: Record<string, any>): Answer {
    const usage = { input_tokens: 20, output_tokens: 10, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
    if (body.model === 'claude-cache-1h') return { content: [{ type: 'text', text: 'Hello from claude-cache-1h' }], stopReason: 'end_turn', usage: MOCK_CACHE_1H_USAGE };
    if (body.model === 'claude-cache') return { content: [{ type: 'text', text: 'Hello from claude-cache' }], stopReason: 'end_turn', usage: { input_tokens: 100, output_tokens: 50, cache_creation_input_tokens: 200, cache_read_input_tokens: 1000 } };
    if (body.max_tokens < 10) return { content: [{ type: 'text', text: 'Hello' }], stopReason: 'max_tokens', usage };
    if (body.model === 'claude-tool') {
      const result = blocksOf(body.messages.at(-1).content).find((block: { type: string }) => block.type === 'tool_result');
      if (result) return { content: [{ type: 'text', text: `It is ${result.content} in Paris.` }], stopReason: 'end_turn', usage };
      return { content: [{ type: 'text', text: 'Let me check.' }, { type: 'tool_use', id: 'toolu_mock_1', name: 'get_weather', input: { city: 'Paris' } }], stopReason: 'tool_use', usage };
    }
    return { content: [{ type: 'text', text: `Hello from ${body.model}` }], stopReason: 'end_turn', usage };
  }
}
