import type { ChatUploadView, ChatUserContent } from '@gw/shared';

/** A user message as sent: the text alone, or parts with the images (spec 3 §3 User message). */
export function messageContent(text: string, images: readonly ChatUploadView[]): ChatUserContent {
  if (images.length === 0) return text;
  return [
    ...(text ? [{ type: 'text' as const, text }] : []),
    ...images.map((image) => ({ type: 'image_url' as const, image_url: { url: image.oss_url, detail: 'auto' as const } })),
  ];
}
