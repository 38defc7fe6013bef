import { isObject } from '../json';

/** The text of an OpenAI message content: the string, or its text parts joined (other parts dropped). */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const texts = content.map((part) => (typeof part === 'string' ? part : isObject(part) && typeof part.text === 'string' ? part.text : undefined));
  return texts.filter((text) => text !== undefined).join('\n');
}
