import type { IncomingMessage, ServerResponse } from 'node:http';
import { Sha256 } from '@aws-crypto/sha256-js';
import { EventStreamCodec, type MessageHeaders } from '@smithy/eventstream-codec';
import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { invalidBody, MOCK_CACHE_1H_USAGE } from './mock-anthropic-upstream';
import { LocalHttpServer } from './local-http-server';

/** The test account this mock knows (AWS's documentation example credentials). */
export const BEDROCK_TEST_ACCESS_KEY = 'AKIDEXAMPLE';
export const BEDROCK_TEST_SECRET_KEY = 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY';

export interface SeenBedrockRequest {
  modelId: string;
  stream: boolean;
  region: string;
  body: Record<string, any>;
}

const codec = new EventStreamCodec(toUtf8, fromUtf8);
const AUTHORIZATION = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/;
const MODEL_PATH = /^\/model\/([^/]+)\/(invoke|invoke-with-response-stream)$/;
/** What Bedrock's Anthropic models accept as a model id: a foundation model or its cross-region profile. */
const CLAUDE_ID = /^((us|eu|apac|jp|au|global|us-gov)\.)?anthropic\.claude-[a-z0-9-]+?(-v\d+(:\d+)?)?$/;
const FIVE_MINUTES = 5 * 60 * 1000;

const stringHeader = (value: string) => ({ type: 'string' as const, value });

/** x-amz-date (20250101T000000Z) as a Date. */
const amzDate = (value: string): Date =>
  new Date(`${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}T${value.slice(9, 11)}:${value.slice(11, 13)}:${value.slice(13, 15)}Z`);

/**
 * A real Bedrock Runtime on 127.0.0.1 for relay tests: InvokeModel and
 * InvokeModelWithResponseStream of Anthropic's models. Every request's SigV4 signature is checked
 * as AWS does (recomputed with @smithy/signature-v4 from the known secret over the signed headers
 * and the body as received): an unknown access key or a wrong signature is refused with 403 as
 * Bedrock refuses it. The body must be Bedrock's Anthropic body (anthropic_version
 * bedrock-2023-05-31, no model or stream) and a valid Messages request. Streams are AWS event
 * streams whose `chunk` events carry each Anthropic event, base64 in `bytes`, encoded by
 * @smithy/eventstream-codec and written in pieces that cut frames. Model ids containing
 * "throttled" answer 429 ThrottlingException; "stream-exception" streams an exception frame
 * before any content; others answer "Hello from <model id>" (20 input, 10 output tokens; ids
 * containing "claude-cache-1h": MOCK_CACHE_1H_USAGE, cache reads and writes).
 */
export class MockBedrockUpstream extends LocalHttpServer {
  readonly seen: SeenBedrockRequest[] = [];

