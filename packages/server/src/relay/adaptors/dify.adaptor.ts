import { usageFromOpenAI, type Usage } from '../billing/usage';
import type { RelayContext } from '../relay-context';
import { RelayError } from '../relay-error';
import type { UpstreamCall } from '../upstream.client';
import type { ChatAdaptor, ChatStreamTranslator, ProviderAdaptor } from './adaptor';
import { toDifyRequest } from './dify-request';
import { DifyStreamTranslator } from './dify-stream';
import { openAiUsage } from './gemini-response';
import { openAiErrorMessage } from './openai.adaptor';

const DEFAULT_BASE_URL = 'https://api.dify.ai';

interface DifyBlockingReply {
  message_id?: string;
  answer?: string;
  metadata?: { usage?: unknown };
}

/**
 * Dify (type 37): a Dify chat app behind its API key (the bearer). The chat is sent as one query
 * (dify-request.ts) to POST /v1/chat-messages, blocking or streaming; the model name only picks
 * the channel, the app decides the model. Errors are `{code, message, status}`, read by the
 * OpenAI reader. Chat only.
 */
export class DifyAdaptor implements ChatAdaptor {
  chatRequest(ctx: RelayContext, body: Record<string, unknown>): UpstreamCall {
    if (ctx.mode !== 'chat') throw new RelayError(400, `该渠道类型不支持此接口（${ctx.mode}）`, 'invalid_request_error', 'unsupported_endpoint');
    return {
      url: `${ctx.channel.baseUrl || DEFAULT_BASE_URL}/v1/chat-messages`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ctx.channel.key}` },
      body: JSON.stringify(toDifyRequest(body, ctx.stream, `user-${ctx.caller.userId}`)),
    };
  }

  chatResponse(ctx: RelayContext, raw: string): { body: string; usage?: Usage; model?: string } {
    const reply = JSON.parse(raw) as DifyBlockingReply;
    if (typeof reply.answer !== 'string') throw new Error('Dify reply without an answer');
    const usage = usageFromOpenAI(reply.metadata?.usage);
    const completion = {
      id: `chatcmpl-${reply.message_id ?? ctx.requestId}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: ctx.upstreamModel,
      choices: [{ index: 0, message: { role: 'assistant', content: reply.answer }, finish_reason: 'stop' }],
      ...(usage ? { usage: openAiUsage(usage) } : {}),
    };
    return { body: JSON.stringify(completion), usage, model: ctx.upstreamModel };
  }

  chatStream(ctx: RelayContext): ChatStreamTranslator {
    return new DifyStreamTranslator(ctx.upstreamModel, ctx.clientWantsUsage);
  }

  errorMessage(raw: string): string {
    return openAiErrorMessage(raw);
  }
}

export function difyProvider(): ProviderAdaptor {
  return { chat: new DifyAdaptor() };
}
