import type { RelayContext, RelayMode } from '../relay-context';
import type { UpstreamBody, UpstreamCall } from '../upstream.client';
import type { ProviderAdaptor } from './adaptor';
import { OpenAiAdaptor } from './openai.adaptor';
import { MODE_PATHS } from './openai-paths';

/** The API version of a type 3 channel whose `other` is empty (spec 2 §5). */
export const AZURE_DEFAULT_API_VERSION = '2023-06-01-preview';

/**
 * Azure rejects `stream_options` ("Unrecognized request argument supplied") before this API
 * version, so older channels stream without the injected usage and are counted locally.
 */
const FIRST_VERSION_WITH_STREAM_USAGE = '2024-09-01';

export function azureApiVersion(ctx: RelayContext): string {
  return ctx.channel.other.trim() || AZURE_DEFAULT_API_VERSION;
}

function acceptsStreamOptions(version: string): boolean {
  const date = /^\d{4}-\d{2}-\d{2}/.exec(version)?.[0];
  return date === undefined || date >= FIRST_VERSION_WITH_STREAM_USAGE;
}

/** The deployment is named after the (mapped) model: spec 2 §5 asks the admin to name it so. */
export function azureUrl(ctx: RelayContext): string {
  const deployment = encodeURIComponent(ctx.upstreamModel);
  return `${ctx.channel.baseUrl}/openai/deployments/${deployment}/${MODE_PATHS[ctx.mode]}?api-version=${encodeURIComponent(azureApiVersion(ctx))}`;
}

export function azureHeaders(ctx: RelayContext, contentType: string | undefined): Record<string, string> {
  return contentType ? { 'content-type': contentType, 'api-key': ctx.channel.key } : { 'api-key': ctx.channel.key };
}

/**
 * Azure OpenAI (type 3): OpenAI's request and response shapes at a per-deployment URL with an
 * api-version, authenticated by an `api-key` header. Replies, streams and errors are OpenAI's,
 * so those are inherited.
 */
export class AzureAdaptor extends OpenAiAdaptor {
  override chatRequest(ctx: RelayContext, body: Record<string, unknown>): UpstreamCall {
    const outgoing: Record<string, unknown> = { ...body, model: ctx.upstreamModel };
    if (ctx.stream && acceptsStreamOptions(azureApiVersion(ctx))) {
      outgoing.stream_options = { ...((body.stream_options as object) ?? {}), include_usage: true };
    }
    return { url: azureUrl(ctx), headers: azureHeaders(ctx, 'application/json'), body: JSON.stringify(outgoing) };
  }

  override passthroughRequest(ctx: RelayContext, body: UpstreamBody, contentType: string | undefined): UpstreamCall {
    return { url: azureUrl(ctx), headers: azureHeaders(ctx, contentType), body };
  }
}

const PASSTHROUGH_MODES: ReadonlySet<RelayMode> = new Set(['embeddings', 'images', 'speech', 'transcriptions', 'translations', 'image-edits']);

export function azureProvider(): ProviderAdaptor {
  const adaptor = new AzureAdaptor();
  return { chat: adaptor, passthrough: { adaptor, modes: PASSTHROUGH_MODES } };
}
