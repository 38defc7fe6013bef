import { CHAT_MAX_IMAGES, CHAT_QUERY_MAX_CHARS, type ChatContentPart, type ChatUserContent, MSG_CHAT_MESSAGE_REQUIRED, textOfContent } from '@gw/shared';
import { RelayError } from '../relay/relay-error';

export const MSG_CHAT_QUERY_TOO_LONG = `消息内容不能超过 ${CHAT_QUERY_MAX_CHARS} 个字符`;
export const MSG_CHAT_TOO_MANY_IMAGES = `每条消息最多 ${CHAT_MAX_IMAGES} 张图片`;
export const MSG_CHAT_CONTENT_INVALID = '消息内容格式无效：应为文本，或 text 与 image_url 组成的列表';
const IMAGE_URL_MAX_LENGTH = 2048;

const refuse = (message: string) => new RelayError(400, message);

function partOf(value: unknown): ChatContentPart {
  const part = value as { type?: unknown; text?: unknown; image_url?: { url?: unknown } } | null;
  if (part && part.type === 'text' && typeof part.text === 'string') return { type: 'text', text: part.text };
  const url = part?.type === 'image_url' ? part.image_url?.url : undefined;
  if (typeof url === 'string' && url.length > 0 && url.length <= IMAGE_URL_MAX_LENGTH) return { type: 'image_url', image_url: { url } };
  throw refuse(MSG_CHAT_CONTENT_INVALID);
}

/**
 * The new query of a compare chat call: the last user message of what the client sent, as text or
 * as text and image parts (anything else in a part is dropped). Refused when it holds neither text
 * nor an image, when its text is longer than CHAT_QUERY_MAX_CHARS or when it shows more than
 * CHAT_MAX_IMAGES images.
 */
export function chatQueryOf(messages: readonly unknown[]): ChatUserContent {
  const last = [...messages].reverse().find((message) => (message as { role?: unknown } | null)?.role === 'user') as { content?: unknown } | undefined;
  const content = last?.content;
  let query: ChatUserContent;
  if (typeof content === 'string') query = content;
  else if (Array.isArray(content)) query = content.map(partOf);
  else throw refuse(last ? MSG_CHAT_CONTENT_INVALID : MSG_CHAT_MESSAGE_REQUIRED);
  const text = textOfContent(query);
  const images = typeof query === 'string' ? 0 : query.filter((part) => part.type === 'image_url').length;
  if (text.trim() === '' && images === 0) throw refuse(MSG_CHAT_MESSAGE_REQUIRED);
  if (text.length > CHAT_QUERY_MAX_CHARS) throw refuse(MSG_CHAT_QUERY_TOO_LONG);
  if (images > CHAT_MAX_IMAGES) throw refuse(MSG_CHAT_TOO_MANY_IMAGES);
  return query;
}
