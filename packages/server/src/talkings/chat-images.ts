import { type ChatContentPart, type ChatUserContent, textOfContent } from '@gw/shared';
import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import { RelayError } from '../relay/relay-error';
import { StorageService } from '../storage/storage.service';
import { ChatFileEntity } from './chat-file.entity';
import type { ModelMessage } from './chat-history';

export const MSG_CHAT_IMAGE_NOT_FOUND = '图片不存在';
export const MSG_CHAT_IMAGE_URL_INVALID = '图片地址必须是本站上传的图片或 https 地址';

type ImagePart = Extract<ChatContentPart, { type: 'image_url' }>;
const isImage = (part: ChatContentPart): part is ImagePart => part.type === 'image_url';

const PROBE = 'probe';

/**
 * The images of compare chat messages. A message may show the user's own chat uploads (by their
 * storage URL) or any https image. A model that sees images gets own uploads inline as data URLs —
 * the upstream cannot reach this host's /uploads — and https images as they are; a text-only model
 * gets the text alone.
 */
@Injectable()
export class ChatImages {
  private readonly logger = new Logger(ChatImages.name);

  constructor(
    private readonly storage: StorageService,
    @InjectRepository(ChatFileEntity) private readonly files: Repository<ChatFileEntity>,
  ) {}

  /** The storage key a URL names, when it is a storage URL. */
  keyOf(url: string): string | undefined {
    const prefix = this.storage.urlOf(PROBE).slice(0, -PROBE.length);
    return url.startsWith(prefix) && url.length > prefix.length ? url.slice(prefix.length) : undefined;
  }

  /** Refuses an image the user may not send: another user's upload answers like a missing one. */
  async check(userId: number, content: ChatUserContent): Promise<void> {
    if (typeof content === 'string') return;
    const keys: string[] = [];
    for (const part of content.filter(isImage)) {
      const key = this.keyOf(part.image_url.url);
      if (key !== undefined) keys.push(key);
      else if (!part.image_url.url.startsWith('https://')) throw new RelayError(400, MSG_CHAT_IMAGE_URL_INVALID);
    }
    if (keys.length === 0) return;
    const own = await this.files.find({ where: { user_id: userId, key: In(keys) }, select: { key: true } });
    const ownKeys = new Set(own.map((file) => file.key));
    if (keys.some((key) => !ownKeys.has(key))) throw new RelayError(404, MSG_CHAT_IMAGE_NOT_FOUND);
  }

  /** The messages as `model` is sent them (`viewable`: the model accepts images). */
  async forModel(userId: number, messages: ModelMessage[], viewable: boolean): Promise<Array<{ role: string; content: unknown }>> {
    const inline = viewable ? await this.inlineUploads(userId, messages) : new Map<string, string>();
    return messages.map((message) => {
      if (message.role === 'assistant' || typeof message.content === 'string') return message;
      if (!viewable) return { role: 'user', content: textOfContent(message.content) };
      const parts: unknown[] = [];
      for (const part of message.content) {
        if (!isImage(part)) {
          parts.push(part);
          continue;
        }
        const key = this.keyOf(part.image_url.url);
        const url = key === undefined ? part.image_url.url : inline.get(key);
        // An upload gone since (deleted, or another user's in an old row) is left out.
        if (url) parts.push({ type: 'image_url', image_url: { url, detail: 'auto' } });
      }
      return { role: 'user', content: parts };
    });
  }

  /** Data URLs of the user's own uploads shown in `messages`, read once each. */
  private async inlineUploads(userId: number, messages: ModelMessage[]): Promise<Map<string, string>> {
    const keys = new Set<string>();
    for (const message of messages) {
      if (message.role !== 'user' || typeof message.content === 'string') continue;
      for (const part of message.content.filter(isImage)) {
        const key = this.keyOf(part.image_url.url);
        if (key !== undefined) keys.add(key);
      }
    }
    const inline = new Map<string, string>();
    if (keys.size === 0) return inline;
    const files = await this.files.find({ where: { user_id: userId, key: In([...keys]) } });
    for (const file of files) {
      try {
        const chunks: Buffer[] = [];
        for await (const chunk of await this.storage.read(file.key)) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
        inline.set(file.key, `data:${file.type};base64,${Buffer.concat(chunks).toString('base64')}`);
      } catch (error) {
        this.logger.warn(`Chat upload ${file.key} could not be read: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return inline;
  }
}
