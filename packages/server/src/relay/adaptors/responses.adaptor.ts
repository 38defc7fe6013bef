import { usageFromOpenAI, type Usage } from '../billing/usage';
import type { RelayContext } from '../relay-context';
import type { UpstreamCall } from '../upstream.client';
import type { ChatAdaptor, NamedEvent, StreamTranslator } from './adaptor';
import { azureApiVersion, azureHeaders } from './azure.adaptor';
import { openAiErrorMessage, openAiHeaders } from './openai.adaptor';
import { openAiApiUrl } from './openai-paths';
import { ResponsesPassthroughStream } from './responses-passthrough-stream';

/** The client's Responses body for the channel: as it came, with the mapped model. */
const withModel = (body: Record<string, unknown>, model: string): string => JSON.stringify(body.model === model ? body : { ...body, model });

/**
 * The first dated Azure API version with the Responses API (at /openai/responses?api-version=…);
 * a channel on an older version, or on none, uses Azure's v1 API (/openai/v1/responses), which
 * takes no api-version.
 */
const FIRST_AZURE_VERSION_WITH_RESPONSES = '2025-03-01';

/** Azure's Responses endpoint: not per deployment; the deployment is the body's model. */
export function azureResponsesUrl(ctx: RelayContext): string {
  const version = azureApiVersion(ctx);
  const date = /^\d{4}-\d{2}-\d{2}/.exec(version)?.[0];
  if (date && date >= FIRST_AZURE_VERSION_WITH_RESPONSES) return `${ctx.channel.baseUrl}/openai/responses?api-version=${encodeURIComponent(version)}`;
  return `${ctx.channel.baseUrl}/openai/v1/responses`;
}

/**
 * OpenAI's Responses API passed through (DESIGN.md §5.0) to a channel that speaks it: OpenAI
 * (type 1) and Azure (type 3). The request goes upstream as the client sent it, previous_response_id
 * and store included, with the mapped model; replies and stream events come back unchanged, their
 * usage read on the way for billing.
 */
export class ResponsesAdaptor implements ChatAdaptor<NamedEvent> {
  constructor(private readonly endpoint: (ctx: RelayContext) => Pick<UpstreamCall, 'url' | 'headers'>) {}

  chatRequest(ctx: RelayContext, body: Record<string, unknown>): UpstreamCall {
    return { ...this.endpoint(ctx), body: withModel(body, ctx.upstreamModel) };
  }

  chatResponse(_ctx: RelayContext, raw: string): { body: string; usage?: Usage; model?: string } {
    const reply = JSON.parse(raw) as { object?: unknown; usage?: unknown; model?: unknown };
    if (reply.object !== 'response') throw new Error('not a Responses API response');
    return { body: raw, usage: usageFromOpenAI(reply.usage), model: typeof reply.model === 'string' ? reply.model : undefined };
  }

  chatStream(): StreamTranslator<NamedEvent> {
    return new ResponsesPassthroughStream();
  }

  errorMessage(raw: string): string {
    return openAiErrorMessage(raw);
  }
}

export const openAiResponsesAdaptor = (): ResponsesAdaptor =>
  new ResponsesAdaptor((ctx) => ({ url: openAiApiUrl(ctx.channel, 'responses'), headers: openAiHeaders(ctx, 'application/json') }));

export const azureResponsesAdaptor = (): ResponsesAdaptor => new ResponsesAdaptor((ctx) => ({ url: azureResponsesUrl(ctx), headers: azureHeaders(ctx, 'application/json') }));
