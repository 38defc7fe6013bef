import { Sha256 } from '@aws-crypto/sha256-js';
import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';
import type { RelayChannel } from '../relay-context';
import { RelayError } from '../relay-error';
import type { UpstreamCall } from '../upstream.client';
import { type BedrockKey, parseBedrockKey } from './bedrock-key';
import { BEDROCK_EVENT_STREAM } from './bedrock-event-stream';
import { bedrockModelId } from './bedrock-models';

/** The version Bedrock's Anthropic models take in the body (Bedrock user guide, "Anthropic Claude Messages API"). */
const BEDROCK_ANTHROPIC_VERSION = 'bedrock-2023-05-31';

/** One signer per channel key (channels are few): it keeps the day's derived signing key. */
const signers = new Map<string, SignatureV4>();

function signerFor(raw: string, key: BedrockKey): SignatureV4 {
  let signer = signers.get(raw);
  if (!signer) {
    signer = new SignatureV4({
      service: 'bedrock',
      region: key.region,
      credentials: { accessKeyId: key.accessKeyId, secretAccessKey: key.secretAccessKey },
      sha256: Sha256,
    });
    signers.set(raw, signer);
  }
  return signer;
}

/** The headers SigV4 adds to the call (authorization, x-amz-date, x-amz-content-sha256); the host is undici's to send. */
async function signatureHeaders(signer: SignatureV4, url: URL, headers: Record<string, string>, body: string): Promise<Record<string, string>> {
  const request = new HttpRequest({
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    path: url.pathname,
    headers: { ...headers, host: url.host },
    body,
  });
  const signed = await signer.sign(request);
  const added: Record<string, string> = {};
  for (const [name, value] of Object.entries(signed.headers)) if (name !== 'host' && !(name in headers)) added[name] = value;
  return added;
}

/**
 * An Anthropic Messages request as Bedrock takes it: the model is in the path and streaming is the
 * endpoint's, so neither is in the body; Bedrock's API version; beta features in `anthropic_beta`.
 */
export function bedrockBody(request: object, betas: readonly string[]): string {
  const body: Record<string, unknown> = { anthropic_version: BEDROCK_ANTHROPIC_VERSION };
  for (const [field, value] of Object.entries(request)) if (field !== 'model' && field !== 'stream') body[field] = value;
  if (betas.length > 0) body.anthropic_beta = betas;
  return JSON.stringify(body);
}

/**
 * InvokeModel or InvokeModelWithResponseStream of Bedrock Runtime for the channel's key, signed
 * with SigV4 when it is sent. The channel's base URL (a VPC endpoint, a test's mock) replaces
 * https://bedrock-runtime.{region}.amazonaws.com.
 */
export function bedrockCall(channel: RelayChannel, model: string, body: string, stream: boolean): UpstreamCall {
  let key: BedrockKey;
  try {
    key = parseBedrockKey(channel.key);
  } catch (error) {
    throw new RelayError(500, `AWS Claude 渠道的密钥有误：${(error as Error).message}`, 'upstream_error', 'channel_key_invalid');
  }
  const base = (channel.baseUrl || `https://bedrock-runtime.${key.region}.amazonaws.com`).replace(/\/+$/, '');
  const modelId = bedrockModelId(model, key.region, key.inferenceRegion);
  const url = new URL(`${base}/model/${encodeURIComponent(modelId)}/${stream ? 'invoke-with-response-stream' : 'invoke'}`);
  const headers = { 'content-type': 'application/json', accept: stream ? 'application/vnd.amazon.eventstream' : 'application/json' };
  const signer = signerFor(channel.key, key);
  return {
    url: url.toString(),
    headers,
    body,
    authorize: () => signatureHeaders(signer, url, headers, body),
    ...(stream ? { streamFraming: BEDROCK_EVENT_STREAM } : {}),
  };
}
