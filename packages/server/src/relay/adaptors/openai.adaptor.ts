import { usageFromOpenAI } from '../billing/usage';
import type { RelayContext, RelayMode } from '../relay-context';
import type { UpstreamBody, UpstreamCall } from '../upstream.client';
import type { ChatAdaptor, ChatStreamTranslator, PassthroughAdaptor, ProviderAdaptor } from './adaptor';
import { OpenAiStreamTranslator } from './openai-stream';
import { openAiBearer, openAiUrl } from './openai-paths';

/** Reads OpenAI's error body (`{error: {message}}`), or falls back to the raw text. */
export function openAiErrorMessage(raw: string): string {
  try {
    const body = JSON.parse(raw) as { error?: { message?: unknown } | string; message?: unknown };
    if (typeof body.error === 'object' && typeof body.error?.message === 'string') return body.error.message;
    if (typeof body.error === 'string') return body.error;
    if (typeof body.message === 'string') return body.message;
  } catch {
    // not JSON
  }
  return raw.slice(0, 500) || 'upstream error';
}

/** The headers of an OpenAI-compatible call: the bearer key, the organization when the channel sets one. */
export function openAiHeaders(ctx: RelayContext, contentType: string | undefined): Record<string, string> {
  const result: Record<string, string> = { authorization: `Bearer ${openAiBearer(ctx.channel)}` };
  if (contentType) result['content-type'] = contentType;
  if (ctx.channel.organization) result['openai-organization'] = ctx.channel.organization;
  return result;
}

/**
 * The OpenAI-compatible family: OpenAI and every provider speaking its format (DESIGN.md §5.4).
 * Requests go out as the client sent them, with the mapped model; streams pass through.
 */
export class OpenAiAdaptor implements ChatAdaptor, PassthroughAdaptor {
  chatRequest(ctx: RelayContext, body: Record<string, unknown>): UpstreamCall {
    const outgoing: Record<string, unknown> = { ...body, model: ctx.upstreamModel };
    // Ask for usage in streams, so that billing uses the provider's own count.
    if (ctx.stream) outgoing.stream_options = { ...((body.stream_options as object) ?? {}), include_usage: true };
    return { url: openAiUrl(ctx.channel, ctx.mode, ctx.upstreamModel), headers: openAiHeaders(ctx, 'application/json'), body: JSON.stringify(outgoing) };
  }

  chatResponse(_ctx: RelayContext, raw: string): { body: string; usage?: ReturnType<typeof usageFromOpenAI>; model?: string } {
    const parsed = JSON.parse(raw) as { usage?: unknown; model?: unknown };
    return { body: raw, usage: usageFromOpenAI(parsed.usage), model: typeof parsed.model === 'string' ? parsed.model : undefined };
  }

  chatStream(ctx: RelayContext): ChatStreamTranslator {
    return new OpenAiStreamTranslator(ctx.clientWantsUsage);
  }

  passthroughRequest(ctx: RelayContext, body: UpstreamBody, contentType: string | undefined): UpstreamCall {
    return { url: openAiUrl(ctx.channel, ctx.mode, ctx.upstreamModel), headers: openAiHeaders(ctx, contentType), body };
  }

  errorMessage(raw: string): string {
    return openAiErrorMessage(raw);
  }
}

export const OPENAI_PASSTHROUGH_MODES: ReadonlySet<RelayMode> = new Set(['embeddings', 'images', 'moderations', 'rerank', 'speech', 'transcriptions', 'translations', 'image-edits']);

export function openAiProvider(): ProviderAdaptor {
  const adaptor = new OpenAiAdaptor();
  return { chat: adaptor, passthrough: { adaptor, modes: OPENAI_PASSTHROUGH_MODES } };
}
