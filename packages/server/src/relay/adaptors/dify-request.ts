import { isObject, type Json } from '../json';
import { RelayError } from '../relay-error';
import { contentText } from './openai-content';

/** A file of a Dify chat message: images are passed by URL (remote_url). */
export interface DifyFile {
  type: 'image';
  transfer_mode: 'remote_url';
  url: string;
}

/** Dify's chat app API (POST /v1/chat-messages). */
export interface DifyChatRequest {
  inputs: Record<string, unknown>;
  query: string;
  response_mode: 'streaming' | 'blocking';
  user: string;
  conversation_id: string;
  files?: DifyFile[];
}

const LABELS: Record<string, string> = { system: 'SYSTEM', developer: 'SYSTEM', assistant: 'ASSISTANT', tool: 'TOOL' };

/** The http(s) images of a message; Dify takes no inline data, so a data: URL is refused. */
function images(content: unknown): DifyFile[] {
  if (!Array.isArray(content)) return [];
  return content
    .filter((part): part is Json => isObject(part) && part.type === 'image_url' && isObject(part.image_url))
    .map((part) => {
      const url = String((part.image_url as Json).url ?? '');
      if (!/^https?:\/\//i.test(url)) throw new RelayError(400, 'Dify 渠道只支持以 http(s) 地址传入的图片', 'invalid_request_error', 'unsupported_image');
      return { type: 'image', transfer_mode: 'remote_url', url };
    });
}

/**
 * OpenAI chat messages as one Dify query. A Dify app keeps its own conversation state, and the
 * relay starts a new conversation every time; so, as new-api does, the system prompt and the
 * history go into the query as labelled text ("SYSTEM:", "USER:", "ASSISTANT:"). A lone user
 * message is sent as it is.
 */
export function difyQuery(messages: unknown[]): string {
  const turns = messages.filter(isObject);
  if (turns.length === 1 && (turns[0].role ?? 'user') === 'user') return contentText(turns[0].content);
  return turns.map((message) => `${LABELS[String(message.role)] ?? 'USER'}: \n${contentText(message.content)}\n`).join('');
}

/** An OpenAI chat request as a Dify chat-messages request; `user` identifies the end user to Dify. */
export function toDifyRequest(body: Json, stream: boolean, fallbackUser: string): DifyChatRequest {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const files = messages.filter(isObject).flatMap((message) => images(message.content));
  return {
    inputs: {},
    query: difyQuery(messages),
    response_mode: stream ? 'streaming' : 'blocking',
    user: typeof body.user === 'string' && body.user ? body.user : fallbackUser,
    conversation_id: '',
    ...(files.length > 0 ? { files } : {}),
  };
}