  private error(response: ServerResponse, status: number, type: string, message: string): void {
    response.writeHead(status, { 'content-type': 'application/json', 'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/` });
    response.end(JSON.stringify({ message }));
  }

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const pieces: Buffer[] = [];
    for await (const piece of request) pieces.push(piece as Buffer);
    const raw = Buffer.concat(pieces);
    const path = new URL(request.url ?? '/', 'http://mock').pathname;
    const route = MODEL_PATH.exec(path);
    if (request.method !== 'POST' || !route) return this.error(response, 404, 'UnknownOperationException', 'Unknown operation');

    const refused = await this.refusedSignature(request, path, raw);
    if (refused) return this.error(response, 403, refused.type, refused.message);

    const modelId = decodeURIComponent(route[1]);
    const stream = route[2] === 'invoke-with-response-stream';
    let body: Record<string, any>;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      return this.error(response, 400, 'ValidationException', 'Malformed input request, please reformat your input and try again.');
    }
    const region = AUTHORIZATION.exec(String(request.headers.authorization))![3];
    this.seen.push({ modelId, stream, region, body });
    if (!CLAUDE_ID.test(modelId)) return this.error(response, 400, 'ValidationException', 'The provided model identifier is invalid.');
    if (body.anthropic_version !== 'bedrock-2023-05-31') return this.error(response, 400, 'ValidationException', 'Malformed input request: #: required key [anthropic_version] not found, please reformat your input and try again.');
    const extraneous = ['model', 'stream'].find((field) => field in body);
    if (extraneous) return this.error(response, 400, 'ValidationException', `Malformed input request: #: extraneous key [${extraneous}] is not permitted, please reformat your input and try again.`);
    const { anthropic_version: _version, anthropic_beta: betas, ...messages } = body;
    if (betas !== undefined && !(Array.isArray(betas) && betas.every((beta) => typeof beta === 'string'))) return this.error(response, 400, 'ValidationException', 'Malformed input request: #/anthropic_beta: expected type: JSONArray');
    const invalid = invalidBody({ ...messages, model: modelId });
    if (invalid) return this.error(response, 400, 'ValidationException', invalid);
    if (modelId.includes('throttled')) return this.error(response, 429, 'ThrottlingException', 'Too many requests, please wait before trying again.');

    const id = `msg_bdrk_${this.seen.length}`;
    const text = `Hello from ${modelId}`;
    const usage = modelId.includes('claude-cache-1h') ? MOCK_CACHE_1H_USAGE : { input_tokens: 20, output_tokens: 10, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
    if (!stream) {
      response.writeHead(200, { 'content-type': 'application/json', 'x-amzn-bedrock-input-token-count': '20', 'x-amzn-bedrock-output-token-count': '10' });
      response.end(JSON.stringify({ id, type: 'message', role: 'assistant', model: modelId, content: [{ type: 'text', text }], stop_reason: 'end_turn', stop_sequence: null, usage }));
      return;
    }
    const frames: Uint8Array[] = [];
    const chunk = (event: Record<string, unknown>) =>
      frames.push(
        codec.encode({
          headers: { ':event-type': stringHeader('chunk'), ':content-type': stringHeader('application/json'), ':message-type': stringHeader('event') },
          body: fromUtf8(JSON.stringify({ bytes: Buffer.from(JSON.stringify(event)).toString('base64'), p: 'abcdefghij' })),
        }),
      );
    const exception = (type: string, message: string, headers: MessageHeaders = {}) =>
      frames.push(codec.encode({ headers: { ':exception-type': stringHeader(type), ':content-type': stringHeader('application/json'), ':message-type': stringHeader('exception'), ...headers }, body: fromUtf8(JSON.stringify({ message })) }));

    chunk({ type: 'message_start', message: { id, type: 'message', role: 'assistant', model: modelId, content: [], stop_reason: null, stop_sequence: null, usage: { ...usage, output_tokens: 1 } } });
    if (modelId.includes('stream-exception')) exception('throttlingException', 'Too many requests, please wait before trying again.');
    else {
      chunk({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
      for (const piece of text.split(/(?= )/)) chunk({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: piece } });
      chunk({ type: 'content_block_stop', index: 0 });
      chunk({ type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: usage.output_tokens } });
      chunk({ type: 'message_stop', 'amazon-bedrock-invocationMetrics': { inputTokenCount: 20, outputTokenCount: 10, invocationLatency: 321, firstByteLatency: 123 } });
    }
    response.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream', 'x-amzn-bedrock-content-type': 'application/json' });
    // Pieces that do not follow frame boundaries, as TCP delivers them.
    const bytes = Buffer.concat(frames);
    for (let offset = 0; offset < bytes.length; offset += 77) response.write(bytes.subarray(offset, offset + 77));
    response.end();
  }

  /** Why AWS would refuse the request's signature (its exception type and message), or undefined when it holds. */
  private async refusedSignature(request: IncomingMessage, path: string, body: Buffer): Promise<{ type: string; message: string } | undefined> {
    const parsed = AUTHORIZATION.exec(String(request.headers.authorization ?? ''));
    if (!parsed) return { type: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' };
    const [, accessKeyId, , region, service, signedHeaders] = parsed;
    if (accessKeyId !== BEDROCK_TEST_ACCESS_KEY) return { type: 'UnrecognizedClientException', message: 'The security token included in the request is invalid.' };
    const date = String(request.headers['x-amz-date'] ?? '');
    if (!/^\d{8}T\d{6}Z$/.test(date) || Math.abs(Date.now() - amzDate(date).getTime()) > FIVE_MINUTES) {
      return { type: 'InvalidSignatureException', message: 'Signature expired or x-amz-date missing.' };
    }
    const names = signedHeaders.split(';');
    if (service !== 'bedrock' || !names.includes('host') || !names.includes('x-amz-date')) {
      return { type: 'InvalidSignatureException', message: 'Credential should be scoped to correct service: bedrock, and sign host and x-amz-date.' };
    }
    // The payload hash is recomputed from the body received, never taken from the client's header.
    const headers = Object.fromEntries(names.filter((name) => name !== 'x-amz-content-sha256').map((name) => [name, String(request.headers[name] ?? '')]));
    const host = new URL(`http://${headers.host}`);
    const expected = await new SignatureV4({
      service: 'bedrock',
      region,
      credentials: { accessKeyId, secretAccessKey: BEDROCK_TEST_SECRET_KEY },
      sha256: Sha256,
      applyChecksum: names.includes('x-amz-content-sha256'),
    }).sign(
      new HttpRequest({ method: 'POST', protocol: 'http:', hostname: host.hostname, port: Number(host.port), path, headers, body: new Uint8Array(body) }),
      { signingDate: amzDate(date) },
    );
    if (expected.headers.authorization !== request.headers.authorization) {
      return {
        type: 'InvalidSignatureException',
        message: 'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
      };
    }
    return undefined;
  }
}
